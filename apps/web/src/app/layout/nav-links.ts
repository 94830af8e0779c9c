/**
 * The app's links, for the desktop bar and the phone's menu. Signed in: the home screen and the
 * money moves first, the profile last; signed out: the spec's menu (spec §2).
 */
export function primaryLinks(signedIn: boolean) {
  return signedIn ? SIGNED_IN : SIGNED_OUT;
}

const SIGNED_IN = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/pay', key: 'nav.pay' },
  { to: '/moneymover', key: 'nav.sendRequest' },
  { to: '/billpay', key: 'nav.billPay' },
  { to: '/profile', key: 'nav.profile' },
] as const;

const SIGNED_OUT = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/moneymover', key: 'nav.sendRequest' },
  { to: '/', key: 'nav.home' },
  { to: '/billpay', key: 'nav.billPay' },
] as const;

/**
 * The app's links, for the desktop bar and the phone's menu: signed in, the home screen and the
 * money moves first, the profile last; signed out, the spec's menu (spec §2).
 */
export function primaryLinks(signedIn: boolean) {
  return signedIn ? SIGNED_IN_LINKS : SIGNED_OUT;
}

export const SIGNED_IN_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/pay', key: 'nav.pay' },
  { to: '/send-home', key: 'nav.sendHome' },
  { to: '/moneymover', key: 'nav.sendRequest' },
  { to: '/billpay', key: 'nav.billPay' },
  { to: '/card', key: 'nav.card' },
  { to: '/profile', key: 'nav.profile' },
] as const;

const SIGNED_OUT = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/moneymover', key: 'nav.sendRequest' },
  { to: '/send-home', key: 'nav.sendHome' },
  { to: '/', key: 'nav.home' },
  { to: '/billpay', key: 'nav.billPay' },
] as const;

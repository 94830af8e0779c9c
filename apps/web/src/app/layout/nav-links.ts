/**
 * The app's links, for the desktop bar and the phone's menu. Signed in: where money moves first
 * (one "Enviar" for every way of sending, at `/send`), then the account's own pages. Signed out:
 * the public pages; signing in and creating an account come before them, as their own buttons.
 */
export type NavLinkItem = { to: string; key: string };

export const MONEY_LINKS: readonly NavLinkItem[] = [
  { to: '/dashboard', key: 'nav.home' },
  { to: '/send', key: 'nav.send' },
  { to: '/moneymover?tab=request', key: 'nav.request' },
  { to: '/billpay', key: 'nav.billPay' },
  { to: '/card', key: 'nav.card' },
  { to: '/activity', key: 'nav.activity' },
];

/** The desktop's profile menu and the end of the phone's menu. */
export const ACCOUNT_LINKS: readonly NavLinkItem[] = [
  { to: '/profile', key: 'nav.profile' },
  { to: '/security', key: 'nav.security' },
  { to: '/notifications', key: 'nav.notifications' },
];

export const SIGNED_OUT_LINKS: readonly NavLinkItem[] = [
  { to: '/', key: 'nav.home' },
  { to: '/send', key: 'nav.send' },
  { to: '/billpay', key: 'nav.billPay' },
];

export function primaryLinks(signedIn: boolean): readonly NavLinkItem[] {
  return signedIn ? MONEY_LINKS : SIGNED_OUT_LINKS;
}

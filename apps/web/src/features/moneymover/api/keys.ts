/**
 * Query keys. The wallet panel (dashboard) and bill pay use the same 'wallet' keys for the
 * balance, limits and activity, so a money move here refreshes them wherever they are shown.
 */
export const moneyKeys = {
  wallet: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  limits: ['wallet', 'limits'] as const,
  requests: ['requests'] as const,
  incoming: ['requests', 'incoming'] as const,
  outgoing: ['requests', 'outgoing'] as const,
  bankAccount: ['bank', 'account'] as const,
  transfer: (id: string) => ['wallet', 'transfer', id] as const,
};

import type { Balance, Limits, TransferReceipt } from '@pago/shared/contracts/money';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * The query keys of the money every feature shows: one set, so a money move anywhere
 * (send, request, bank, bill, test deposit) refreshes the balance, limits, activity and
 * requests wherever they are on screen.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  limits: ['wallet', 'limits'] as const,
  activity: ['wallet', 'activity'] as const,
  transfer: (id: string) => ['wallet', 'transfer', id] as const,
  requests: ['requests'] as const,
  incoming: ['requests', 'incoming'] as const,
  outgoing: ['requests', 'outgoing'] as const,
  bankAccount: ['bank', 'account'] as const,
};

/** The ledger's available balance: the one source every screen shows it from. */
export function useBalance(enabled = true) {
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: ({ signal }) => apiFetch<Balance>('/api/wallet/balance', { signal }),
    enabled,
  });
}

/** The room left under the limits (per transfer, today, this month); refreshed after money moves. */
export function useLimits() {
  return useQuery({
    queryKey: walletKeys.limits,
    queryFn: ({ signal }) => apiFetch<Limits>('/api/limits', { signal }),
  });
}

/** A transfer's receipt, polled while its payout is under way. */
export function useReceipt(id: string | null) {
  return useQuery({
    queryKey: walletKeys.transfer(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<TransferReceipt>(`/api/transactions/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2000 : false),
  });
}

/** After money moved: balance, limits, activity and requests are stale everywhere. */
export function invalidateMoney(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: walletKeys.all });
  void client.invalidateQueries({ queryKey: walletKeys.requests });
}

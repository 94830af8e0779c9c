import type { Balance, Limits, TransferReceipt } from '@pago/shared/contracts/money';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { moneyKeys } from './keys';

export function useBalance(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.balance,
    queryFn: ({ signal }) => apiFetch<Balance>('/api/wallet/balance', { signal }),
    enabled,
  });
}

/** The room left under the limits (per transfer, today, this month); refreshed after money moves. */
export function useLimits() {
  return useQuery({
    queryKey: moneyKeys.limits,
    queryFn: ({ signal }) => apiFetch<Limits>('/api/limits', { signal }),
  });
}

/** A transfer's receipt, polled while its payout is under way. */
export function useTransferReceipt(id: string | null) {
  return useQuery({
    queryKey: moneyKeys.transfer(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<TransferReceipt>(`/api/transactions/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2000 : false),
  });
}

/** After money moved: balance, limits, activity and requests are stale everywhere. */
export function invalidateMoney(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: moneyKeys.wallet });
  void client.invalidateQueries({ queryKey: moneyKeys.requests });
}

import type { Balance, TransferReceipt } from '@pago/shared/contracts/money';
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

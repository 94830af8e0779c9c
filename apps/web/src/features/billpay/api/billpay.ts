import type {
  Balance,
  Biller,
  BillPaymentBody,
  Limits,
  Transfer,
} from '@pago/shared/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';

// The 'wallet' keys are shared with the money mover and the dashboard's wallet panel: paying a
// bill refreshes the balance, limits and activity wherever they are shown.
const WALLET = ['wallet'] as const;
const BALANCE = ['wallet', 'balance'] as const;
const LIMITS = ['wallet', 'limits'] as const;

export function useBillers(paymentType: string | null) {
  return useQuery({
    queryKey: ['billers', paymentType],
    queryFn: ({ signal }) =>
      apiFetch<Biller[]>(`/api/billers?paymentType=${encodeURIComponent(paymentType ?? '')}`, {
        signal,
      }),
    enabled: paymentType !== null,
    staleTime: 60 * 60_000,
  });
}

export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: BALANCE,
    queryFn: ({ signal }) => apiFetch<Balance>('/api/wallet/balance', { signal }),
    enabled,
  });
}

/** The room left under the limits: a bill payment counts toward them like any outgoing money. */
export function useLimits() {
  return useQuery({
    queryKey: LIMITS,
    queryFn: ({ signal }) => apiFetch<Limits>('/api/limits', { signal }),
  });
}

export function usePayBill() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: BillPaymentBody) =>
      apiFetch<Transfer>('/api/unit/bill-payment', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      }),
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET }),
  });
}

import type { Biller, BillPaymentBody, Transfer } from '@pago/shared/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateMoney } from '@/lib/wallet';

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
    onSuccess: () => invalidateMoney(client),
  });
}

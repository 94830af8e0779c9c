import type { Biller, BillPaymentBody } from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation } from '@/lib/wallet';

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
  return useMoneyMutation<BillPaymentBody, Transfer>({
    request: (body) => ({ path: '/api/unit/bill-payment', body }),
  });
}

import type {
  Biller,
  BillPaymentBody,
  BillPaymentView,
  BillSchedule,
  BillScheduleBody,
} from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

/** The biller directory: one bill type's billers, or a search by name within a category. */
export function useBillers(
  filter: { paymentType?: string | null; query?: string; category?: string | null },
  enabled = true,
) {
  const params = new URLSearchParams();
  if (filter.paymentType) params.set('paymentType', filter.paymentType);
  if (filter.query?.trim()) params.set('query', filter.query.trim());
  if (filter.category) params.set('category', filter.category);
  const search = params.toString();
  return useQuery({
    queryKey: ['billers', search],
    queryFn: ({ signal }) => apiFetch<Biller[]>(`/api/billers?${search}`, { signal }),
    enabled,
    staleTime: 60 * 60_000,
  });
}

const BILLPAY_KEYS = [['billpay-schedules'], ['billpay-payments']];

function refreshBillPay(client: ReturnType<typeof useQueryClient>) {
  for (const queryKey of BILLPAY_KEYS) void client.invalidateQueries({ queryKey });
}

export function usePayBill() {
  return useMoneyMutation<BillPaymentBody, Transfer>({
    request: (body) => ({ path: '/api/unit/bill-payment', body }),
    onSuccess: (_result, client) => {
      invalidateMoney(client);
      refreshBillPay(client);
    },
  });
}

export function useScheduleBill() {
  return useMoneyMutation<BillScheduleBody, BillSchedule>({
    request: (body) => ({ path: '/api/billpay/schedules', body }),
    onSuccess: (_result, client) => refreshBillPay(client),
  });
}

export function useSchedules(enabled: boolean) {
  return useQuery({
    queryKey: ['billpay-schedules'],
    queryFn: ({ signal }) => apiFetch<BillSchedule[]>('/api/billpay/schedules', { signal }),
    enabled,
  });
}

export function useBillPayments(enabled: boolean) {
  return useQuery({
    queryKey: ['billpay-payments'],
    queryFn: ({ signal }) => apiFetch<BillPaymentView[]>('/api/billpay/payments', { signal }),
    enabled,
  });
}

export function useCancelSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<BillSchedule>(`/api/billpay/schedules/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
      }),
    onSuccess: () => refreshBillPay(client),
  });
}

/** Cancels a check not yet printed: the money comes back. */
export function useCancelCheck() {
  return useMoneyMutation<string, BillPaymentView>({
    request: (id) => ({
      path: `/api/billpay/payments/${encodeURIComponent(id)}/cancel`,
      body: {},
      operation: { cancelCheck: id },
    }),
    onSuccess: (_result, client) => {
      invalidateMoney(client);
      refreshBillPay(client);
    },
  });
}

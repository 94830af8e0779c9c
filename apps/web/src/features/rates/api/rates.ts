import type {
  RateAlert,
  RateAlertBody,
  RateOrder,
  RateOrderBody,
  RateOrderList,
} from '@pago/shared/contracts/rates';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

const keys = {
  alerts: ['rate-alerts'] as const,
  orders: ['wallet', 'rate-orders'] as const,
};

export function useRateAlerts() {
  return useQuery({
    queryKey: keys.alerts,
    queryFn: ({ signal }) =>
      apiFetch<{ items: RateAlert[] }>('/api/rate-alerts', { signal }).then((r) => r.items),
  });
}

export function useCreateRateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateAlertBody) =>
      apiFetch<RateAlert>('/api/rate-alerts', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.alerts }),
  });
}

export function useDeleteRateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ removed: true }>(`/api/rate-alerts/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.alerts }),
  });
}

export function useRateOrders() {
  return useQuery({
    queryKey: keys.orders,
    queryFn: ({ signal }) => apiFetch<RateOrderList>('/api/rate-orders', { signal }),
  });
}

/** Orders a send at a target rate: the money is reserved from the balance at once. */
export function useCreateRateOrder() {
  return useMoneyMutation<RateOrderBody, RateOrder>({
    request: (body) => ({ path: '/api/rate-orders', body }),
    onSuccess: (_order, client) => invalidateMoney(client),
  });
}

export function useCancelRateOrder() {
  return useMoneyMutation<string, RateOrder>({
    request: (id) => ({
      path: `/api/rate-orders/${encodeURIComponent(id)}/cancel`,
      body: {},
      operation: { cancel: id },
    }),
  });
}

/** The saved recipients abroad a rate order may pay (the same list the send-home flow reads). */
export function useSavedRecipients() {
  return useQuery({
    queryKey: ['recipients'],
    queryFn: ({ signal }) =>
      apiFetch<{ items: Recipient[] }>('/api/recipients', { signal }).then((r) => r.items),
  });
}

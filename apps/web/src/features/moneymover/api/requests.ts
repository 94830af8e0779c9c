import type { CreateRequestBody, MoneyRequest } from '@pago/shared/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { moneyKeys } from './keys';
import { invalidateMoney } from './wallet';

export type RequestAction = 'pay' | 'decline' | 'cancel';

export function useIncomingRequests() {
  return useQuery({
    queryKey: moneyKeys.incoming,
    queryFn: ({ signal }) => apiFetch<MoneyRequest[]>('/api/requests/incoming', { signal }),
  });
}

export function useOutgoingRequests() {
  return useQuery({
    queryKey: moneyKeys.outgoing,
    queryFn: ({ signal }) => apiFetch<MoneyRequest[]>('/api/requests/outgoing', { signal }),
  });
}

export function useCreateRequest() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: CreateRequestBody) =>
      apiFetch<MoneyRequest>('/api/requests/create', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      }),
    onSettled: (_data, error) => keys.settle(error),
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.outgoing }),
  });
}

/** Pay or decline a request made to you, or cancel one you made. */
export function useRequestAction() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RequestAction }) =>
      apiFetch<MoneyRequest>(`/api/requests/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': keys.keyFor({ id, action }) },
      }),
    onSettled: (_data, error) => {
      keys.settle(error);
      // A refusal such as request_not_pending means the list on screen is out of date too.
      invalidateMoney(client);
    },
  });
}

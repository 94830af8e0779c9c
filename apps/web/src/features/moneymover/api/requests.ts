import type {
  CreateRequestBody,
  MoneyRequest,
  MoneyRequestList,
} from '@pago/shared/contracts/money';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateMoney, walletKeys } from '@/lib/wallet';

export type RequestAction = 'pay' | 'decline' | 'cancel';

export const REQUESTS_PAGE_SIZE = 10;

/** One side of the inbox, newest first, a page at a time ("Load more"). */
function useRequestPages(side: 'incoming' | 'outgoing') {
  return useInfiniteQuery({
    queryKey: side === 'incoming' ? walletKeys.incoming : walletKeys.outgoing,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(REQUESTS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<MoneyRequestList>(`/api/requests/${side}?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useIncomingRequests() {
  return useRequestPages('incoming');
}

export function useOutgoingRequests() {
  return useRequestPages('outgoing');
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
    onSuccess: () => void client.invalidateQueries({ queryKey: walletKeys.outgoing }),
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

import type {
  CreateRequestBody,
  MoneyRequest,
  MoneyRequestList,
} from '@pago/shared/contracts/requests';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation, walletKeys } from '@/lib/wallet';

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

/** One request the user made or was asked to pay (the pay-a-request page). */
export function useMoneyRequest(id: string) {
  return useQuery({
    queryKey: [...walletKeys.requests, 'one', id],
    queryFn: ({ signal }) =>
      apiFetch<MoneyRequest>(`/api/requests/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useCreateRequest() {
  return useMoneyMutation<CreateRequestBody, MoneyRequest>({
    request: (body) => ({ path: '/api/requests/create', body }),
    // Nothing moved yet: only the requests you made change.
    onSuccess: (_request, client) =>
      void client.invalidateQueries({ queryKey: walletKeys.outgoing }),
  });
}

/** Pay or decline a request made to you, or cancel one you made. */
export function useRequestAction() {
  return useMoneyMutation<{ id: string; action: RequestAction }, MoneyRequest>({
    request: ({ id, action }) => ({
      path: `/api/requests/${encodeURIComponent(id)}/${action}`,
      body: {},
      operation: { id, action },
    }),
    // A refusal such as request_not_pending means the list on screen is out of date too.
    onError: (_failure, client) => invalidateMoney(client),
  });
}

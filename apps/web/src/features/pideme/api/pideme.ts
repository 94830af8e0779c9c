import type {
  CreatePidemeRequestBody,
  PidemeLink,
  PidemeRequest,
  PidemeRequestDetail,
  PublicPideme,
  PublicPidemeRequest,
} from '@pago/shared/contracts/pideme';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { getStoredToken } from '@/lib/session-storage';
import { useMoneyMutation } from '@/lib/wallet';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

export const pidemeKeys = {
  links: (recipientId: string) => ['pideme', 'links', recipientId] as const,
  requests: ['pideme', 'requests'] as const,
  request: (id: string) => ['pideme', 'requests', id] as const,
  public: (token: string) => ['pideme', 'public', token] as const,
};

/** The recipient's link that works now, if any (one per recipient). */
export function usePidemeLink(recipientId: string) {
  return useQuery({
    queryKey: pidemeKeys.links(recipientId),
    queryFn: async ({ signal }) => {
      const list = await apiFetch<{ items: PidemeLink[] }>(
        `/api/pideme-links?recipientId=${encodeURIComponent(recipientId)}`,
        { signal },
      );
      return list.items[0] ?? null;
    },
  });
}

export function useCreatePidemeLink(recipientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<PidemeLink>('/api/pideme-links', { method: 'POST', body: { recipientId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: pidemeKeys.links(recipientId) }),
  });
}

export function useRevokePidemeLink(recipientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<PidemeLink>(`/api/pideme-links/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: pidemeKeys.links(recipientId) }),
  });
}

export function usePidemeRequests() {
  return useQuery({
    queryKey: pidemeKeys.requests,
    queryFn: ({ signal }) =>
      apiFetch<{ items: PidemeRequest[] }>('/api/pideme-requests', { signal }),
  });
}

/** A request with the live quote while it waits (the partner's price now). */
export function usePidemeRequest(id: string) {
  return useQuery({
    queryKey: pidemeKeys.request(id),
    queryFn: ({ signal }) =>
      apiFetch<PidemeRequestDetail>(`/api/pideme-requests/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The photo of the bill, read with the session (an <img> cannot send it) as an object URL. */
export function usePidemePhoto(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...pidemeKeys.request(id), 'photo'],
    enabled,
    queryFn: async ({ signal }) => {
      const token = getStoredToken();
      const response = await fetch(
        `${BASE_URL}/api/pideme-requests/${encodeURIComponent(id)}/photo`,
        { headers: token ? { authorization: `Bearer ${token}` } : {}, signal },
      );
      if (!response.ok) throw new ApiError(response.status, 'not_found', 'No photo');
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Pay (one money POST, at the total shown) or decline a request. */
export function usePayPidemeRequest(id: string) {
  return useMoneyMutation<{ totalCents: number }, PidemeRequest>({
    request: (body) => ({ path: `/api/pideme-requests/${encodeURIComponent(id)}/pay`, body }),
  });
}

export function useDeclinePidemeRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<PidemeRequest>(`/api/pideme-requests/${encodeURIComponent(id)}/decline`, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: pidemeKeys.requests }),
  });
}

/** The relative's page, by their link's token (no sign-in). */
export function usePublicPideme(token: string) {
  return useQuery({
    queryKey: pidemeKeys.public(token),
    queryFn: ({ signal }) =>
      apiFetch<PublicPideme>(`/api/public/pideme/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
      }),
    // A request waits for the sender's answer: a read every 15 s is inside the rate limit.
    refetchInterval: (query) =>
      query.state.data?.requests.some(
        (r) => r.status === 'pending' || (r.status === 'paid' && !r.trackingUrl),
      )
        ? 15_000
        : false,
    retry: false,
  });
}

/** The relative's request, then its photo (the image's bytes as the body) if they chose one. */
export function useAskPideme(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photo }: { body: CreatePidemeRequestBody; photo: File | null }) => {
      const base = `/api/public/pideme/${encodeURIComponent(token)}/requests`;
      const created = await apiFetch<PublicPidemeRequest>(base, {
        method: 'POST',
        body,
        auth: false,
      });
      if (photo) {
        const response = await fetch(`${BASE_URL}${base}/${encodeURIComponent(created.id)}/photo`, {
          method: 'PUT',
          headers: { 'content-type': photo.type },
          body: photo,
        });
        if (!response.ok) {
          const data = (await response.json().catch(() => null)) as {
            error?: { code?: string; message?: string };
          } | null;
          throw new ApiError(
            response.status,
            (data?.error?.code ?? 'invalid_image') as 'invalid_image',
            data?.error?.message ?? 'Photo refused',
            { requestCreated: true },
          );
        }
      }
      return created;
    },
    onSettled: () => client.invalidateQueries({ queryKey: pidemeKeys.public(token) }),
  });
}

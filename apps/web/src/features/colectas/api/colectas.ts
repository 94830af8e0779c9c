import type {
  Colecta,
  ColectaList,
  CreateColectaBody,
  InviteBody,
} from '@pago/shared/contracts/colectas';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

export const colectaKeys = {
  all: ['colectas'] as const,
  one: (id: string) => ['colectas', 'one', id] as const,
};

/** The colectas the user organises or was invited to, and what they hold of the user's money. */
export function useColectas() {
  return useQuery({
    queryKey: colectaKeys.all,
    queryFn: ({ signal }) => apiFetch<ColectaList>('/api/colectas', { signal }),
  });
}

/** One colecta, asked again while its remittance is on its way (to show it delivered). */
export function useColecta(id: string) {
  return useQuery({
    queryKey: colectaKeys.one(id),
    queryFn: ({ signal }) =>
      apiFetch<Colecta>(`/api/colectas/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      if (data.status === 'sent' && data.remittance?.status === 'processing') return 3000;
      // Reached its target: the server sends it within seconds.
      if (data.status === 'open' && data.collectedCents >= data.targetCents) return 2000;
      return false;
    },
  });
}

/** The organiser's saved recipients abroad (a colecta goes to one of them). */
export function useSavedRecipients() {
  return useQuery({
    queryKey: ['colectas', 'recipients'],
    queryFn: ({ signal }) => apiFetch<{ items: Recipient[] }>('/api/recipients', { signal }),
  });
}

export function useCreateColecta() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateColectaBody) =>
      apiFetch<Colecta>('/api/colectas', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: colectaKeys.all }),
  });
}

export function useInvite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) =>
      apiFetch<Colecta>(`/api/colectas/${encodeURIComponent(id)}/invites`, {
        method: 'POST',
        body,
      }),
    onSuccess: (colecta) => client.setQueryData(colectaKeys.one(id), colecta),
  });
}

/** A money step on a colecta (contribute, send, cancel): under an Idempotency-Key. */
export function useColectaMoney(id: string) {
  return useMoneyMutation<
    { action: 'contributions' | 'send' | 'cancel'; amountCents?: number },
    Colecta
  >({
    request: ({ action, amountCents }) => ({
      path: `/api/colectas/${encodeURIComponent(id)}/${action}`,
      body: action === 'contributions' ? { amountCents } : {},
      operation: { id, action, amountCents },
    }),
    onSuccess: (colecta, client) => {
      client.setQueryData(colectaKeys.one(id), colecta);
      void client.invalidateQueries({ queryKey: colectaKeys.all });
      invalidateMoney(client);
    },
  });
}

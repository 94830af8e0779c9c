import type {
  PickupLocation,
  Recipient,
  RecipientBody,
  RemittanceTracking,
  SendHomeBody,
} from '@pago/shared/contracts/remittances';
import type { Quote, QuoteBody, Transfer } from '@pago/shared/contracts/transfers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

const keys = {
  recipients: ['recipients'] as const,
  locations: (country: string) => ['recipients', 'locations', country] as const,
  tracking: (id: string) => ['wallet', 'remittance', id] as const,
};

/** A quote for a send home (the same quote every international send takes). */
export function useQuote() {
  return useMutation({
    mutationFn: (body: QuoteBody) =>
      apiFetch<Quote>('/api/transactions/quote', { method: 'POST', body }),
  });
}

export function useRecipients() {
  return useQuery({
    queryKey: keys.recipients,
    queryFn: ({ signal }) =>
      apiFetch<{ items: Recipient[] }>('/api/recipients', { signal }).then((r) => r.items),
  });
}

export function useSaveRecipient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientBody) =>
      apiFetch<Recipient>('/api/recipients', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.recipients }),
  });
}

export function useRemoveRecipient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ removed: true }>(`/api/recipients/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.recipients }),
  });
}

export function usePickupLocations(country: string | null) {
  return useQuery({
    queryKey: keys.locations(country ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ items: PickupLocation[] }>(
        `/api/remittances/pickup-locations?country=${encodeURIComponent(country ?? '')}`,
        { signal },
      ).then((r) => r.items),
    enabled: country !== null,
    staleTime: 10 * 60_000,
  });
}

export function useSendHome() {
  return useMoneyMutation<SendHomeBody, Transfer>({
    request: (body) => ({ path: '/api/remittances', body }),
  });
}

/** A remittance's tracking, asked again while the partner has not finished. */
export function useTracking(id: string) {
  return useQuery({
    queryKey: keys.tracking(id),
    queryFn: ({ signal }) =>
      apiFetch<RemittanceTracking>(`/api/remittances/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.transfer.status === 'processing' ? 2000 : false),
  });
}

export function useCancelRemittance(id: string) {
  return useMoneyMutation<void, Transfer>({
    request: () => ({ path: `/api/remittances/${encodeURIComponent(id)}/cancel`, body: {} }),
    onSuccess: (_result, client) => invalidateMoney(client),
  });
}

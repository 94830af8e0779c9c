import type {
  ErrorCase,
  ErrorCaseBody,
  Payer,
  Recipient,
  RecipientBody,
  RemittanceTracking,
  SendHomeBody,
} from '@pago/shared/contracts/remittances';
import type { Quote, QuoteBody, Transfer } from '@pago/shared/contracts/transfers';
import type { PayoutMethod } from '@pago/shared/remittances';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

const keys = {
  recipients: ['recipients'] as const,
  payers: (country: string, method: string) => ['recipients', 'payers', country, method] as const,
  tracking: (id: string) => ['wallet', 'remittance', id] as const,
  cases: ['wallet', 'remittance-cases'] as const,
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

/** Saves a new recipient, or (with `id`) a saved one's new details. */
export function useSaveRecipient(id: string | null = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientBody) =>
      id
        ? apiFetch<Recipient>(`/api/recipients/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<Recipient>('/api/recipients', { method: 'POST', body }),
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

/** Who can pay a recipient of `country` by `method` (the partner's catalogue, through our API). */
export function usePayers(country: string, method: PayoutMethod) {
  return useQuery({
    queryKey: keys.payers(country, method),
    queryFn: ({ signal }) =>
      apiFetch<{ items: Payer[] }>(
        `/api/remittances/payers?${new URLSearchParams({ country, method })}`,
        { signal },
      ).then((r) => r.items),
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

/**
 * Reports a problem with a remittance: a money POST, since its remedy moves money (a refund or a
 * free resend), sent once under its Idempotency-Key as the cancel is.
 */
export function useReportProblem(id: string) {
  return useMoneyMutation<ErrorCaseBody, ErrorCase>({
    request: (body) => ({ path: `/api/remittances/${encodeURIComponent(id)}/cases`, body }),
    onSuccess: (_result, client) => {
      void client.invalidateQueries({ queryKey: keys.tracking(id) });
      void client.invalidateQueries({ queryKey: keys.cases });
    },
  });
}

/** The receipt as a PDF in `language`, fetched with the session as every download is. */
export function downloadReceipt(id: string, language: 'es' | 'en', filename: string) {
  return downloadWithSession(
    `/api/remittances/${encodeURIComponent(id)}/receipt.pdf?lang=${language}`,
    filename,
  );
}

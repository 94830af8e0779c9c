import type {
  PaydayRule,
  PaydayRuleBody,
  PaydayRulePatch,
  PaydayRun,
} from '@pago/shared/contracts/payday';
import type { Recipient } from '@pago/shared/contracts/remittances';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation, walletKeys } from '@/lib/wallet';

// Runs under the wallet's keys: a money notification (a deposit available, a send) refreshes them.
export const paydayKeys = {
  rules: ['payday-rules'] as const,
  runs: [...walletKeys.all, 'payday-runs'] as const,
  recipients: ['payday-recipients'] as const,
};

function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: paydayKeys.rules });
  void client.invalidateQueries({ queryKey: paydayKeys.runs });
}

export function usePaydayRules() {
  return useQuery({
    queryKey: paydayKeys.rules,
    queryFn: ({ signal }) => apiFetch<PaydayRule[]>('/api/payday-rules', { signal }),
  });
}

/** What the rules did; asked again every 5 s while a send is due (the job takes seconds). */
export function usePaydayRuns() {
  return useQuery({
    queryKey: paydayKeys.runs,
    queryFn: ({ signal }) => apiFetch<PaydayRun[]>('/api/payday-runs', { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'due') ? 5_000 : false,
  });
}

/** The saved recipients abroad a rule may send to. */
export function useSavedRecipients() {
  return useQuery({
    queryKey: paydayKeys.recipients,
    queryFn: ({ signal }) =>
      apiFetch<{ items: Recipient[] }>('/api/recipients', { signal }).then((r) => r.items),
  });
}

export function useCreateRule() {
  return useMoneyMutation<PaydayRuleBody, PaydayRule>({
    request: (body) => ({ path: '/api/payday-rules', body }),
    onSuccess: (_rule, client) => refresh(client),
  });
}

export function useUpdateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PaydayRulePatch }) =>
      apiFetch<PaydayRule>(`/api/payday-rules/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ removed: true }>(`/api/payday-rules/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => refresh(client),
  });
}

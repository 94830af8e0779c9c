import type { ActionOutcome, Approval, AuditPage } from '@pago/shared/contracts/ops';
import type { CustomerSummary, CustomerView } from '@pago/shared/contracts/ops-customers';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch } from '@/lib/ops-api';

export const opsKeys = {
  approvals: ['ops', 'approvals'] as const,
  audit: (filters: AuditFilters) => ['ops', 'audit', filters] as const,
  customers: (q: string) => ['ops', 'customers', q] as const,
  customer: (id: string) => ['ops', 'customer', id] as const,
};

export type AuditFilters = { staffId?: string; userId?: string; action?: string };

export function usePendingApprovals() {
  return useQuery({
    queryKey: opsKeys.approvals,
    queryFn: ({ signal }) =>
      opsFetch<{ items: Approval[] }>('/api/ops/approvals?status=pending', { signal }),
    select: (data) => data.items,
  });
}

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'approve' | 'reject';
      reason: string;
    }) =>
      opsFetch(`/api/ops/approvals/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.approvals }),
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: opsKeys.audit(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      if (pageParam) query.set('cursor', pageParam);
      return opsFetch<AuditPage>(`/api/ops/audit?${query.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: opsKeys.customers(q),
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      opsFetch<{ items: CustomerSummary[] }>(`/api/ops/customers?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    select: (data) => data.items,
  });
}

/** One customer's page, read with the reason the staff member gave (null: not asked yet). */
export function useCustomer(id: string, reason: string | null) {
  return useQuery({
    queryKey: opsKeys.customer(id),
    enabled: reason !== null,
    // Each read is a view of the customer's data, recorded with its reason: no background reads.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) =>
      opsFetch<CustomerView>(`/api/ops/customers/${encodeURIComponent(id)}`, {
        signal,
        reason: reason ?? undefined,
      }),
  });
}

/** A customer action (freeze, unfreeze, sign-out, note, refund); the page is read again after. */
export function useCustomerAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      opsFetch<ActionOutcome | Record<string, unknown>>(
        `/api/ops/customers/${encodeURIComponent(id)}/${path}`,
        { method: 'POST', body },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: opsKeys.customer(id) });
      void client.invalidateQueries({ queryKey: opsKeys.approvals });
    },
  });
}

import type { Approval, AuditPage } from '@pago/shared/contracts/ops';
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

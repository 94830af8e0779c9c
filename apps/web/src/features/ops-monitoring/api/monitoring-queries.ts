import type {
  MonitoringHit,
  MonitoringHitStatus,
  MonitoringRule,
  MonitoringRuleCode,
} from '@pago/shared/contracts/monitoring';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch } from '@/lib/ops-api';

export const monitoringKeys = {
  all: ['ops', 'monitoring'] as const,
  hits: (status: MonitoringHitStatus) => ['ops', 'monitoring', 'hits', status] as const,
  rules: ['ops', 'monitoring', 'rules'] as const,
};

/** The monitoring queue: hits of one status, newest first. */
export function useMonitoringHits(status: MonitoringHitStatus) {
  return useQuery({
    queryKey: monitoringKeys.hits(status),
    queryFn: ({ signal }) =>
      opsFetch<{ items: MonitoringHit[] }>(`/api/ops/monitoring/hits?status=${status}`, {
        signal,
      }),
    select: (data) => data.items,
  });
}

export function useDecideHit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'dismiss' | 'escalate';
      reason: string;
    }) =>
      opsFetch<MonitoringHit>(`/api/ops/monitoring/hits/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.all }),
  });
}

export function useMonitoringRules() {
  return useQuery({
    queryKey: monitoringKeys.rules,
    queryFn: ({ signal }) =>
      opsFetch<{ items: MonitoringRule[] }>('/api/ops/monitoring/rules', { signal }),
    select: (data) => data.items,
  });
}

export function useUpdateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      code,
      ...body
    }: {
      code: MonitoringRuleCode;
      enabled?: boolean;
      thresholds?: Record<string, unknown>;
      reason: string;
    }) => opsFetch<MonitoringRule>(`/api/ops/monitoring/rules/${code}`, { method: 'PATCH', body }),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.rules }),
  });
}

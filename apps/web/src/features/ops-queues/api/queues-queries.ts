import type {
  OpsQueue,
  OpsQueueActionBody,
  OpsQueueActionOutcome,
  OpsQueueList,
  OpsQueueSummary,
} from '@pago/shared/contracts/ops-queues';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch } from '@/lib/ops-api';

export const queueKeys = {
  summary: ['ops', 'queues'] as const,
  queue: (queue: OpsQueue) => ['ops', 'queues', queue] as const,
};

export function useQueueSummary() {
  return useQuery({
    queryKey: queueKeys.summary,
    queryFn: ({ signal }) => opsFetch<OpsQueueSummary>('/api/ops/queues', { signal }),
  });
}

export function useQueue(queue: OpsQueue) {
  return useQuery({
    queryKey: queueKeys.queue(queue),
    queryFn: ({ signal }) => opsFetch<OpsQueueList>(`/api/ops/queues/${queue}`, { signal }),
  });
}

export function useQueueAction(queue: OpsQueue) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: string; body: OpsQueueActionBody }) =>
      opsFetch<OpsQueueActionOutcome>(
        `/api/ops/queues/${queue}/${encodeURIComponent(id)}/${action}`,
        { method: 'POST', body },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.summary }),
  });
}

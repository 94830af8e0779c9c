import type { SanctionsHit } from '@pago/shared/contracts/ops-sanctions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch } from '@/lib/ops-api';

export type HitStatus = SanctionsHit['status'];

const keys = {
  all: ['ops', 'sanctions'] as const,
  hits: (status: HitStatus) => ['ops', 'sanctions', status] as const,
};

/** The sanctions queue: hits of one status (open first, oldest first). */
export function useSanctionsHits(status: HitStatus) {
  return useQuery({
    queryKey: keys.hits(status),
    queryFn: ({ signal }) =>
      opsFetch<{ items: SanctionsHit[] }>(`/api/ops/sanctions/hits?status=${status}`, { signal }),
    select: (data) => data.items,
  });
}

/** Clear (a false positive) or block (a true match) an open hit, with the reason. */
export function useDecideHit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'clear' | 'block';
      reason: string;
    }) =>
      opsFetch<{ status: 'cleared' | 'blocked'; movements: number; reportDueOn: string | null }>(
        `/api/ops/sanctions/hits/${encodeURIComponent(id)}/${decision}`,
        { method: 'POST', body: { reason } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

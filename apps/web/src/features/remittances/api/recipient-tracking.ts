import type { PublicTransfer } from '@pago/shared/contracts/recipient-tracking';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A remittance as its recipient sees it, by their link's token (no sign-in). */
export function usePublicTransfer(token: string) {
  return useQuery({
    queryKey: ['public-transfer', token],
    queryFn: ({ signal }) =>
      apiFetch<PublicTransfer>(`/api/public/transfers/${encodeURIComponent(token)}`, { signal }),
    // It moves on by itself while on its way; a read every 30 s is well inside the rate limit.
    refetchInterval: (query) =>
      query.state.data && ['on_the_way', 'under_review'].includes(query.state.data.status)
        ? 30_000
        : false,
    retry: false,
  });
}

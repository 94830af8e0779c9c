import type { CardDispute, CreateCardDisputeBody } from '@pago/shared/contracts/card-disputes';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateMoney, useMoneyMutation } from '@/lib/wallet';

// Under the wallet's keys: a money move anywhere (a provisional credit) refreshes them too.
export const disputeKeys = { all: ['wallet', 'card-disputes'] as const };

/** The person's card disputes, newest first, each with its steps; asked again while one is open. */
export function useCardDisputes() {
  return useQuery({
    queryKey: disputeKeys.all,
    queryFn: ({ signal }) =>
      apiFetch<{ disputes: CardDispute[] }>('/api/cards/disputes', { signal }),
    select: (data) => data.disputes,
    refetchInterval: (query) =>
      query.state.data?.disputes.some(
        (d) => d.status === 'open' || d.status === 'provisionally_credited',
      )
        ? 5000
        : false,
  });
}

/** Opening a dispute is a money POST (Idempotency-Key): it can lead to a credit. */
export function useOpenDispute() {
  return useMoneyMutation<CreateCardDisputeBody, CardDispute>({
    request: (body) => ({ path: '/api/cards/disputes', body }),
    onSuccess: (_dispute, client) => invalidateMoney(client),
  });
}

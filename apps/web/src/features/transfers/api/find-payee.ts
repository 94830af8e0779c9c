import type { Payee, PayeeLookupQuery } from '@pago/shared/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The Pago user to pay (by @username or verified phone): name and username, nothing private. */
export function findPayee(by: PayeeLookupQuery, signal?: AbortSignal): Promise<Payee> {
  const query = new URLSearchParams(
    by.username ? { username: by.username } : { phone: by.phone ?? '' },
  );
  return apiFetch<Payee>(`/api/users/lookup?${query}`, { signal });
}

/**
 * A person found is not asked for again for a minute: each look-up takes from a budget, and the
 * send flow's "who" step finds the person the payment step then shows.
 */
export const PAYEE_STALE_MS = 60_000;

export function usePayee(by: PayeeLookupQuery | null) {
  return useQuery({
    queryKey: ['payee', by?.username ?? null, by?.phone ?? null],
    queryFn: ({ signal }) => findPayee(by ?? {}, signal),
    enabled: by !== null,
    retry: false,
    staleTime: PAYEE_STALE_MS,
  });
}

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

export function usePayee(by: PayeeLookupQuery | null) {
  return useQuery({
    queryKey: ['payee', by?.username ?? null, by?.phone ?? null],
    queryFn: ({ signal }) => findPayee(by ?? {}, signal),
    enabled: by !== null,
    retry: false,
  });
}

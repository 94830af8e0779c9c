import type { PublicUser } from '@pago/shared/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** What anyone signed in may see of another user: id, name and username. */
export function getPublicUser(id: string, signal?: AbortSignal): Promise<PublicUser> {
  return apiFetch<PublicUser>(`/api/users/${encodeURIComponent(id)}/public`, { signal });
}

export function usePublicUser(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['users', id, 'public'],
    queryFn: ({ signal }) => getPublicUser(id ?? '', signal),
    enabled: enabled && id !== null,
  });
}

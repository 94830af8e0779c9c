import type { AuthMethod } from '@pago/shared/contracts/external-signin';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** How this session signed in (GET /api/auth/method): the external provider and its e-mail, or traditional. */
export function useAuthMethod(enabled = true) {
  return useQuery({
    queryKey: ['auth-method'],
    queryFn: ({ signal }) => apiFetch<AuthMethod>('/api/auth/method', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import type { Capabilities, PartnerCapability } from '@pago/shared/contracts/capabilities';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * Whether a partner feature can be used here. In live mode, those without a live partner yet are
 * refused by the server (503 feature_unavailable_in_live_mode); the screens hide or disable them
 * and say why (common:liveMode). Until the answer comes, the feature counts as available: the
 * server refuses anyway.
 */
export function useCapability(
  feature: PartnerCapability | 'cards' | 'checkDeposits' | 'cardSecureData' | 'cardActivation',
): boolean {
  // `cards` and `cardSecureData` may be missing from an older server's answer: then available.
  const value: unknown = (useCapabilities().data as Record<string, unknown> | undefined)?.[feature];
  return typeof value === 'boolean' ? value : true;
}

/** Sandbox mode: what only the sandbox has (test money) is offered; unknown until the server says. */
export function useSandboxMode(): boolean {
  return useCapabilities().data?.mode === 'sandbox';
}

/** The external sign-in provider's name, or null while unknown or when it is not configured. */
export function useExternalSignIn(): { providerName: string } | null {
  return useCapabilities().data?.externalSignIn ?? null;
}

function useCapabilities() {
  return useQuery({
    queryKey: ['capabilities'],
    queryFn: ({ signal }) => apiFetch<Capabilities>('/api/features', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

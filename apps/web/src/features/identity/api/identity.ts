import type { Language, VerificationService } from '@pago/shared/contracts/accounts';
import type {
  IdentitySettings,
  IdentityStatus,
  PersonaCreateInquiryBody,
  PersonaCreateInquiryResponse,
  PersonaStatusResponse,
  PlaidCreateResponse,
  PlaidStatusResponse,
} from '@pago/shared/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const identityKeys = {
  settings: ['identity', 'settings'] as const,
  review: (attempt: number, provider: VerificationService, inquiryId: string | null) =>
    ['identity', 'review', attempt, provider, inquiryId] as const,
};

/** How often a verification under review is asked about again. */
export const REVIEW_POLL_MS = 4000;

export function getIdentitySettings(signal?: AbortSignal): Promise<IdentitySettings> {
  return apiFetch<IdentitySettings>('/api/identity/settings', signal ? { signal } : {});
}

/** The provider (spec §4 routing on the server), where the user stands, and the vendor scripts. */
export function useIdentitySettings(options: { pollWhileInReview?: boolean } = {}) {
  return useQuery({
    queryKey: identityKeys.settings,
    queryFn: ({ signal }) => getIdentitySettings(signal),
    // Where the user stands changes behind the page's back (a vendor's webhook): always ask.
    staleTime: 0,
    refetchInterval: options.pollWhileInReview
      ? (query) => (query.state.data?.status.state === 'pending_review' ? REVIEW_POLL_MS : false)
      : false,
  });
}

export function createPlaidLinkToken(language: Language): Promise<PlaidCreateResponse> {
  return apiFetch<PlaidCreateResponse>('/api/plaid/identity-verification/create', {
    method: 'POST',
    body: { language },
  });
}

export function completePlaidVerification(
  identityVerificationId: string,
): Promise<PlaidStatusResponse> {
  return apiFetch<PlaidStatusResponse>('/api/plaid/identity-verification/complete', {
    method: 'POST',
    body: { identity_verification_id: identityVerificationId },
  });
}

export function getPlaidStatus(signal?: AbortSignal): Promise<PlaidStatusResponse> {
  return apiFetch<PlaidStatusResponse>(
    '/api/plaid/identity-verification/status',
    signal ? { signal } : {},
  );
}

export function createPersonaInquiry(
  body: PersonaCreateInquiryBody,
): Promise<PersonaCreateInquiryResponse> {
  return apiFetch<PersonaCreateInquiryResponse>('/api/persona/create-inquiry', {
    method: 'POST',
    body,
  });
}

export function getPersonaStatus(
  inquiryId: string,
  signal?: AbortSignal,
): Promise<PersonaStatusResponse> {
  return apiFetch<PersonaStatusResponse>(
    `/api/persona/status/${encodeURIComponent(inquiryId)}`,
    signal ? { signal } : {},
  );
}

/**
 * Where the user stands according to the provider of the attempt under review, asked afresh:
 * Persona's inquiry status by id, Plaid's latest verification, else the settings' summary.
 */
export function getReviewStatus(
  provider: VerificationService,
  inquiryId: string | null,
  signal?: AbortSignal,
): Promise<IdentityStatus> {
  if (provider === 'persona' && inquiryId) {
    return getPersonaStatus(inquiryId, signal).then((answer) => answer.identity);
  }
  if (provider === 'plaid') return getPlaidStatus(signal).then((answer) => answer.identity);
  return getIdentitySettings(signal).then((settings) => settings.status);
}

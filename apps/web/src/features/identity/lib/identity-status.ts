import type { UserProfile, VerificationService } from '@pago/shared/contracts/accounts';
import type { IdentitySettings, IdentityStatus } from '@pago/shared/contracts/identity';
import { isIdentityVerified } from '@/lib/session';

export function isVerificationService(value: unknown): value is VerificationService {
  return value === 'plaid' || value === 'persona';
}

/**
 * The provider (spec §4): the one stored in this browser wins, then the server's choice (the
 * profile's, else the ZIP code's), else Persona — also when the settings could not be loaded.
 */
export function chooseProvider(
  stored: string | null,
  settings: IdentitySettings | undefined,
): VerificationService {
  if (isVerificationService(stored)) return stored;
  return settings?.provider ?? 'persona';
}

/** "Ana María López" → Ana / María López: Persona's flow starts with both prefilled. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The statuses a person is shown (spec §4): verified, unverified, completed, pending, failed. */
export type DisplayedStatus = 'verified' | 'unverified' | 'completed' | 'pending' | 'failed';

/** Completed is the person's part done and under review; pending, an attempt not finished. */
export function displayedStatus(identity: IdentityStatus): DisplayedStatus {
  if (identity.verified) return 'verified';
  switch (identity.state) {
    case 'verified':
      return 'verified';
    case 'pending_review':
      return 'completed';
    case 'in_progress':
      return 'pending';
    case 'failed':
      return 'failed';
    case 'not_started':
      return 'unverified';
  }
}

/**
 * Where the user stands from the session's profile alone, for when the settings could not be
 * loaded: the same fields the server summarises.
 */
export function identityFromUser(user: UserProfile | null): IdentityStatus {
  const verified = isIdentityVerified(user);
  const statuses = [user?.kyc_status, user?.persona_status, user?.plaidIdentityStatus];
  const state = verified
    ? 'verified'
    : statuses.includes('pending_review')
      ? 'pending_review'
      : statuses.includes('failed')
        ? 'failed'
        : user?.persona_status === 'pending' || user?.plaidIdentityStatus === 'pending'
          ? 'in_progress'
          : 'not_started';
  return {
    state,
    verified,
    verificationService: user?.verificationService ?? null,
    kyc_status: null,
    persona_status: null,
    plaidIdentityStatus: null,
    persona_inquiry_id: user?.persona_inquiry_id ?? null,
    updatedAt: null,
    legalName: null,
    failureReason: null,
  };
}

import type { VerificationService } from '@pago/shared/contracts/accounts';
import type { IdentityState, KycStatus, UserIdentityStatus } from '@pago/shared/contracts/identity';

/**
 * How far along a vendor status is. An attempt's status only ever moves to a higher rank, so a
 * late or repeated webhook cannot move it backwards; between two final statuses the first wins.
 */
const RANKS: Record<VerificationService, Record<string, number>> = {
  plaid: { active: 0, pending_review: 1, success: 2, failed: 2, expired: 2, canceled: 2 },
  persona: {
    created: 0,
    pending: 1,
    completed: 2,
    needs_review: 3,
    approved: 4,
    declined: 4,
    failed: 4,
    expired: 4,
  },
};

export function statusRank(provider: VerificationService, vendorStatus: string): number {
  const rank = RANKS[provider][vendorStatus];
  if (rank === undefined) throw new Error(`Unknown ${provider} status ${vendorStatus}`);
  return rank;
}

/** A vendor status in the spec's words (spec §4): a Persona inquiry completed is pending_review. */
export function userStatusOf(
  provider: VerificationService,
  vendorStatus: string,
): UserIdentityStatus {
  if (provider === 'plaid') {
    if (vendorStatus === 'success') return 'approved';
    if (vendorStatus === 'pending_review') return 'pending_review';
    if (vendorStatus === 'active') return 'pending';
    return 'failed';
  }
  if (vendorStatus === 'approved') return 'approved';
  if (vendorStatus === 'completed' || vendorStatus === 'needs_review') return 'pending_review';
  if (vendorStatus === 'created' || vendorStatus === 'pending') return 'pending';
  return 'failed';
}

export type Attempt = {
  id: string;
  provider: VerificationService;
  vendor_status: string;
  /** Set when we refused what the vendor approved (the person is not the account holder). */
  failure_reason?: string | null;
  created_at: Date;
  updated_at: Date;
};

/** An attempt's status in the spec's words, after our own check of the verified person. */
export function attemptStatusOf(attempt: Attempt): UserIdentityStatus {
  if (attempt.failure_reason) return 'failed';
  return userStatusOf(attempt.provider, attempt.vendor_status);
}

export type IdentityFields = {
  verification_service: VerificationService | null;
  kyc_status: string | null;
  persona_status: string | null;
  persona_inquiry_id: string | null;
  plaid_identity_status: string | null;
};

/**
 * The user's identity fields from all their attempts (newest first). Verified is for good: once
 * any attempt is approved — or the fields already said verified — later failures change nothing.
 */
export function identityFieldsFrom(
  attempts: readonly Attempt[],
  current: IdentityFields,
  alreadyVerified: boolean,
): IdentityFields {
  const latest = attempts[0];
  if (!latest) return current;
  const of = (provider: VerificationService) => {
    const own = attempts.filter((attempt) => attempt.provider === provider);
    if (own.some((attempt) => attemptStatusOf(attempt) === 'approved')) return 'approved';
    return own[0] ? attemptStatusOf(own[0]) : null;
  };
  const persona = of('persona') ?? current.persona_status;
  const plaid = of('plaid') ?? current.plaid_identity_status;
  const verified = alreadyVerified || persona === 'approved' || plaid === 'approved';
  const latestStatus = attemptStatusOf(latest);
  const kyc: KycStatus = verified
    ? 'completed'
    : latestStatus === 'approved'
      ? 'completed'
      : latestStatus;
  return {
    verification_service: latest.provider,
    kyc_status: kyc,
    persona_status: persona,
    persona_inquiry_id:
      attempts.find((attempt) => attempt.provider === 'persona')?.id ?? current.persona_inquiry_id,
    plaid_identity_status: plaid,
  };
}

/** What the screens show: where the user stands and so what to offer next. */
export function identityStateOf(verified: boolean, latest: Attempt | undefined): IdentityState {
  if (verified) return 'verified';
  if (!latest) return 'not_started';
  const status = attemptStatusOf(latest);
  if (status === 'pending') return 'in_progress';
  if (status === 'approved') return 'verified';
  return status;
}

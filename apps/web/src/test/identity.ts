import type { VerificationService } from '@pago/shared/contracts/accounts';
import type { IdentitySettings, IdentityStatus } from '@pago/shared/contracts/identity';

/** A user's identity standing as the server reports it: not started, unless overridden. */
export function identityStatus(overrides: Partial<IdentityStatus> = {}): IdentityStatus {
  return {
    state: 'not_started',
    verified: false,
    verificationService: 'plaid',
    kyc_status: 'pending',
    persona_status: null,
    plaidIdentityStatus: null,
    persona_inquiry_id: null,
    updatedAt: null,
    legalName: null,
    failureReason: null,
    ...overrides,
  };
}

/** GET /api/identity/settings in sandbox mode, for a provider and a standing. */
export function identitySettings(
  provider: VerificationService,
  status: Partial<IdentityStatus> = {},
): IdentitySettings {
  return {
    provider,
    status: identityStatus({ verificationService: provider, ...status }),
    plaid: { linkScriptUrl: '/sandbox/plaid/link-initialize.js' },
    persona: { clientScriptUrl: '/sandbox/persona/persona.js', environment: 'sandbox' },
  };
}

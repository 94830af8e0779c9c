import type { ExternalSigninFailure } from '@pago/shared/contracts/external-signin';
import { AppError } from '../../lib/app-error';

/** External sign-in's refusals: what the web words by code and reason, and API callers read. */
export function unavailable(): AppError {
  return new AppError(
    'feature_unavailable_in_live_mode',
    503,
    'External sign-in is not available in live mode without an OpenID Connect issuer (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).',
    { feature: 'externalSignIn' },
  );
}

/** Why the sign-in failed: `details.reason` for the web (which words it), the message for API callers. */
const FAILURE_MESSAGES: Record<ExternalSigninFailure, string> = {
  provider_unreachable: 'The sign-in provider could not be reached. Try again in a moment.',
  code_refused: 'The sign-in provider refused this sign-in (Get access token failed).',
  token_invalid: 'The sign-in provider’s answer did not pass our checks (Get access token failed).',
  userinfo_failed: 'The sign-in provider did not give your account’s details.',
  email_not_verified: 'The provider did not give a verified e-mail address',
};
export const failed = (reason: ExternalSigninFailure, status = 401) =>
  new AppError('external_signin_failed', status, FAILURE_MESSAGES[reason], { reason });
export const expired = () =>
  new AppError('external_signin_expired', 400, 'This sign-in expired or was already used.');
export const otherBrowser = () =>
  new AppError(
    'external_signin_other_browser',
    400,
    'This sign-in was started in another browser. Start it again in this one.',
  );

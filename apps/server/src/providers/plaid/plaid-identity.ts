import type { IdentityVerificationGetResponse, JWKPublicKey, Products } from 'plaid';
import { AppError } from '../../lib/app-error';
import {
  linkTokenBase,
  type PlaidClientSettings,
  plaidClient,
  plaidErrorOf,
  readPlaid,
} from './plaid-client';

/** The person Plaid verified, from what they entered and Plaid checked in the hosted flow. */
export type PlaidVerifiedPerson = {
  givenNames: string;
  familyNames: string;
  birthDate: string | null;
};

export type PlaidIdentitySettings = PlaidClientSettings & { templateId: string };

/** What we read of Plaid's identity verification object. */
export type PlaidIdentityVerification = Pick<
  IdentityVerificationGetResponse,
  'id' | 'client_user_id' | 'status' | 'created_at' | 'completed_at'
> & { person: PlaidVerifiedPerson | null };

/**
 * Plaid Identity Verification through Plaid's own SDK (plaid-client.ts): link tokens for the
 * hosted flow, the verification's status, and the keys its webhooks are signed with.
 */
export function createPlaidIdentity(settings: PlaidIdentitySettings) {
  const client = plaidClient(settings);
  const read = <E extends Parameters<typeof readPlaid>[1]>(endpoint: E, answer: unknown) =>
    readPlaid(settings, endpoint, answer, (reason) => unavailable(reason));

  return {
    async createLinkToken(input: { userId: string; language: 'es' | 'en' }): Promise<string> {
      const { data: answer } = await call(async () =>
        (await client()).linkTokenCreate({
          ...linkTokenBase(input),
          products: ['identity_verification' as Products],
          identity_verification: { template_id: settings.templateId, gave_consent: true },
        }),
      );
      return read('/link/token/create', answer).link_token;
    },

    async getVerification(id: string): Promise<PlaidIdentityVerification | null> {
      try {
        const { data: answer } = await call(async () =>
          (await client()).identityVerificationGet({ identity_verification_id: id }),
        );
        const data = read('/identity_verification/get', answer);
        return {
          id: data.id,
          client_user_id: data.client_user_id,
          status: data.status as IdentityVerificationGetResponse['status'],
          created_at: data.created_at,
          completed_at: data.completed_at,
          // user.name and user.date_of_birth: the identity the verification is about.
          person: data.user?.name
            ? {
                givenNames: data.user.name.given_name,
                familyNames: data.user.name.family_name,
                birthDate: data.user.date_of_birth ?? null,
              }
            : null,
        };
      } catch (error) {
        if (error instanceof PlaidNotFound) return null;
        throw error;
      }
    },

    async webhookKey(keyId: string): Promise<JWKPublicKey | null> {
      try {
        const { data: answer } = await call(async () =>
          (await client()).webhookVerificationKeyGet({ key_id: keyId }),
        );
        return read('/webhook_verification_key/get', answer).key as JWKPublicKey;
      } catch (error) {
        if (error instanceof PlaidNotFound) return null;
        throw error;
      }
    },
  };
}
export type PlaidIdentity = ReturnType<typeof createPlaidIdentity>;

class PlaidNotFound extends Error {}

/** Plaid's errors: a missing object is null for the caller; anything else, the vendor is unavailable. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const plaid = plaidErrorOf(error);
    if (plaid) {
      if (
        plaid.errorCode === 'NOT_FOUND' ||
        plaid.errorCode === 'INVALID_IDENTITY_VERIFICATION_ID'
      ) {
        throw new PlaidNotFound(plaid.errorCode);
      }
      throw unavailable(plaid.errorCode ?? plaid.transportCode ?? 'unknown');
    }
    throw error;
  }
}

/** Plaid could not be used: it failed, or answered what Plaid does not document. */
function unavailable(vendorCode: string) {
  return new AppError(
    'identity_provider_unavailable',
    502,
    'Identity verification is unavailable right now. Please try again.',
    { provider: 'plaid', vendorCode },
  );
}

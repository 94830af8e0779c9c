import type { CountryCode, IdentityVerificationGetResponse, JWKPublicKey, Products } from 'plaid';
import { AppError } from '../../lib/app-error';

/** The person Plaid verified, from what they entered and Plaid checked in the hosted flow. */
export type PlaidVerifiedPerson = {
  givenNames: string;
  familyNames: string;
  birthDate: string | null;
};

export type PlaidIdentitySettings = {
  /** https://production.plaid.com, https://sandbox.plaid.com, or our fake's URL. */
  basePath: () => string;
  clientId: string;
  secret: string;
  templateId: string;
  timeoutMs?: number;
};

/** What we read of Plaid's identity verification object. */
export type PlaidIdentityVerification = Pick<
  IdentityVerificationGetResponse,
  'id' | 'client_user_id' | 'status' | 'created_at' | 'completed_at'
> & { person: PlaidVerifiedPerson | null };

/**
 * Plaid Identity Verification through Plaid's own SDK: link tokens for the hosted flow, the
 * verification's status, and the keys its webhooks are signed with. The base path is read per
 * call, so the sandbox fake can be this server's own loopback address, known once it listens.
 */
export function createPlaidIdentity(settings: PlaidIdentitySettings) {
  // The SDK is 10 MB of generated code: loaded on first use, not at start-up.
  const client = async () => {
    const { PlaidApi, Configuration } = await import('plaid');
    return new PlaidApi(
      new Configuration({
        basePath: settings.basePath(),
        baseOptions: {
          timeout: settings.timeoutMs ?? 10_000,
          headers: {
            'PLAID-CLIENT-ID': settings.clientId,
            'PLAID-SECRET': settings.secret,
            'Plaid-Version': '2020-09-14',
          },
        },
      }),
    );
  };

  return {
    async createLinkToken(input: { userId: string; language: 'es' | 'en' }): Promise<string> {
      const { data } = await call(async () =>
        (await client()).linkTokenCreate({
          client_name: 'Pago',
          language: input.language,
          // For Identity Verification: the country the company is based in, not the user's.
          country_codes: ['US' as CountryCode],
          user: { client_user_id: input.userId },
          products: ['identity_verification' as Products],
          identity_verification: { template_id: settings.templateId, gave_consent: true },
        }),
      );
      return data.link_token;
    },

    async getVerification(id: string): Promise<PlaidIdentityVerification | null> {
      try {
        const { data } = await call(async () =>
          (await client()).identityVerificationGet({ identity_verification_id: id }),
        );
        return {
          id: data.id,
          client_user_id: data.client_user_id,
          status: data.status,
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
        const { data } = await call(async () =>
          (await client()).webhookVerificationKeyGet({ key_id: keyId }),
        );
        return data.key;
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
    // The SDK's transport (axios) marks its errors; the vendor's answer is in response.data.
    if ((error as { isAxiosError?: boolean }).isAxiosError) {
      const { response, code } = error as { response?: { data?: unknown }; code?: string };
      const body = response?.data as { error_code?: string } | undefined;
      if (
        body?.error_code === 'NOT_FOUND' ||
        body?.error_code === 'INVALID_IDENTITY_VERIFICATION_ID'
      ) {
        throw new PlaidNotFound(body.error_code);
      }
      throw new AppError(
        'identity_provider_unavailable',
        502,
        'Identity verification is unavailable right now. Please try again.',
        { provider: 'plaid', vendorCode: body?.error_code ?? code ?? 'unknown' },
      );
    }
    throw error;
  }
}

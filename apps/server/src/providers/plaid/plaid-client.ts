import type { CountryCode, LinkTokenCreateRequest, PlaidApi } from 'plaid';
import type { z } from 'zod';
import { parseVendorAnswer, type VendorLog } from '../vendor-answer';
import { PLAID_ANSWERS } from './plaid-schemas';

export type PlaidClientSettings = {
  /** https://production.plaid.com, https://sandbox.plaid.com, or our fake's URL. */
  basePath: () => string;
  clientId: string;
  secret: string;
  timeoutMs?: number;
  /** Where an answer that breaks Plaid's published description is reported. */
  log?: VendorLog;
};

/**
 * Plaid's answer of `endpoint` read through the schema written from Plaid's OpenAPI: an answer
 * that breaks it is logged and `unavailable` is thrown (never a half-read answer).
 */
export function readPlaid<E extends keyof typeof PLAID_ANSWERS>(
  settings: PlaidClientSettings,
  endpoint: E,
  answer: unknown,
  unavailable: (reason: string) => Error,
): z.infer<(typeof PLAID_ANSWERS)[E]> {
  return parseVendorAnswer(
    PLAID_ANSWERS[endpoint] as unknown as z.ZodType<z.infer<(typeof PLAID_ANSWERS)[E]>>,
    answer,
    { vendor: 'plaid', call: endpoint, log: settings.log },
    unavailable,
  );
}

/**
 * Plaid's own SDK client. The base path is read per call, so the sandbox fake can be this
 * server's own loopback address, known once it listens.
 */
export function plaidClient(settings: PlaidClientSettings): () => Promise<PlaidApi> {
  // The SDK is 10 MB of generated code: loaded on first use, not at start-up.
  return async () => {
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
}

/** Plaid's error body (error_type, error_code, …) when the SDK's transport got an answer. */
export function plaidErrorOf(
  error: unknown,
): { errorCode: string | undefined; transportCode: string | undefined } | null {
  // The SDK's transport (axios) marks its errors; the vendor's answer is in response.data.
  if (!(error as { isAxiosError?: boolean }).isAxiosError) return null;
  const { response, code } = error as { response?: { data?: unknown }; code?: string };
  const body = response?.data as { error_code?: unknown } | undefined;
  return {
    errorCode: typeof body?.error_code === 'string' ? body.error_code : undefined,
    transportCode: code,
  };
}

/** What every Pago Link token says: our name, the user's language, the US, the user's id. */
export function linkTokenBase(input: {
  userId: string;
  language: 'es' | 'en';
}): Pick<LinkTokenCreateRequest, 'client_name' | 'language' | 'country_codes' | 'user'> {
  return {
    client_name: 'Pago',
    language: input.language,
    // The country the company is based in (Identity Verification), where the banks are (Auth).
    country_codes: ['US' as CountryCode],
    user: { client_user_id: input.userId },
  };
}

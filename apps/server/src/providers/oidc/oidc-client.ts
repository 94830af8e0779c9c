import type { ExternalSigninFailure } from '@pago/shared/contracts/external-signin';
import * as client from 'openid-client';

/** The spec's identity-provider defaults: token request 10 s, up to 3 attempts, ID-token leeway 60 s. */
export const TOKEN_TIMEOUT_SECONDS = 10;
export const TOKEN_ATTEMPTS = 3;
export const ID_TOKEN_LEEWAY_SECONDS = 60;

export type OidcSettings = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Plain-http issuers are refused unless this is set (the sandbox provider on a local origin). */
  allowHttp?: boolean;
  /** Every request the client makes goes through this fetch (the sandbox's loopback, tests). */
  fetch?: typeof fetch;
};

export type VerifiedIdentity = {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  idToken: string;
};

/**
 * Why a sign-in could not be finished, said to the person in their language: the provider could
 * not be reached, it refused the code, its answer (ID token) failed the checks, or its UserInfo
 * endpoint could not give the claims the ID token lacks.
 */
export type OidcFailure = Exclude<ExternalSigninFailure, 'email_not_verified'>;

/** A failure of the token exchange or of the ID token's checks, with openid-client's reason. */
export class OidcExchangeError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly reason: OidcFailure,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * What a log may keep of a failed exchange: the error's kind, code and message, and the OAuth
 * error the provider answered (`error`, `error_description`, HTTP status) — never a token, code
 * or secret (openid-client's messages name the claim that failed, not its token).
 */
export function exchangeFailureForLog(error: unknown): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 3; depth++) {
    const e = current as Error & { code?: unknown };
    const prefix = depth === 0 ? '' : `cause${depth}_`;
    described[`${prefix}name`] = e.name;
    described[`${prefix}message`] = e.message.slice(0, 300);
    if (typeof e.code === 'string') described[`${prefix}kind`] = e.code;
    if (current instanceof client.ResponseBodyError) {
      described[`${prefix}status`] = current.status;
      described[`${prefix}oauthError`] = current.error;
      if (current.error_description) {
        described[`${prefix}oauthErrorDescription`] = current.error_description.slice(0, 300);
      }
    }
    current = e.cause;
  }
  return described;
}

/** Worth another attempt: the provider or the network failed, not the request or the token. */
function retryable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.ClientError || error instanceof client.AuthorizationResponseError) {
    return false;
  }
  const name = (error as { name?: unknown })?.name;
  return name === 'TimeoutError' || name === 'AbortError' || error instanceof TypeError;
}

type Claims = Record<string, unknown>;
const emailOf = (claims: Claims) => ({
  email: typeof claims.email === 'string' ? claims.email : undefined,
  emailVerified: claims.email_verified === true,
});
const nameOf = (claims: Claims) =>
  typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : undefined;

/**
 * The e-mail, whether it is verified, and the name: from the ID token, else (most providers by
 * default: the ID token has only `sub` when an access token is issued) from UserInfo, whose `sub`
 * openid-client checks is the ID token's. The e-mail and its verification come from one source.
 */
async function identityClaims(
  config: client.Configuration,
  accessToken: string,
  idToken: Claims & { sub: string },
): Promise<Pick<VerifiedIdentity, 'email' | 'emailVerified' | 'name'>> {
  const fromIdToken = { ...emailOf(idToken), name: nameOf(idToken) };
  const complete =
    fromIdToken.email !== undefined && 'email_verified' in idToken && fromIdToken.name;
  if (complete || !config.serverMetadata().userinfo_endpoint) return fromIdToken;
  let userInfo: Claims;
  try {
    userInfo = await client.fetchUserInfo(config, accessToken, idToken.sub);
  } catch (error) {
    throw new OidcExchangeError('UserInfo failed', retryable(error), 'userinfo_failed', {
      cause: error,
    });
  }
  const email =
    fromIdToken.email !== undefined && 'email_verified' in idToken
      ? emailOf(idToken)
      : emailOf(userInfo);
  return { ...email, name: fromIdToken.name ?? nameOf(userInfo) };
}

/**
 * A confidential OpenID Connect client of any issuer, by discovery (openid-client v6):
 * authorization code with PKCE (S256), state and nonce; the ID token's signature (from the
 * issuer's JWKS), issuer, audience, nonce and times (60 s leeway) are all checked. Claims the
 * ID token lacks are read from UserInfo.
 */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        { [client.clockTolerance]: ID_TOKEN_LEEWAY_SECONDS },
        client.ClientSecretBasic(settings.clientSecret),
        {
          ...(settings.fetch ? { [client.customFetch]: settings.fetch } : {}),
          ...(settings.allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: TOKEN_TIMEOUT_SECONDS,
        },
      )
      .then((config) => {
        config.timeout = TOKEN_TIMEOUT_SECONDS;
        // The ID token's signature is checked too, not only taken on trust from the TLS channel.
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  return {
    issuerUrl: settings.issuerUrl,

    /** A fresh state, nonce and PKCE verifier for one sign-in (kept by the caller, server-side). */
    async newChecks() {
      const codeVerifier = client.randomPKCECodeVerifier();
      return {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
      };
    },

    async authorizationUrl(checks: {
      state: string;
      nonce: string;
      codeChallenge: string;
      uiLocales: string;
    }): Promise<URL> {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: checks.codeChallenge,
        code_challenge_method: 'S256',
        ui_locales: checks.uiLocales,
      });
    },

    /**
     * Exchanges the code (up to 3 attempts when the provider or the network fails, each within
     * 10 s) and returns the ID token's verified identity.
     */
    async exchange(
      response: { code: string; state: string; iss?: string | undefined },
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await configuration().catch((error: unknown) => {
        throw new OidcExchangeError('Discovery failed', true, 'provider_unreachable', {
          cause: error,
        });
      });
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.searchParams.set('code', response.code);
      currentUrl.searchParams.set('state', response.state);
      if (response.iss !== undefined) currentUrl.searchParams.set('iss', response.iss);
      let lastError: unknown;
      for (let attempt = 1; attempt <= TOKEN_ATTEMPTS; attempt++) {
        let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
        try {
          tokens = await client.authorizationCodeGrant(config, currentUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          });
        } catch (error) {
          lastError = error;
          if (!retryable(error)) break;
          continue;
        }
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) {
          throw new OidcExchangeError('No ID token', false, 'token_invalid');
        }
        return {
          ...(await identityClaims(config, tokens.access_token, claims)),
          issuer: claims.iss,
          subject: claims.sub,
          idToken: tokens.id_token,
        };
      }
      const canRetry = retryable(lastError);
      throw new OidcExchangeError(
        'Get access token failed',
        canRetry,
        canRetry
          ? 'provider_unreachable'
          : lastError instanceof client.ResponseBodyError
            ? 'code_refused'
            : 'token_invalid',
        { cause: lastError },
      );
    },

    /** The provider's end-session URL for this ID token, or null when it has none. */
    async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client
        .buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUri,
        })
        .toString();
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;

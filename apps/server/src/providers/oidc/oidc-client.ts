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

/** A failure of the token exchange or of the ID token's checks, with openid-client's reason. */
export class OidcExchangeError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
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

/**
 * A confidential OpenID Connect client of any issuer, by discovery (openid-client v6):
 * authorization code with PKCE (S256), state and nonce; the ID token's signature (from the
 * issuer's JWKS), issuer, audience, nonce and times (60 s leeway) are all checked.
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
        throw new OidcExchangeError('Discovery failed', true, { cause: error });
      });
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.searchParams.set('code', response.code);
      currentUrl.searchParams.set('state', response.state);
      if (response.iss !== undefined) currentUrl.searchParams.set('iss', response.iss);
      let lastError: unknown;
      for (let attempt = 1; attempt <= TOKEN_ATTEMPTS; attempt++) {
        try {
          const tokens = await client.authorizationCodeGrant(config, currentUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          });
          const claims = tokens.claims();
          if (!claims || !tokens.id_token) throw new OidcExchangeError('No ID token', false);
          return {
            issuer: claims.iss,
            subject: claims.sub,
            email: typeof claims.email === 'string' ? claims.email : undefined,
            emailVerified: claims.email_verified === true,
            name: typeof claims.name === 'string' ? claims.name : undefined,
            idToken: tokens.id_token,
          };
        } catch (error) {
          lastError = error;
          if (error instanceof OidcExchangeError || !retryable(error)) break;
        }
      }
      throw lastError instanceof OidcExchangeError
        ? lastError
        : new OidcExchangeError('Get access token failed', retryable(lastError), {
            cause: lastError,
          });
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

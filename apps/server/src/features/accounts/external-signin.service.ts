import { randomBytes } from 'node:crypto';
import type { Language } from '@pago/shared/contracts/accounts';
import { phoneCountryOf, USERNAME_PATTERN } from '@pago/shared/contracts/accounts';
import type {
  AuthMethod,
  ExternalCallbackBody,
  ExternalCallbackResponse,
  ExternalCompleteBody,
  ExternalLinkBody,
} from '@pago/shared/contracts/external-signin';
import { kycProviderForZip } from '@pago/shared/kyc-routing';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  exchangeFailureForLog,
  type OidcClient,
  OidcExchangeError,
} from '../../providers/oidc/oidc-client';
import { deviceName } from '../notifications/device-name';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { conflict, hashToken, toUserProfile, uniqueViolation } from './accounts.service';
import {
  findExternalIdentity,
  insertExternalIdentity,
  insertState,
  insertTicket,
  isStateWaiting,
  lockTicket,
  STATE_TTL_MINUTES,
  sessionExternalIdentity,
  takeLinkAttempt,
  takeState,
  useTicket,
} from './external-signin.repository';
import { expired, failed, otherBrowser, unavailable } from './external-signin-errors';
import { placeLookup } from './geoip';
import { hashPassword } from './passwords';
import { insertSession } from './sessions.repository';
import { findTaken, findUserByEmail, findUserById, insertUser } from './users.repository';

/** The ticket's identity becomes the user's (found by it from now on); the ticket is spent. */
async function linkTicket(
  tx: Database,
  ticket: { ticket_hash: Buffer; issuer: string; subject: string; email: string; id_token: string },
  userId: string,
) {
  await insertExternalIdentity(tx, {
    issuer: ticket.issuer,
    subject: ticket.subject,
    userId,
    email: ticket.email,
  });
  await useTicket(tx, ticket.ticket_hash);
  return { userId, issuer: ticket.issuer, idToken: ticket.id_token };
}

/**
 * Password attempts a link ticket takes before it is spent (a new sign-in at the provider is
 * needed). Every attempt also draws on the account's budget, the one sign-in uses.
 */
export const LINK_ATTEMPTS = 5;

type Deps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** null: no issuer configured (live mode without OIDC_* settings): refused, never faked. */
  oidc: OidcClient | null;
  providerName: string;
  rateLimits: RateLimits;
  balanceOf: (userId: string) => Promise<number>;
  /** Whether the password is the user's, on the budget every password check shares (429 when spent). */
  confirmPassword: (
    userId: string,
    password: string,
    ip: string,
    how: { signedIn: boolean },
  ) => Promise<boolean>;
  /** Pago's own second step (sign-in security), which an external sign-in must pass too. */
  twoStep: {
    isEnabled(userId: string): Promise<boolean>;
    createChallenge(
      userId: string,
      userAgent: string | null,
      external: { issuer: string; idToken: string },
      method?: string,
    ): Promise<string>;
  };
  /** Security notices: the provider linked to an account is e-mailed to its owner. */
  notifications: Pick<Notifications, 'notify'>;
};

/** The browser and network a sign-in came from. */
type Client = { userAgent: string | null; ip: string | null };

/** The random value of a browser's sign-in cookie (32 bytes, base64url), kept while a state is good. */
const BROWSER_BINDING = /^[A-Za-z0-9_-]{43}$/;
export const SIGNIN_BROWSER_SECONDS = STATE_TTL_MINUTES * 60;

/** "ana.garcia+x@example.com" → "ana.garcia_x" plus a few digits: a username to start from. */
export function suggestUsername(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.]/g, '_').slice(0, 22);
  const base = local.length >= 3 ? local : `user_${local}`;
  const suggestion = `${base}${randomBytes(2).readUInt16BE(0) % 10_000}`;
  return USERNAME_PATTERN.test(suggestion) ? suggestion : `user${Date.now() % 1_000_000}`;
}

/**
 * External sign-in: Pago is a confidential OpenID Connect client of one provider. The
 * state, nonce and PKCE verifier stay in the database; the ID token is checked by openid-client;
 * the person is found by (issuer, subject), never by e-mail. A first sign-in makes the account
 * from the verified e-mail once the missing fields are given; an e-mail that already has a
 * password account is linked only after that password is given.
 */
export function createExternalSignin({
  db,
  config,
  log,
  oidc,
  providerName,
  rateLimits,
  balanceOf,
  confirmPassword,
  twoStep,
  notifications,
}: Deps) {
  const placeOf = placeLookup(config.geoipGeofeedPath);
  const client = () => {
    if (!oidc) throw unavailable();
    return oidc;
  };

  /**
   * The session, or with two-step codes on, the same challenge a password sign-in gets: the
   * provider never skips Pago's second step. The challenge keeps the issuer and ID token, so the
   * code's session is an external one (auth method, the provider's logout).
   */
  async function signInOrChallenge(
    userId: string,
    issuer: string,
    idToken: string,
    client: Client,
  ) {
    if (await twoStep.isEnabled(userId)) {
      return {
        status: 'two_step_required' as const,
        challenge: await twoStep.createChallenge(
          userId,
          client.userAgent,
          { issuer, idToken },
          'external',
        ),
      };
    }
    return {
      status: 'signed_in' as const,
      ...(await openSession(userId, issuer, idToken, client)),
    };
  }

  async function openSession(userId: string, issuer: string, idToken: string, client: Client) {
    const token = randomBytes(32).toString('base64url');
    await insertSession(db, {
      tokenHash: hashToken(token),
      userId,
      absoluteHours: config.sessionAbsoluteHours,
      external: { issuer, idToken },
      userAgent: client.userAgent,
      signInMethod: 'external',
      place: placeOf(client.ip),
    });
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
    return { token, user: toUserProfile(user, await balanceOf(userId)) };
  }

  async function newTicket(row: Omit<Parameters<typeof insertTicket>[1], 'ticket_hash'>) {
    const ticket = randomBytes(32).toString('base64url');
    await insertTicket(db, { ...row, ticket_hash: hashToken(ticket) });
    return ticket;
  }

  return {
    available: oidc !== null,
    providerName,

    /**
     * The provider's authorization URL for a new sign-in, its checks kept here and bound to the
     * browser: `browser` is the value for its sign-in cookie (the one it has, else a new one), so
     * only that browser's callback can finish this sign-in (no login CSRF).
     */
    async start(
      language: Language,
      ip: string,
      browser: string | undefined,
    ): Promise<{ url: string; browser: string }> {
      const oidcClient = client();
      // Each start keeps a row for ten minutes: a bounded number per network.
      await rateLimits.take(
        { key: `external-start:ip:${ip}`, limit: 60, windowSeconds: 15 * 60 },
        'Too many sign-in attempts from this network. Try again later.',
      );
      const checks = await oidcClient.newChecks();
      let url: URL;
      try {
        url = await oidcClient.authorizationUrl({ ...checks, uiLocales: language });
      } catch (error) {
        throw new AppError('service_unavailable', 503, 'The sign-in provider is not reachable', {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      const binding =
        browser && BROWSER_BINDING.test(browser) ? browser : randomBytes(32).toString('base64url');
      await insertState(db, { ...checks, language, browserHash: hashToken(binding) });
      return { url: url.toString(), browser: binding };
    },

    /** `browser`: the sign-in cookie of the browser calling back (none: not the one that started). */
    async callback(
      body: ExternalCallbackBody,
      browser: string | undefined,
      userAgent: string | null = null,
      ip: string | null = null,
    ): Promise<ExternalCallbackResponse> {
      const oidcClient = client();
      const started = await takeState(db, body.state, browser ? hashToken(browser) : null);
      if (!started) throw (await isStateWaiting(db, body.state)) ? otherBrowser() : expired();
      if (!started.fresh) throw expired();
      let identity: Awaited<ReturnType<OidcClient['exchange']>>;
      try {
        identity = await oidcClient.exchange(body, {
          state: body.state,
          nonce: started.nonce,
          codeVerifier: started.code_verifier,
        });
      } catch (error) {
        const known = error instanceof OidcExchangeError ? error : null;
        const reason = known?.reason ?? 'token_invalid';
        // The cause, for whoever runs Pago (never a token or the code: see exchangeFailureForLog).
        log.warn(
          {
            reason,
            issuer: oidcClient.issuerUrl,
            cause: exchangeFailureForLog(known?.cause ?? error),
          },
          'external sign-in: the exchange with the provider failed',
        );
        throw failed(reason, known?.retryable ? 503 : 401);
      }
      if (!identity.email || !identity.emailVerified) {
        log.warn(
          { issuer: identity.issuer, hasEmail: identity.email !== undefined },
          'external sign-in: the provider gave no verified e-mail address',
        );
        throw failed('email_not_verified');
      }
      const email = identity.email.trim().toLowerCase();
      const linked = await findExternalIdentity(db, identity.issuer, identity.subject);
      if (linked) {
        return signInOrChallenge(linked.user_id, identity.issuer, identity.idToken, {
          userAgent,
          ip,
        });
      }
      const existing = await findUserByEmail(db, email);
      const ticketRow = {
        issuer: identity.issuer,
        subject: identity.subject,
        email,
        name: identity.name ?? '',
        id_token: identity.idToken,
        language: started.language,
      };
      if (existing) {
        const ticket = await newTicket({ ...ticketRow, kind: 'link', user_id: existing.id });
        return { status: 'link_required', ticket, email };
      }
      const ticket = await newTicket({ ...ticketRow, kind: 'signup', user_id: null });
      return {
        status: 'details_required',
        ticket,
        email,
        name: identity.name ?? '',
        suggestedUsername: suggestUsername(email),
      };
    },

    /** A first sign-in's account, from the verified e-mail and the fields the provider lacks. */
    async complete(body: ExternalCompleteBody, client: Client = { userAgent: null, ip: null }) {
      const ticketHash = hashToken(body.ticket);
      const made = await db
        .transaction()
        .execute(async (tx) => {
          const ticket = await lockTicket(tx, ticketHash, 'signup');
          if (!ticket) throw expired();
          const clash = conflict(await findTaken(tx, ticket.email, body.username));
          if (clash) throw clash;
          // The provider's name, else the one typed (identity checks compare it with the ID).
          const name = ticket.name || body.name;
          if (!name) {
            throw new AppError('validation_failed', 400, 'The request is not valid.', {
              fields: [{ path: 'name', message: 'The provider gave no name: type yours' }],
            });
          }
          const user = await insertUser(tx, {
            name,
            username: body.username,
            email: ticket.email,
            phone: body.phone ?? null,
            zip_code: body.zipCode,
            verification_service: kycProviderForZip(body.zipCode, phoneCountryOf(body.phone)),
            language: body.language ?? (ticket.language === 'en' ? 'en' : 'es'),
            // No password: a random one nobody knows (a password reset can set one later).
            password_hash: await hashPassword(randomBytes(32).toString('base64url')),
            // Accepted on the details step: the body refuses an account without it.
            terms_version: body.termsVersion,
            terms_accepted_at: new Date(),
          });
          return linkTicket(tx, ticket, user.id);
        })
        .catch((error: unknown) => {
          throw uniqueViolation(error) ?? error;
        });
      return openSession(made.userId, made.issuer, made.idToken, client);
    },

    /** Links the provider to the password account of its e-mail, once its password is given. */
    async link(body: ExternalLinkBody, ip: string, userAgent: string | null = null) {
      const ticketHash = hashToken(body.ticket);
      await rateLimits.take(
        { key: `external-link:ip:${ip}`, limit: 20, windowSeconds: 15 * 60 },
        'Too many attempts. Try again in 15 minutes.',
      );
      // The ticket's attempt and the account's are taken before the hash is computed, outside
      // any transaction, so parallel guesses are counted one by one (docs/security.md).
      const attempt = await takeLinkAttempt(db, ticketHash, LINK_ATTEMPTS);
      if (!attempt?.user_id) throw expired();
      if (!(await confirmPassword(attempt.user_id, body.password, ip, { signedIn: false }))) {
        throw new AppError('invalid_credentials', 401, 'Invalid username or password');
      }
      const made = await db.transaction().execute(async (tx) => {
        const ticket = await lockTicket(tx, ticketHash, 'link');
        if (!ticket?.user_id || ticket.user_id !== attempt.user_id) return null;
        const taken = await findExternalIdentity(tx, ticket.issuer, ticket.subject);
        if (taken) {
          throw new AppError(
            'external_identity_taken',
            409,
            'This provider account is already linked to another Pago account.',
          );
        }
        const linked = await linkTicket(tx, ticket, ticket.user_id);
        // A security notice, always e-mailed: the provider now signs in to this account.
        const device = deviceName(userAgent ?? undefined);
        await notifications.notify(tx, {
          userId: linked.userId,
          type: 'external_signin_linked',
          data: { provider: providerName, ...(device ? { device } : {}) },
        });
        return linked;
      });
      if (!made) throw expired();
      const answer = await signInOrChallenge(made.userId, made.issuer, made.idToken, {
        userAgent,
        ip,
      });
      if (answer.status === 'two_step_required') {
        return { twoStepRequired: true as const, challenge: answer.challenge };
      }
      const { status: _status, ...session } = answer;
      return session;
    },

    /** How the session of this token signed in. */
    async method(token: string): Promise<AuthMethod> {
      const found = await sessionExternalIdentity(db, hashToken(token));
      if (!found?.issuer) return { method: 'traditional' };
      return { method: 'external', providerName, email: found.email ?? '' };
    },

    /** Where to end the provider's session of a session being ended (null: a password sign-in). */
    async endSessionUrl(token: string): Promise<string | null> {
      const found = await sessionExternalIdentity(db, hashToken(token));
      if (!found?.idToken || !oidc) return null;
      try {
        return await oidc.endSessionUrl(found.idToken, `${config.publicUrl}/login`);
      } catch {
        return null;
      }
    },
  };
}
export type ExternalSignin = ReturnType<typeof createExternalSignin>;

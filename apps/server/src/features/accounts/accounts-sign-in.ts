import { createHash, randomBytes } from 'node:crypto';
import {
  isIdentityVerified,
  type LoginBody,
  type UserProfile,
} from '@pago/shared/contracts/accounts';
import {
  type SessionInfo,
  SIGN_IN_METHODS,
  type SignInMethod,
  type TwoStepChallenge,
} from '@pago/shared/contracts/security';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { deviceName } from '../notifications/device-name';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { UserRow } from './accounts-profile';
import { placeLookup } from './geoip';
import { accountKey, createPasswordAttempts } from './password-attempts';
import { checkPasswordStrength, hashPassword } from './passwords';
import {
  accountClosed,
  insertSession,
  listLiveSessions,
  revokeOtherSessions,
  revokeSession,
  revokeSessionById,
  touchSession,
} from './sessions.repository';
import type { TwoStep } from './two-step.service';
import { findUserById, findUserByLogin, updateUser } from './users.repository';

/** Session tokens are 256 random bits; only their SHA-256 is stored. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** How and from where a sign-in came: what its session shows in the list of sessions. */
export type SignInContext = { method: SignInMethod; ip?: string | null | undefined };

const isSignInMethod = (value: string | null): value is SignInMethod =>
  (SIGN_IN_METHODS as readonly (string | null)[]).includes(value);

type Deps = {
  db: Database;
  config: Config;
  rateLimits: RateLimits;
  notifications: Pick<Notifications, 'notify'>;
  twoStep: TwoStep;
  profile: (user: UserRow) => Promise<UserProfile>;
};

/** Signing in and out: passwords, two-step codes, sessions and the user's list of them. */
export function createSignIn({ db, config, rateLimits, notifications, twoStep, profile }: Deps) {
  const passwordAttempts = createPasswordAttempts(rateLimits);
  const placeOf = placeLookup(config.geoipGeofeedPath);

  async function startSession(
    userId: string,
    userAgent: string | null | undefined,
    context: SignInContext,
    external?: { issuer: string; idToken: string },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertSession(db, {
      tokenHash: hashToken(token),
      userId,
      absoluteHours: config.sessionAbsoluteHours,
      userAgent: userAgent ?? null,
      signInMethod: context.method,
      place: placeOf(context.ip),
      ...(external ? { external } : {}),
    });
    return token;
  }

  /** A new session, of which the user hears ("new sign-in", with the device and time). */
  async function finishSignIn(
    user: UserRow,
    userAgent: string | null | undefined,
    context: SignInContext,
    external?: { issuer: string; idToken: string },
  ) {
    const device = deviceName(userAgent ?? undefined);
    await notifications.notify(db, {
      userId: user.id,
      type: 'new_sign_in',
      data: device ? { device } : {},
    });
    return {
      token: await startSession(user.id, userAgent, context, external),
      user: await profile(user),
    };
  }

  /**
   * Whether the password is the user's, within the account's budget of wrong passwords.
   * `signedIn`: the user re-enters their own (no stranger's guess at other accounts).
   */
  async function passwordMatches(
    user: UserRow,
    password: string,
    ip: string,
    signedIn = true,
  ): Promise<boolean> {
    return passwordAttempts.check(
      { key: accountKey(user.id), passwordHash: user.password_hash },
      password,
      ip,
      { message: 'Too many failed attempts. Try again in 15 minutes.', signedIn },
    );
  }

  /** Checks the signed-in user's password, on the same budget as sign-in's. */
  async function checkPassword(user: UserRow, password: string, ip: string): Promise<void> {
    if (!(await passwordMatches(user, password, ip))) {
      // 400, not 401: a signed-in caller's 401 means an ended session.
      throw new AppError('invalid_credentials', 400, 'Wrong password');
    }
  }

  /** A session, or with two-step codes on, the challenge a code turns into one. */
  async function sessionOrChallenge(
    user: UserRow,
    userAgent: string | null | undefined,
    context: SignInContext,
  ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
    if (user.closed_at) throw accountClosed();
    if (user.two_step_enabled_at) {
      // No session yet: the code turns this challenge into one (POST /api/auth/login/two-step).
      const challenge = await twoStep.createChallenge(
        user.id,
        userAgent?.slice(0, 512) ?? null,
        undefined,
        context.method,
      );
      return { twoStepRequired: true, challenge };
    }
    return finishSignIn(user, userAgent, context);
  }

  return {
    startSession,
    sessionOrChallenge,

    async login(
      body: LoginBody,
      ip: string,
      userAgent?: string,
    ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      // An unknown name is limited like an account (by the name typed) and costs the same hash,
      // so the answer and its time tell nothing about which accounts exist.
      const ok = await passwordAttempts.check(
        {
          key: user ? accountKey(user.id) : `login:${login}`,
          passwordHash: user?.password_hash ?? null,
        },
        body.password,
        ip,
        { message: 'Too many failed log-in attempts. Try again in 15 minutes.', signedIn: false },
      );
      if (!user || !ok)
        throw new AppError('invalid_credentials', 401, 'Invalid username or password');
      return sessionOrChallenge(user, userAgent, { method: 'password', ip });
    },

    /**
     * Whether `password` is this user's, on the budget every password check shares (429 when it
     * is spent): for the card reveal's re-entry (`signedIn`) and the external sign-in's link step.
     */
    async confirmPassword(
      userId: string,
      password: string,
      ip: string,
      { signedIn }: { signedIn: boolean },
    ): Promise<boolean> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      return passwordMatches(user, password, ip, signedIn);
    },

    /** The second step of a sign-in: the challenge and a code make the session. */
    async loginWithCode(body: { challenge: string; code: string }, ip?: string) {
      const { userId, userAgent, external, method } = await twoStep.redeemChallenge(
        body.challenge,
        body.code,
      );
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Sign-in expired. Sign in again.');
      // The method the sign-in began with (a challenge older than the column: its kind's).
      const begun: SignInMethod = isSignInMethod(method)
        ? method
        : external
          ? 'external'
          : 'password';
      return finishSignIn(user, userAgent, { method: begun, ip }, external);
    },

    /** Turns two-step codes off: the password and a current code. */
    async disableTwoStep(
      userId: string,
      body: { password: string; code: string },
      ip: string,
      userAgent?: string | null,
    ) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      await checkPassword(user, body.password, ip);
      await twoStep.disable(userId, body.code, userAgent);
    },

    /**
     * A new password for the signed-in user (the current one, and a code when two-step codes are
     * on); every other session of theirs ends, this one stays.
     */
    async changePassword(
      userId: string,
      token: string,
      body: { currentPassword: string; newPassword: string; twoStepCode?: string | undefined },
      ip: string,
    ): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      await checkPassword(user, body.currentPassword, ip);
      checkPasswordStrength(body.newPassword);
      await twoStep.requireSecondStep(userId, body.twoStepCode);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (tx) => {
        await updateUser(tx, userId, { password_hash: passwordHash });
        await revokeOtherSessions(tx, userId, hashToken(token));
        await notifications.notify(tx, { userId, type: 'password_changed' });
      });
    },

    /** The user's live sessions, this one marked. */
    async listSessions(userId: string, token: string): Promise<SessionInfo[]> {
      const current = hashToken(token);
      const rows = await listLiveSessions(db, userId, config.sessionIdleMinutes);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent ?? undefined),
        method: isSignInMethod(row.sign_in_method) ? row.sign_in_method : null,
        place: row.place,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_used_at.toISOString(),
        current: row.token_hash.equals(current),
      }));
    },

    /** Ends one of the user's sessions; another user's (or no) session is 404. */
    async endSession(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await revokeSessionById(db, userId, id))) {
        throw new AppError('not_found', 404, 'No such session.');
      }
    },

    async endOtherSessions(userId: string, token: string): Promise<void> {
      await revokeOtherSessions(db, userId, hashToken(token));
    },

    async logout(token: string): Promise<void> {
      await revokeSession(db, hashToken(token));
    },

    /** The user of a live session (renewing its idle timer), or null. */
    async authenticate(token: string): Promise<{ userId: string; verified: boolean } | null> {
      const session = await touchSession(db, hashToken(token), config.sessionIdleMinutes);
      if (!session) return null;
      return {
        userId: session.user_id,
        verified: isIdentityVerified({
          kyc_status: session.kyc_status,
          persona_status: session.persona_status,
          plaidIdentityStatus: session.plaid_identity_status,
        }),
      };
    },
  };
}

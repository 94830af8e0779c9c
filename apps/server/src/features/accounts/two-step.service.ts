import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RecoveryCodes, SecurityStatus, TwoStepSetup } from '@pago/shared/contracts/security';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deviceName } from '../notifications/device-name';
import type { Notifications } from '../notifications/notifications.service';
import { encryptAccessToken as seal, decryptAccessToken as unseal } from '../plaid/token-crypto';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

type Deps = {
  db: Database;
  config: Config;
  rateLimits: RateLimits;
  /** Turning the codes on or off is a security notice, always e-mailed. */
  notifications: Pick<Notifications, 'notify'>;
};

/** Wrong codes a user may send in a window, as for passwords (then 429 rate_limited). */
export const TWO_STEP_FAILURE_LIMIT = 5;
export const TWO_STEP_FAILURE_WINDOW_SECONDS = 15 * 60;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its code after the right password. */
export const CHALLENGE_MINUTES = 5;

/** AAD of the sealed secret: a secret copied onto another user's row does not open. */
const aad = (userId: string) => `two-step:${userId}`;

/** `abcde-fghij`: 50 random bits in base32 letters and digits. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function createTwoStep({ db, config, rateLimits, notifications }: Deps) {
  /** The notice of a change, in the change's transaction, with the device that made it. */
  async function notifyChange(
    tx: Database,
    userId: string,
    type: 'two_step_enabled' | 'two_step_disabled',
    userAgent: string | null | undefined,
  ) {
    const device = deviceName(userAgent ?? undefined);
    await notifications.notify(tx, { userId, type, data: device ? { device } : {} });
  }

  const recoveryHash = (code: string) =>
    createHmac('sha256', config.appSecret)
      .update(`recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`)
      .digest();

  async function userRow(userId: string) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'two_step_secret', 'two_step_enabled_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
    return user;
  }

  async function storeRecoveryCodes(executor: Database, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await executor.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
    await executor
      .insertInto('two_step_recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code) })))
      .execute();
    return codes;
  }

  /** Accepts an app code once (its step must be newer than the last accepted one). */
  async function acceptTotp(userId: string, secret: string, code: string): Promise<boolean> {
    const step = matchTotp(secret, code);
    if (step === null) return false;
    const claimed = await db
      .updateTable('users')
      .set({ two_step_last_step: step })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([eb('two_step_last_step', 'is', null), eb('two_step_last_step', '<', step)]),
      )
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async function acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    const used = await db
      .updateTable('two_step_recovery_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryHash(code))
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return used !== undefined;
  }

  /**
   * Checks a code (the app's 6 digits, or a recovery code, each good once) against the user's
   * secret. Each attempt takes a place in the user's window first; a right code gives it back.
   */
  async function check(
    userId: string,
    sealedSecret: string,
    code: string,
    { recovery = true } = {},
  ): Promise<void> {
    const key = `two-step-fail:user:${userId}`;
    await rateLimits.take(
      { key, limit: TWO_STEP_FAILURE_LIMIT, windowSeconds: TWO_STEP_FAILURE_WINDOW_SECONDS },
      'Too many wrong codes. Try again in 15 minutes.',
    );
    const trimmed = code.trim();
    const ok = /^\d{6}$/.test(trimmed)
      ? await acceptTotp(userId, unseal(config.twoStepKey, aad(userId), sealedSecret), trimmed)
      : recovery && (await acceptRecoveryCode(userId, trimmed));
    if (!ok) throw new AppError('invalid_two_step_code', 400, 'Invalid or already used code');
    await rateLimits.clear(key);
  }

  return {
    async status(userId: string): Promise<SecurityStatus> {
      const user = await userRow(userId);
      const left = await db
        .selectFrom('two_step_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      const enabled = user.two_step_enabled_at !== null;
      return { twoStepEnabled: enabled, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await userRow(userId)).two_step_enabled_at !== null;
    },

    /** A new secret for the app; two-step codes are on only once a code from it is confirmed. */
    async setup(userId: string): Promise<TwoStepSetup> {
      const user = await userRow(userId);
      if (user.two_step_enabled_at) {
        throw new AppError('conflict', 409, 'Two-step codes are already on.');
      }
      const secret = newTotpSecret();
      await db
        .updateTable('users')
        .set({
          two_step_secret: seal(config.twoStepKey, aad(userId), secret),
          two_step_last_step: null,
        })
        .where('id', '=', userId)
        .execute();
      return { secret, otpauthUri: otpauthUri(secret, user.email) };
    },

    /** Turns two-step codes on with a first code from the app; the recovery codes, shown once. */
    async confirm(userId: string, code: string, userAgent?: string | null): Promise<RecoveryCodes> {
      const user = await userRow(userId);
      if (user.two_step_enabled_at) {
        throw new AppError('conflict', 409, 'Two-step codes are already on.');
      }
      if (!user.two_step_secret) {
        throw new AppError('conflict', 409, 'Start setting up two-step codes first.');
      }
      await check(userId, user.two_step_secret, code, { recovery: false });
      const recoveryCodes = await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('users')
          .set({ two_step_enabled_at: sql<Date>`now()` })
          .where('id', '=', userId)
          .execute();
        await notifyChange(tx, userId, 'two_step_enabled', userAgent);
        return storeRecoveryCodes(tx, userId);
      });
      return { recoveryCodes };
    },

    /** Turns two-step codes off (the caller checked the password); takes a current code. */
    async disable(userId: string, code: string, userAgent?: string | null): Promise<void> {
      const user = await userRow(userId);
      if (!user.two_step_enabled_at || !user.two_step_secret) {
        throw new AppError('conflict', 409, 'Two-step codes are off.');
      }
      await check(userId, user.two_step_secret, code);
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('users')
          .set({ two_step_secret: null, two_step_enabled_at: null, two_step_last_step: null })
          .where('id', '=', userId)
          .execute();
        await tx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
        await notifyChange(tx, userId, 'two_step_disabled', userAgent);
      });
    },

    /**
     * For a sensitive action (change of e-mail, phone or password; revealing a card's number):
     * nothing when the user has two-step codes off; else a current code, or 403
     * two_step_required without one and 400 invalid_two_step_code for a wrong or used one.
     */
    async requireSecondStep(userId: string, code: string | undefined | null): Promise<void> {
      const user = await userRow(userId);
      if (!user.two_step_enabled_at || !user.two_step_secret) return;
      if (!code) {
        throw new AppError('two_step_required', 403, 'Enter a code from your authenticator app.');
      }
      await check(userId, user.two_step_secret, code);
    },

    /** After the right password: a challenge that a code turns into a session. */
    async createChallenge(
      userId: string,
      userAgent: string | null,
      external?: { issuer: string; idToken: string },
      /** How the sign-in began (a `SignInMethod`): the session the code opens keeps it. */
      method?: string,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('sign_in_challenges')
        .values({
          token_hash: challengeHash(token),
          user_id: userId,
          user_agent: userAgent,
          external_issuer: external?.issuer ?? null,
          external_id_token: external?.idToken ?? null,
          sign_in_method: method ?? (external ? 'external' : null),
          expires_at: sql<Date>`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
        })
        .execute();
      await db
        .deleteFrom('sign_in_challenges')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
      return token;
    },

    /** The challenge's user once its code is right; the challenge is used up. */
    async redeemChallenge(challenge: string, code: string) {
      const invalid = new AppError('unauthorized', 401, 'Sign-in expired. Sign in again.');
      const row = await db
        .selectFrom('sign_in_challenges as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select([
          'c.user_id',
          'c.user_agent',
          'c.external_issuer',
          'c.external_id_token',
          'c.sign_in_method',
          'u.two_step_secret',
        ])
        .where('c.token_hash', '=', challengeHash(challenge))
        .where('c.used_at', 'is', null)
        .where('c.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row?.two_step_secret) throw invalid;
      await check(row.user_id, row.two_step_secret, code);
      const used = await db
        .updateTable('sign_in_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', challengeHash(challenge))
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) throw invalid;
      const external =
        row.external_issuer && row.external_id_token
          ? { issuer: row.external_issuer, idToken: row.external_id_token }
          : undefined;
      return {
        userId: row.user_id,
        userAgent: row.user_agent,
        external,
        method: row.sign_in_method,
      };
    },
  };
}

function challengeHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export type TwoStep = ReturnType<typeof createTwoStep>;

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createPasswordAttempts } from '../accounts/password-attempts';
import { checkPasswordStrength, hashPassword } from '../accounts/passwords';
import { matchTotp, newTotpSecret, otpauthUri } from '../accounts/totp';
import { encryptAccessToken as seal, decryptAccessToken as unseal } from '../plaid/token-crypto';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import {
  claimTotpStep,
  findStaffByEmail,
  findStaffById,
  insertChallenge,
  insertStaff,
  insertStaffSession,
  liveChallenge,
  revokeStaffSession,
  type StaffRole,
  touchStaffSession,
  useChallenge,
} from './staff.repository';

export type { StaffRole };
export const STAFF_ROLES = ['support', 'compliance', 'admin'] as const;

/**
 * A staff session ends after 15 minutes without a request: the console shows customers' personal
 * and financial data, and an unattended, unlocked screen is the likeliest leak (PCI DSS asks the
 * same 15 minutes of idle time before re-authenticating).
 */
export const STAFF_IDLE_MINUTES = 15;
/**
 * …and 8 hours after sign-in whatever happens: one working shift. A token copied from a browser
 * is good for at most a shift, and every shift starts with the password and a fresh code.
 */
export const STAFF_ABSOLUTE_MINUTES = 8 * 60;
/** How long the code step waits after the right password. */
export const STAFF_CHALLENGE_MINUTES = 5;
/** Wrong codes a staff member may send in the window (then 429), as for customers' codes. */
export const STAFF_CODE_FAILURES = { limit: 5, windowSeconds: 15 * 60 };

/** A signed-in staff member, as routes see them (`request.staff`). */
export type Staff = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
  token: string;
};

const hashToken = (token: string) => createHash('sha256').update(`staff:${token}`).digest();
/** AAD of the sealed secret: a secret copied onto another staff row does not open. */
const aad = (staffId: string) => `staff-two-step:${staffId}`;
const staffKey = (staffId: string) => `staff:${staffId}`;

type Deps = { db: Database; config: Config; rateLimits: RateLimits };

/** Staff accounts: creation (CLI, sandbox), sign-in with password then code, sessions. */
export function createStaffAuth({ db, config, rateLimits }: Deps) {
  const passwordAttempts = createPasswordAttempts(rateLimits);

  return {
    /**
     * A new staff member with a new TOTP secret, returned once (the caller shows it or its
     * otpauth URI to the person, who adds it to an authenticator app).
     */
    async create(input: { email: string; name: string; role: StaffRole; password: string }) {
      checkPasswordStrength(input.password);
      const id = randomUUID();
      const secret = newTotpSecret();
      try {
        const staff = await insertStaff(db, {
          id,
          email: input.email.trim(),
          name: input.name.trim(),
          role: input.role,
          passwordHash: await hashPassword(input.password),
          sealedSecret: seal(config.twoStepKey, aad(id), secret),
        });
        return {
          staff,
          totpSecret: secret,
          otpauthUri: otpauthUri(secret, staff.email, 'Pago Ops'),
        };
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw new AppError('conflict', 409, 'A staff member with this e-mail exists.');
        }
        throw error;
      }
    },

    /**
     * The password step: a challenge the code step finishes. Wrong passwords draw on the same
     * budgets as customers' (features/accounts/password-attempts.ts), keyed by the staff member.
     * An unknown or disabled e-mail spends the same time and answers the same.
     */
    async login(email: string, password: string, ip: string): Promise<{ challenge: string }> {
      const staff = await findStaffByEmail(db, email.trim());
      const usable = staff && staff.disabled_at === null ? staff : null;
      const ok = await passwordAttempts.check(
        {
          key: usable ? staffKey(usable.id) : `staff-email:${email.trim().toLowerCase()}`,
          passwordHash: usable?.password_hash ?? null,
        },
        password,
        ip,
        { message: 'Too many failed attempts. Try again in 15 minutes.', signedIn: false },
      );
      if (!ok || !usable)
        throw new AppError('invalid_credentials', 401, 'Wrong e-mail or password');
      const challenge = randomBytes(32).toString('base64url');
      await insertChallenge(db, hashToken(challenge), usable.id, STAFF_CHALLENGE_MINUTES);
      return { challenge };
    },

    /** The code step: the authenticator's 6 digits (each accepted once) turn the challenge into a session. */
    async verifyCode(challenge: string, code: string, ip: string) {
      const challengeHash = hashToken(challenge);
      const pending = await liveChallenge(db, challengeHash);
      if (!pending) throw new AppError('unauthorized', 401, 'The sign-in expired. Start again.');
      const staff = await findStaffById(db, pending.staff_id);
      if (!staff || staff.disabled_at !== null) {
        throw new AppError('unauthorized', 401, 'The sign-in expired. Start again.');
      }
      const key = `staff-code-fail:${staff.id}`;
      await rateLimits.take(
        { key, ...STAFF_CODE_FAILURES },
        'Too many wrong codes. Try again in 15 minutes.',
      );
      const step = /^\d{6}$/.test(code.trim())
        ? matchTotp(unseal(config.twoStepKey, aad(staff.id), staff.totp_secret), code.trim())
        : null;
      if (step === null || !(await claimTotpStep(db, staff.id, step))) {
        throw new AppError('invalid_two_step_code', 400, 'Invalid or already used code');
      }
      await rateLimits.clear(key);
      if (!(await useChallenge(db, challengeHash))) {
        throw new AppError('unauthorized', 401, 'The sign-in expired. Start again.');
      }
      const token = randomBytes(32).toString('base64url');
      const session = await insertStaffSession(db, {
        tokenHash: hashToken(token),
        staffId: staff.id,
        absoluteMinutes: STAFF_ABSOLUTE_MINUTES,
        ip,
      });
      return {
        token,
        expiresAt: session.expires_at.toISOString(),
        idleMinutes: STAFF_IDLE_MINUTES,
        staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role },
      };
    },

    /** The staff member of a live staff session (renewing its idle timer), or null. */
    async authenticate(token: string): Promise<Staff | null> {
      const row = await touchStaffSession(db, hashToken(token), STAFF_IDLE_MINUTES);
      if (!row) return null;
      return {
        id: row.staff_id,
        email: row.email,
        name: row.name,
        role: row.role,
        sessionId: row.session_id,
        token,
      };
    },

    async logout(token: string): Promise<void> {
      await revokeStaffSession(db, hashToken(token));
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

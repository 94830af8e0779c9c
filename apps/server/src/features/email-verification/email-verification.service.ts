import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@pago/shared/contracts/accounts';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import { passwordResetEmail, verificationCodeEmail } from '../../providers/email/templates';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import {
  type CodePurpose,
  consumeCode,
  countCodesSince,
  findVerifiedForUpdate,
  markVerified,
  replaceOpenCode,
  takeAttempt,
} from './email-verification.repository';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** How long a verified address may be used to sign up or change a profile's e-mail. */
export const VERIFIED_EMAIL_WINDOW_MINUTES = 30;

const INVALID_CODE = 'Invalid verification code';

type Deps = { db: Database; config: Config; mailer: Mailer; rateLimits: RateLimits };

/**
 * Six-digit codes sent by e-mail: from a CSPRNG, stored as an HMAC keyed by APP_SECRET, valid
 * 10 minutes, 5 tries each, at most one a minute and five an hour per address.
 */
export function createEmailVerification({ db, config, mailer, rateLimits }: Deps) {
  const hashCode = (purpose: CodePurpose, email: string, code: string) =>
    createHmac('sha256', config.appSecret).update(`${purpose}:${email}:${code}`).digest();

  async function sendCode(
    purpose: CodePurpose,
    to: { email: string; name: string; language: Language },
    ip: string,
  ): Promise<void> {
    if ((await countCodesSince(db, to.email, purpose, 60)) >= 1) {
      throw new AppError(
        'rate_limited',
        429,
        'Please wait a minute before requesting another code.',
        {
          retryAfterSeconds: 60,
        },
      );
    }
    if ((await countCodesSince(db, to.email, purpose, 3600)) >= 5) {
      throw new AppError('rate_limited', 429, 'Too many codes requested. Try again in an hour.', {
        retryAfterSeconds: 3600,
      });
    }
    const ipRule = { key: `code-send:ip:${ip}`, limit: 20, windowSeconds: 3600 };
    await rateLimits.check(ipRule, 'Too many codes requested from this network. Try again later.');
    await rateLimits.hit(ipRule.key);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await replaceOpenCode(db, {
      email: to.email,
      purpose,
      codeHash: hashCode(purpose, to.email, code),
      ttlSeconds: CODE_TTL_MINUTES * 60,
    });
    const render = purpose === 'email' ? verificationCodeEmail : passwordResetEmail;
    try {
      await mailer.send({
        to: to.email,
        code,
        ...render(to.language, { name: to.name, code, minutes: CODE_TTL_MINUTES }),
      });
    } catch {
      throw new AppError('service_unavailable', 503, 'Failed to send verification email');
    }
  }

  /** Checks a code; on success returns its id. Wrong, expired and missing codes look the same. */
  async function checkCode(
    purpose: CodePurpose,
    email: string,
    code: string,
    ip: string,
  ): Promise<number> {
    const ipRule = { key: `code-check:ip:${ip}`, limit: 30, windowSeconds: 900 };
    await rateLimits.check(
      ipRule,
      'Too many verification attempts from this network. Try again later.',
    );
    const attempt = await takeAttempt(db, email, purpose, CODE_MAX_ATTEMPTS);
    if (attempt.status === 'locked') {
      throw new AppError(
        'verification_code_locked',
        429,
        'Too many wrong codes. Request a new code.',
      );
    }
    if (
      attempt.status === 'none' ||
      !timingSafeEqual(attempt.code_hash, hashCode(purpose, email, code))
    ) {
      await rateLimits.hit(ipRule.key);
      throw new AppError('invalid_verification_code', 400, INVALID_CODE);
    }
    return attempt.id;
  }

  return {
    sendCode,
    checkCode,

    async verifyEmailCode(email: string, code: string, ip: string): Promise<void> {
      await markVerified(db, await checkCode('email', email, code, ip));
    },

    /**
     * Inside the caller's transaction: takes the address's verified code (so it is used once),
     * or refuses. The client's `emailVerified` flag is never trusted.
     */
    async consumeVerifiedEmail(tx: Database, email: string): Promise<void> {
      const verified = await findVerifiedForUpdate(
        tx,
        email,
        'email',
        VERIFIED_EMAIL_WINDOW_MINUTES * 60,
      );
      if (!verified) {
        throw new AppError(
          'email_not_verified',
          403,
          'Verify your e-mail address with the code we sent first.',
        );
      }
      await consumeCode(tx, verified.id);
    },

    consumeCode,
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;

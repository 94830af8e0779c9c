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
  findVerified,
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

const notVerified = () =>
  new AppError(
    'email_not_verified',
    403,
    'Verify your e-mail address with the code we sent first.',
  );

type Deps = { db: Database; config: Config; mailer: Mailer; rateLimits: RateLimits };

/**
 * Six-digit codes sent by e-mail: from a CSPRNG, stored as an HMAC keyed by APP_SECRET, valid
 * 10 minutes, 5 tries each, at most one a minute and five an hour per address and purpose.
 */
export function createEmailVerification({ db, config, mailer, rateLimits }: Deps) {
  const hashCode = (purpose: CodePurpose, email: string, code: string) =>
    createHmac('sha256', config.appSecret).update(`${purpose}:${email}:${code}`).digest();

  /**
   * Takes the address's and the network's places for one more code, the same whether or not an
   * account exists; throws 429 rate_limited.
   */
  async function limitSend(purpose: CodePurpose, email: string, ip: string): Promise<void> {
    await rateLimits.takeAll([
      {
        key: `code-send:${purpose}:minute:${email}`,
        limit: 1,
        windowSeconds: 60,
        message: 'Please wait a minute before requesting another code.',
      },
      {
        key: `code-send:${purpose}:hour:${email}`,
        limit: 5,
        windowSeconds: 3600,
        message: 'Too many codes requested. Try again in an hour.',
      },
      {
        key: `code-send:ip:${ip}`,
        limit: 20,
        windowSeconds: 3600,
        message: 'Too many codes requested from this network. Try again later.',
      },
    ]);
  }

  /** Stores a new code for the address (closing the earlier ones) and returns it. */
  async function issueCode(purpose: CodePurpose, email: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await replaceOpenCode(db, {
      email,
      purpose,
      codeHash: hashCode(purpose, email, code),
      ttlSeconds: CODE_TTL_MINUTES * 60,
    });
    return code;
  }

  function mailCode(
    purpose: CodePurpose,
    to: { email: string; name: string; language: Language },
    code: string,
  ): Promise<void> {
    const render = purpose === 'email' ? verificationCodeEmail : passwordResetEmail;
    return mailer.send({
      to: to.email,
      code,
      ...render(to.language, { name: to.name, code, minutes: CODE_TTL_MINUTES }),
    });
  }

  async function sendCode(
    purpose: CodePurpose,
    to: { email: string; name: string; language: Language },
    ip: string,
  ): Promise<void> {
    await limitSend(purpose, to.email, ip);
    const code = await issueCode(purpose, to.email);
    try {
      await mailCode(purpose, to, code);
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
    // The attempt takes its place before the code is compared, so parallel guesses cannot all
    // pass one count; a right code gives it back (the limit counts wrong ones).
    const hit = await rateLimits.take(
      { key: `code-check:ip:${ip}`, limit: 30, windowSeconds: 900 },
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
      throw new AppError('invalid_verification_code', 400, INVALID_CODE);
    }
    await rateLimits.refund(hit);
    return attempt.id;
  }

  return {
    sendCode,
    limitSend,
    issueCode,
    mailCode,
    checkCode,

    async verifyEmailCode(email: string, code: string, ip: string): Promise<void> {
      await markVerified(db, await checkCode('email', email, code, ip));
    },

    /** Refuses (403 email_not_verified) unless the address has a verified, unused code. */
    async requireVerifiedEmail(email: string): Promise<void> {
      const verified = await findVerified(db, email, 'email', VERIFIED_EMAIL_WINDOW_MINUTES * 60);
      if (!verified) throw notVerified();
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
      if (!verified) throw notVerified();
      await consumeCode(tx, verified.id);
    },

    consumeCode,
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;

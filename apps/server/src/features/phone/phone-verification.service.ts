import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import { phoneReleasedEmail } from '../../providers/email/templates';
import {
  TWILIO_ERRORS,
  TwilioApiError,
  type TwilioVerify,
} from '../../providers/twilio/twilio-verify';
import type { Accounts } from '../accounts/accounts.service';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import {
  completeVerification,
  countSentSince,
  deleteVerification,
  lockNumber,
  openVerification,
  takeAttempt,
} from './phone-verification.repository';

/** Twilio Verify's default code lifetime; our record of a verification ends with it. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

type Deps = {
  db: Database;
  accounts: Accounts;
  rateLimits: RateLimits;
  mailer: Mailer;
  notifications: Pick<Notifications, 'notify'>;
  /** null: live mode without Twilio credentials, where phone verification is refused. */
  twilio: TwilioVerify | null;
};

const INVALID_CODE = 'Invalid verification code';

/**
 * Phones verified by an SMS code through Twilio Verify, which makes, sends and checks the code.
 * Our limits (sends per number, per user, per network; tries per code; expiry) and the rule that a
 * verified number belongs to one account live here and in our database.
 */
export function createPhoneVerification({
  db,
  accounts,
  rateLimits,
  mailer,
  notifications,
  twilio,
}: Deps) {
  function vendor(): TwilioVerify {
    if (!twilio) {
      throw new AppError(
        'phone_verification_unavailable',
        503,
        'Phone verification is not available: no SMS provider is configured.',
      );
    }
    return twilio;
  }

  function tooMany(message: string, retryAfterSeconds: number): AppError {
    return new AppError('rate_limited', 429, message, { retryAfterSeconds });
  }

  /** Twilio's refusals, in our words; anything else is the vendor being unavailable. */
  function fromTwilio(error: unknown): AppError {
    if (error instanceof TwilioApiError) {
      if (error.code === TWILIO_ERRORS.maxSendAttempts) {
        return tooMany('Too many codes requested. Try again later.', 600);
      }
      if (error.code === TWILIO_ERRORS.maxCheckAttempts) {
        return new AppError(
          'verification_code_locked',
          429,
          'Too many wrong codes. Request a new code.',
        );
      }
      if (error.code === TWILIO_ERRORS.invalidParameter) {
        return new AppError('validation_failed', 400, 'This phone number cannot receive SMS.');
      }
    }
    return new AppError('service_unavailable', 503, 'Failed to send or check the SMS code.');
  }

  return {
    /** Whether Twilio Verify is configured (live mode may lack it: phone checks are refused). */
    available: twilio !== null,

    async sendCode(
      userId: string,
      phone: string,
      ip: string,
    ): Promise<{ expiresInSeconds: number }> {
      const sms = vendor();
      const user = await accounts.getProfile(userId);
      if (user.phone === phone && user.phone_verified) {
        throw new AppError('phone_already_verified', 409, 'This phone is already verified.');
      }
      // Verifying a number makes it the account's: with two-step codes on, a new number goes
      // through the profile (which takes a code) first; this route has no code to check.
      if (user.phone !== phone) await accounts.requireSecondStep(userId, undefined);
      const ipRule = { key: `phone-send:ip:${ip}`, limit: 20, windowSeconds: 3600 };
      // Taken before the work it guards (atomic), given back if our own limits refuse the send.
      const ipHit = await rateLimits.take(
        ipRule,
        'Too many codes requested from this network. Try again later.',
      );

      const opened = db.transaction().execute(async (tx) => {
        await lockNumber(tx, phone);
        if ((await countSentSince(tx, { phone, userId }, 60)) >= 1) {
          throw tooMany('Please wait a minute before requesting another code.', 60);
        }
        if ((await countSentSince(tx, { phone, userId }, 3600)) >= 5) {
          throw tooMany('Too many codes requested. Try again in an hour.', 3600);
        }
        // Whoever asks, one number gets at most 10 codes an hour and one user 10 numbers' worth.
        if ((await countSentSince(tx, { phone }, 3600)) >= 10) {
          throw tooMany('Too many codes sent to this number. Try again in an hour.', 3600);
        }
        if ((await countSentSince(tx, { userId }, 3600)) >= 10) {
          throw tooMany('Too many codes requested. Try again in an hour.', 3600);
        }
        return openVerification(tx, { userId, phone, ttlSeconds: PHONE_CODE_TTL_MINUTES * 60 });
      });
      const verificationId = await opened.catch(async (error: unknown) => {
        await rateLimits.refund(ipHit);
        throw error;
      });

      try {
        await sms.startVerification(phone, user.language);
      } catch (error) {
        await deleteVerification(db, verificationId);
        throw fromTwilio(error);
      }
      return { expiresInSeconds: PHONE_CODE_TTL_MINUTES * 60 };
    },

    /**
     * Checks the code with Twilio; on approval the number becomes this user's verified phone, and
     * whoever held it verified before loses it and is told by e-mail.
     */
    async verify(
      userId: string,
      phone: string,
      code: string,
      ip: string,
      log: FastifyBaseLogger,
    ): Promise<void> {
      const sms = vendor(); // live mode without Twilio refuses before any limit is taken
      const ipRule = { key: `phone-check:ip:${ip}`, limit: 30, windowSeconds: 900 };
      // The limit counts wrong codes only: taken first (atomic), given back unless the code was wrong.
      const ipHit = await rateLimits.take(
        ipRule,
        'Too many verification attempts from this network. Try again later.',
      );
      try {
        await checkAndClaim(sms, userId, phone, code, log);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'invalid_verification_code')) {
          await rateLimits.refund(ipHit);
        }
        throw error;
      }
      await rateLimits.refund(ipHit);
    },
  };

  async function checkAndClaim(
    sms: TwilioVerify,
    userId: string,
    phone: string,
    code: string,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const attempt = await takeAttempt(db, userId, phone, PHONE_CODE_MAX_ATTEMPTS);
    if (attempt.status === 'locked') {
      throw new AppError(
        'verification_code_locked',
        429,
        'Too many wrong codes. Request a new code.',
      );
    }
    const wrong = () => new AppError('invalid_verification_code', 400, INVALID_CODE);
    if (attempt.status === 'none') throw wrong();

    let status: string;
    try {
      status = (await sms.checkVerification(phone, code)).status;
    } catch (error) {
      // Twilio no longer holds a pending verification (expired or used): the code is wrong.
      if (error instanceof TwilioApiError && error.code === TWILIO_ERRORS.notFound) {
        throw wrong();
      }
      throw fromTwilio(error);
    }
    if (status !== 'approved') throw wrong();

    const released = await db.transaction().execute(async (tx) => {
      if (!(await completeVerification(tx, attempt.id))) return null;
      const claimed = await accounts.claimVerifiedPhone(tx, userId, phone);
      if (claimed)
        await notifications.notify(tx, { userId, type: 'phone_changed', data: { phone } });
      return claimed;
    });
    if (!released) throw wrong();
    for (const previous of released) {
      try {
        await mailer.send({
          to: previous.email,
          ...phoneReleasedEmail(previous.language, { name: previous.name, phone }),
        });
      } catch (error) {
        // The phone has moved either way; a lost notice must not undo a verified claim.
        log.error({ err: error, userId: previous.id }, 'phone released e-mail not sent');
      }
    }
  }
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;

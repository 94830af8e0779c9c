import {
  phoneCountryOf,
  type SignupBody,
  type SignupResponse,
} from '@pago/shared/contracts/accounts';
import { kycProviderForZip } from '@pago/shared/kyc-routing';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import { accountExistsEmail } from '../../providers/email/templates';
import type { EmailVerification } from '../email-verification/email-verification.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { conflict, toUserProfile, uniqueViolation } from './accounts-profile';
import type { SignInContext } from './accounts-sign-in';
import { checkPasswordStrength, hashPassword } from './passwords';
import { findTaken, findUserByEmail, insertUser } from './users.repository';

/** Sign-up attempts with a verified address, an hour, per client address. */
export const SIGNUP_LIMIT = 20;

type Deps = {
  db: Database;
  mailer: Mailer;
  emailVerification: EmailVerification;
  rateLimits: RateLimits;
  startSession: (
    userId: string,
    userAgent: string | null | undefined,
    context: SignInContext,
  ) => Promise<string>;
};

/** Sign-up: an account for a proven e-mail address, and its first session. */
export function createSignup({ db, mailer, emailVerification, rateLimits, startSession }: Deps) {
  /** The caller proved this address is theirs; its account's owner hears of the attempt. */
  async function tellOwnerOfSignupAttempt(email: string): Promise<void> {
    const owner = await findUserByEmail(db, email);
    if (!owner) return;
    try {
      await mailer.send({
        to: owner.email,
        ...accountExistsEmail(owner.language, { name: owner.name }),
      });
    } catch {
      throw new AppError('service_unavailable', 503, 'Failed to send e-mail');
    }
  }

  return {
    async signup(body: SignupBody, ip: string, userAgent?: string): Promise<SignupResponse> {
      checkPasswordStrength(body.password);
      // Nothing about existing accounts is said before the address is proven: an unverified
      // address is refused first, whether or not it has an account.
      await emailVerification.requireVerifiedEmail(body.email);
      // Each attempt past that point costs a password hash (a verified code survives a refusal
      // such as username_taken, so one code could be replayed): a bounded number per network.
      await rateLimits.take(
        { key: `signup:ip:${ip}`, limit: SIGNUP_LIMIT, windowSeconds: 3600 },
        'Too many sign-up attempts from this network. Try again later.',
      );
      const passwordHash = await hashPassword(body.password);
      // The server derives the identity provider itself from the ZIP code (spec §4).
      const verificationService = kycProviderForZip(body.zipCode, phoneCountryOf(body.phone));

      const user = await db
        .transaction()
        .execute(async (tx) => {
          await emailVerification.consumeVerifiedEmail(tx, body.email);
          const clash = conflict(await findTaken(tx, body.email, body.username));
          if (clash) throw clash;
          return insertUser(tx, {
            name: body.name,
            username: body.username,
            email: body.email,
            phone: body.phone ?? null,
            zip_code: body.zipCode,
            verification_service: verificationService,
            language: body.language ?? 'es',
            password_hash: passwordHash,
            // The checkbox's terms (the body refuses any other version), with the server's time.
            terms_version: body.termsVersion,
            terms_accepted_at: new Date(),
          });
        })
        .catch(async (error: unknown) => {
          const refusal = uniqueViolation(error) ?? error;
          if (refusal instanceof AppError && refusal.code === 'email_taken') {
            await tellOwnerOfSignupAttempt(body.email);
          }
          throw refusal;
        });
      const token = await startSession(user.id, userAgent, { method: 'signup', ip });
      // The e-mail is verified before the account exists and there is no test mode.
      return { token, user: toUserProfile(user, 0), testMode: false, verificationNeeded: false };
    },
  };
}

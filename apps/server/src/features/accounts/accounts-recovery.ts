import { randomBytes } from 'node:crypto';
import type {
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  UserProfile,
} from '@pago/shared/contracts/accounts';
import type { TwoStepChallenge } from '@pago/shared/contracts/security';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import { signInLinkEmail } from '../../providers/email/templates';
import type { EmailVerification } from '../email-verification/email-verification.service';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { UserRow } from './accounts-profile';
import type { SignInContext } from './accounts-sign-in';
import { hashToken } from './accounts-sign-in';
import { accountKey } from './password-attempts';
import { checkPasswordStrength, hashPassword } from './passwords';
import { accountClosed, revokeAllSessions } from './sessions.repository';
import {
  insertSignInLink,
  SIGN_IN_LINK_TTL_MINUTES,
  useSignInLink,
} from './sign-in-links.repository';
import { findUserByEmail, findUserById, findUserByLogin, updateUser } from './users.repository';

type Deps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  emailVerification: EmailVerification;
  rateLimits: RateLimits;
  notifications: Pick<Notifications, 'notify'>;
  sessionOrChallenge: (
    user: UserRow,
    userAgent: string | null | undefined,
    context: SignInContext,
  ) => Promise<{ token: string; user: UserProfile } | TwoStepChallenge>;
};

/** Getting back into an account by e-mail: a one-time sign-in link, or a password reset. */
export function createRecovery({
  db,
  config,
  mailer,
  emailVerification,
  rateLimits,
  notifications,
  sessionOrChallenge,
}: Deps) {
  return {
    /**
     * E-mails a one-time sign-in link to the account of this username or e-mail (the owner's
     * way past the all-networks back-off). The answer is the same, after the same work, whether
     * or not the account exists; the e-mail leaves after it. `onMailFailure` hears of a failure.
     */
    async requestSignInLink(
      body: { username: string; language?: 'es' | 'en' | undefined },
      ip: string,
      onMailFailure: (error: unknown) => void,
    ): Promise<void> {
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      const who = user ? accountKey(user.id) : `login:${login}`;
      await rateLimits.takeAll([
        {
          key: `sign-in-link:minute:${who}`,
          limit: 1,
          windowSeconds: 60,
          message: 'A link was sent less than a minute ago: use the newest one in your e-mail.',
        },
        {
          key: `sign-in-link:hour:${who}`,
          limit: 5,
          windowSeconds: 3600,
          message: 'Several links were sent this hour: use the newest one in your e-mail.',
        },
        {
          key: `sign-in-link:ip:${ip}`,
          limit: 20,
          windowSeconds: 3600,
          message: 'Too many links requested from this network. Try again later.',
        },
      ]);
      const token = randomBytes(32).toString('base64url');
      // A closed account gets no link (the answer is the same: it tells nothing).
      if (!user || user.closed_at) return;
      await insertSignInLink(db, { tokenHash: hashToken(token), userId: user.id });
      const language = body.language ?? user.language;
      mailer
        .send({
          to: user.email,
          ...signInLinkEmail(language, {
            name: user.name,
            // In the fragment: the browser never sends it to a server or in a Referer.
            url: `${config.publicUrl}/sign-in-link#token=${token}`,
            minutes: SIGN_IN_LINK_TTL_MINUTES,
          }),
        })
        .catch(onMailFailure);
    },

    /** Signs in with an e-mailed link, once (with two-step codes on, the code step follows). */
    async signInWithLink(
      token: string,
      userAgent?: string,
      ip?: string,
    ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
      const userId = await useSignInLink(db, hashToken(token));
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user) {
        throw new AppError(
          'sign_in_link_expired',
          400,
          'This sign-in link expired or was already used. Ask for a new one.',
        );
      }
      return sessionOrChallenge(user, userAgent, { method: 'link', ip });
    },

    /**
     * Answers the same, after the same work, for any address: the limits are
     * taken per address whether or not an account exists, a code is stored either way, and the
     * e-mail (only for a real account) leaves after the answer, so its time does not show.
     * `onMailFailure` hears of a failed delivery.
     */
    async requestPasswordReset(
      body: PasswordResetRequestBody,
      ip: string,
      onMailFailure: (error: unknown) => void,
    ): Promise<void> {
      await emailVerification.limitSend('password_reset', body.email, ip);
      const user = await findUserByEmail(db, body.email);
      const code = await emailVerification.issueCode('password_reset', body.email);
      if (!user) return;
      emailVerification
        .mailCode(
          'password_reset',
          { email: user.email, name: user.name, language: body.language ?? user.language },
          code,
        )
        .catch(onMailFailure);
    },

    async confirmPasswordReset(body: PasswordResetConfirmBody, ip: string): Promise<void> {
      checkPasswordStrength(body.password);
      const codeId = await emailVerification.checkCode('password_reset', body.email, body.code, ip);
      const user = await findUserByEmail(db, body.email);
      if (!user) throw new AppError('invalid_verification_code', 400, 'Invalid verification code');
      if (user.closed_at) throw accountClosed();
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (tx) => {
        await emailVerification.consumeCode(tx, codeId);
        await updateUser(tx, user.id, { password_hash: passwordHash });
        await revokeAllSessions(tx, user.id);
        await notifications.notify(tx, { userId: user.id, type: 'password_changed' });
      });
    },
  };
}

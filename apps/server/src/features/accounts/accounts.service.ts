import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../../providers/email/mailer';
import type { EmailVerification } from '../email-verification/email-verification.service';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { createPeople } from './accounts-people';
import { createProfile } from './accounts-profile';
import { createRecovery } from './accounts-recovery';
import { createSignIn } from './accounts-sign-in';
import { createSignup } from './accounts-signup';
import { createTwoStep } from './two-step.service';

export {
  PAYEE_LOOKUP_BUDGET,
  PAYEE_LOOKUP_RULES,
  type Party,
} from './accounts-people';
export { conflict, toUserProfile, uniqueViolation } from './accounts-profile';
export { hashToken } from './accounts-sign-in';

type Deps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  emailVerification: EmailVerification;
  rateLimits: RateLimits;
  notifications: Pick<Notifications, 'notify'>;
  /** The wallet balance, from the ledger. */
  balanceOf: (userId: string) => Promise<number>;
};

/**
 * People's accounts: sign-up (accounts-signup.ts), sign-in, sessions and passwords
 * (accounts-sign-in.ts), recovery by e-mail (accounts-recovery.ts), the profile
 * (accounts-profile.ts) and finding people to pay (accounts-people.ts).
 */
export function createAccounts({
  db,
  config,
  mailer,
  emailVerification,
  rateLimits,
  notifications,
  balanceOf,
}: Deps) {
  const twoStep = createTwoStep({ db, config, rateLimits, notifications });
  const profile = createProfile({ db, emailVerification, twoStep, balanceOf });
  const signIn = createSignIn({
    db,
    config,
    rateLimits,
    notifications,
    twoStep,
    profile: profile.profile,
  });
  const signup = createSignup({
    db,
    mailer,
    emailVerification,
    rateLimits,
    startSession: signIn.startSession,
  });
  const recovery = createRecovery({
    db,
    config,
    mailer,
    emailVerification,
    rateLimits,
    notifications,
    sessionOrChallenge: signIn.sessionOrChallenge,
  });
  const people = createPeople({ db, rateLimits });

  return {
    twoStep,
    /** See TwoStep.requireSecondStep: for the card reveal and other sensitive actions. */
    requireSecondStep: twoStep.requireSecondStep,

    signup: signup.signup,

    login: signIn.login,
    confirmPassword: signIn.confirmPassword,
    loginWithCode: signIn.loginWithCode,
    disableTwoStep: signIn.disableTwoStep,
    changePassword: signIn.changePassword,
    listSessions: signIn.listSessions,
    endSession: signIn.endSession,
    endOtherSessions: signIn.endOtherSessions,
    logout: signIn.logout,
    authenticate: signIn.authenticate,

    requestSignInLink: recovery.requestSignInLink,
    signInWithLink: recovery.signInWithLink,
    requestPasswordReset: recovery.requestPasswordReset,
    confirmPasswordReset: recovery.confirmPasswordReset,

    getProfile: profile.getProfile,
    claimVerifiedPhone: profile.claimVerifiedPhone,
    getAccountSettings: profile.getAccountSettings,
    identityOf: profile.identityOf,
    updateIdentity: profile.updateIdentity,
    bankApplicant: profile.bankApplicant,
    updateProfile: profile.updateProfile,
    updateAddress: profile.updateAddress,

    findRecipient: people.findRecipient,
    parties: people.parties,
    takePayeeLookup: people.takePayeeLookup,
    findPayee: people.findPayee,
    payeeOf: people.payeeOf,
    getPublicUser: people.getPublicUser,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

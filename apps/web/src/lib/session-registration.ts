import type {
  AuthResponse,
  Language,
  SignupBody,
  SignupResponse,
  SuccessResponse,
  VerifyCodeResponse,
} from '@pago/shared/contracts/accounts';
import type { TwoStepChallenge } from '@pago/shared/contracts/security';
import { ApiError, apiFetch } from './api-client';
import type { RegistrationNext, SignupFormValues } from './session';
import {
  clearStoredPendingSignup,
  getStoredPendingSignup,
  getStoredVerificationService,
  type StoredPendingSignup,
  storePendingSignup,
} from './session-storage';

// Sign-up and log-in for the session (lib/session.tsx), in their own chunk: the session is in the
// first load, and nobody needs these before they open an account page.

type PendingRegistration = Omit<SignupBody, 'emailVerified' | 'language'>;
/** The held data; the password is missing after a reload (it is never stored). */
type HeldRegistration = Omit<PendingRegistration, 'password' | 'termsVersion'> & {
  password?: string;
  termsVersion?: string;
};
export type RegistrationChanges = Partial<Pick<PendingRegistration, 'username' | 'password'>>;

/**
 * Why a registration step could not run, apart from any server answer (spec §5).
 * `passwordNeeded`: the page was reloaded, so the password must be typed again.
 */
export type SessionFlowReason =
  | 'emailNotFound'
  | 'invalidCode'
  | 'userDataNotFound'
  | 'passwordNeeded';

/** The spec's client-side failures of the registration steps; server failures are ApiError. */
export class SessionFlowError extends Error {
  constructor(readonly reason: SessionFlowReason) {
    super(reason);
    this.name = 'SessionFlowError';
  }
}

/** What the registration needs from the session that owns it. */
export type RegistrationHost = {
  language(): Language;
  signIn(response: AuthResponse, service?: PendingRegistration['verificationService']): void;
  /** The code is on its way to `email` (null: registration over); is the password in memory? */
  setVerification(email: string | null, passwordKept?: boolean): void;
};

export type Registration = ReturnType<typeof createRegistration>;

function held(stored: StoredPendingSignup): HeldRegistration {
  const { name, email, phone, username, zipCode, verificationService, termsVersion } = stored;
  return {
    name,
    email,
    ...(phone ? { phone } : {}),
    username,
    zipCode,
    ...(verificationService ? { verificationService } : {}),
    ...(termsVersion ? { termsVersion } : {}),
  };
}

/**
 * One registration at a time: the held data, the e-mail waiting for its code (spec §4). All but
 * the password is also kept in sessionStorage, so a reload of /verify resumes it.
 */
export function createRegistration(host: RegistrationHost) {
  const stored = getStoredPendingSignup();
  let pending: HeldRegistration | null = stored ? held(stored) : null;
  let phoneCountry = stored?.phoneCountry;
  let email: string | null = stored?.sentTo ?? null;
  /** The e-mail whose code the server accepted, so a retried sign-up does not ask for it again. */
  let verifiedEmail: string | null = null;

  const keep = () => {
    if (!pending) return;
    const { password: _secret, ...rest } = pending;
    storePendingSignup({
      ...rest,
      ...(phoneCountry ? { phoneCountry } : {}),
      ...(email ? { sentTo: email } : {}),
    });
  };

  const sendCode = (to: string, name: string) =>
    apiFetch<SuccessResponse>('/api/email/send-verification', {
      method: 'POST',
      body: { email: to, name, language: host.language() },
      auth: false,
    });

  return {
    async start(data: SignupFormValues): Promise<void> {
      const { name, phone, username, password, zipCode, verificationService, termsVersion } = data;
      pending = {
        name: name.trim(),
        email: data.email.trim(),
        ...(phone ? { phone } : {}),
        username: username.trim(),
        password,
        zipCode: zipCode.trim(),
        ...(verificationService ? { verificationService } : {}),
        termsVersion,
      };
      phoneCountry = data.phoneCountry;
      // A new attempt forgets the previous address: its code must not create this account.
      email = null;
      verifiedEmail = null;
      keep();
      host.setVerification(null);
      await sendCode(pending.email, pending.name);
      email = pending.email;
      keep();
      host.setVerification(email, true);
    },

    async resend(): Promise<void> {
      if (!email) throw new SessionFlowError('emailNotFound');
      if (!pending) throw new SessionFlowError('userDataNotFound');
      await sendCode(email, pending.name);
    },

    /** Checks the code, then creates the account and signs in; says where to go (spec §4). */
    async verify(code: string, changes?: RegistrationChanges): Promise<{ next: RegistrationNext }> {
      if (!email) throw new SessionFlowError('emailNotFound');
      // Asked before the code is spent on a check.
      if (pending && !pending.password && !changes?.password) {
        throw new SessionFlowError('passwordNeeded');
      }
      if (verifiedEmail !== email) {
        const result = await apiFetch<VerifyCodeResponse>('/api/email/verify-code', {
          method: 'POST',
          body: { email, code },
          auth: false,
        });
        if (!(result?.success && result.verified)) throw new SessionFlowError('invalidCode');
        verifiedEmail = email;
      }
      if (!pending) throw new SessionFlowError('userDataNotFound');
      if (changes) {
        pending = { ...pending, ...changes };
        keep();
      }
      const { password } = pending;
      if (!password) throw new SessionFlowError('passwordNeeded');

      let response: SignupResponse;
      try {
        response = await apiFetch<SignupResponse>('/api/auth/signup', {
          method: 'POST',
          body: { ...pending, password, emailVerified: true, language: host.language() },
          auth: false,
        });
      } catch (failure) {
        // The server no longer holds the address as verified: the next try needs a code again.
        if (failure instanceof ApiError && failure.code === 'email_not_verified') {
          verifiedEmail = null;
        }
        throw failure;
      }
      host.signIn(response, pending.verificationService);
      pending = null;
      phoneCountry = undefined;
      email = null;
      verifiedEmail = null;
      clearStoredPendingSignup();
      host.setVerification(null);

      // Test mode goes straight in; otherwise e-mail first, then identity.
      if (response.testMode) return { next: '/dashboard' };
      if (response.verificationNeeded) return { next: '/verify' };
      return { next: getStoredVerificationService() ? '/onboarding/verify' : '/dashboard' };
    },
  };
}

/** `username` may also be the e-mail address. */
export function logIn(
  username: string,
  password: string,
): Promise<AuthResponse | TwoStepChallenge> {
  return apiFetch<AuthResponse | TwoStepChallenge>('/api/auth/login', {
    method: 'POST',
    body: { username: username.trim(), password },
    auth: false,
  });
}

/** The second step: the challenge from logIn and a code. */
export function logInWithCode(challenge: string, code: string): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/api/auth/login/two-step', {
    method: 'POST',
    body: { challenge, code: code.trim() },
    auth: false,
  });
}

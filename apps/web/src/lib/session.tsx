import type {
  AuthResponse,
  Language,
  UserProfile,
  VerificationService,
} from '@pago/shared/contracts/accounts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from './api-client';
import { setDisplayTimeZone } from './display-time-zone';
import { PROFILE_UPDATED, SESSION_EXPIRED } from './events';
import { forgetBrowserPush } from './service-worker';
import { SessionContext } from './session-context';
import type { Registration, RegistrationChanges } from './session-registration';
import {
  clearStoredToken,
  clearStoredVerificationService,
  getStoredPendingSignup,
  getStoredToken,
  storeToken,
  storeVerificationService,
} from './session-storage';

// This file is in the first load. Only types come from the contracts (zod and the phone metadata
// stay out), and sign-up and log-in live in ./session-registration, fetched when first used.
// Pages get useSession from ./session-context (re-exported here); keep this module free of
// top-level side effects so that pages need not load it (see session-context.ts).

export { isIdentityVerified, useSession } from './session-context';

/** The signed-in person as GET /api/user/profile returns them (spec §3). */
export type SessionUser = UserProfile;

/** What the sign-up form collects (spec §2); confirmPassword never leaves the browser. */
export type SignupFormValues = {
  name: string;
  email: string;
  /** E.164 ("+15551234567") or empty. */
  phone?: string;
  username: string;
  password: string;
  confirmPassword: string;
  zipCode: string;
  /**
   * The identity provider for this ZIP code (kycProviderForZip), sent with the sign-up and kept
   * in storage. Without it the server chooses and the one it reports is kept.
   */
  verificationService?: VerificationService;
  /** The phone box's country (kept with the pending sign-up to show the number again). */
  phoneCountry?: string;
  /** The terms the checkbox accepted (TERMS_VERSION): the server records it with the account. */
  termsVersion: string;
};

export type RegistrationNext = '/dashboard' | '/verify' | '/onboarding/verify';

export type Session = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  /**
   * The session's own trouble, in the current language: the session expired (a 401 anywhere), the
   * startup check failed, or a refresh failed. Actions (login, verifyEmail, …) throw instead.
   */
  error: string | null;
  verificationSent: boolean;
  emailForVerification: string | null;
  /**
   * The pending sign-up survived a reload but its password did not (it is never stored): the
   * verify page asks for it again and passes it to verifyEmail as `changes.password`.
   */
  passwordNeeded: boolean;
  /** Holds the data (minus confirmPassword) and sends the e-mail code; throws ApiError. */
  startRegistration(data: SignupFormValues): Promise<void>;
  /**
   * Checks the code, then creates the account and signs in (spec §4). `changes` replaces the held
   * username after an answer of username_taken; the code is not checked a second time.
   * Throws SessionFlowError (from @/lib/session-registration) or ApiError.
   */
  verifyEmail(code: string, changes?: RegistrationChanges): Promise<{ next: RegistrationNext }>;
  resendVerification(): Promise<void>;
  /** `username` may also be the e-mail address. Throws ApiError (401 invalid_credentials, 429). */
  login(username: string, password: string): Promise<{ challenge: string } | null>;
  /** Starts the session an external sign-in answered with (the /callback page). */
  adoptSession(response: AuthResponse): void;
  /**
   * The second step of a sign-in that answered with a challenge: a 6-digit code from the
   * authenticator app or a recovery code. Throws ApiError (400 invalid_two_step_code, 401, 429).
   */
  loginWithCode(challenge: string, code: string): Promise<void>;
  /** Tells the server, then forgets the session locally even if that call fails (spec §4). */
  logout(): Promise<void>;
  /** Fetches the profile again; also runs on the page-wide profile-updated event. */
  refresh(): Promise<void>;
};

type SessionErrorKey = 'sessionExpired' | 'authCheckFailed' | 'profileFetchFailed';

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(() => getStoredToken() !== null);
  const [errorKey, setErrorKey] = useState<SessionErrorKey | null>(null);
  // A sign-up waiting for its code survives a reload (session-storage.ts); its password does not.
  const [verification, setVerification] = useState<{ email: string; passwordKept: boolean } | null>(
    () => {
      const sentTo = getStoredPendingSignup()?.sentTo;
      return sentTo ? { email: sentTo, passwordKept: false } : null;
    },
  );
  const registration = useRef<Promise<Registration> | null>(null);
  // Times on every page are shown in the user's zone: set before the children render with it.
  setDisplayTimeZone(user?.timeZone);

  // Startup (spec §4): no token, signed out; a token, the profile; any failure forgets the token.
  useEffect(() => {
    if (!getStoredToken()) return;
    const controller = new AbortController();
    apiFetch<SessionUser>('/api/user/profile', { signal: controller.signal })
      .then(setUser)
      .catch((failure: unknown) => {
        if ((failure as Error).name === 'AbortError') return;
        clearStoredToken();
        setUser(null);
        setErrorKey(
          failure instanceof ApiError && failure.status === 401
            ? 'sessionExpired'
            : 'authCheckFailed',
        );
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const refresh = useCallback(async () => {
    if (!getStoredToken()) return;
    try {
      setUser(await apiFetch<SessionUser>('/api/user/profile'));
    } catch (failure) {
      // A 401 has already signed the user out through the session-expired event.
      if (!(failure instanceof ApiError && failure.status === 401)) {
        console.error('Profile refresh failed', failure);
        setErrorKey('profileFetchFailed');
      }
    }
  }, []);

  // A 401 from any call (api-client has already forgotten the token); a profile edit elsewhere.
  useEffect(() => {
    const onExpired = () => {
      setUser(null);
      setErrorKey('sessionExpired');
    };
    const onUpdated = () => void refresh();
    window.addEventListener(SESSION_EXPIRED, onExpired);
    window.addEventListener(PROFILE_UPDATED, onUpdated);
    return () => {
      window.removeEventListener(SESSION_EXPIRED, onExpired);
      window.removeEventListener(PROFILE_UPDATED, onUpdated);
    };
  }, [refresh]);

  const signIn = useCallback((response: AuthResponse, service?: VerificationService | null) => {
    storeToken(response.token);
    const chosen = service ?? response.user.verificationService;
    if (chosen) storeVerificationService(chosen);
    setUser(response.user);
    setErrorKey(null);
  }, []);

  const flow = useCallback(() => {
    registration.current ??= import('./session-registration').then(
      (module) =>
        module.createRegistration({
          // The e-mails are written in the language the page is shown in.
          language: (): Language => (i18n.language === 'en' ? 'en' : 'es'),
          signIn,
          setVerification: (email, passwordKept = false) =>
            setVerification(email ? { email, passwordKept } : null),
        }),
      (failure: unknown) => {
        registration.current = null; // the next attempt fetches the chunk again
        throw failure;
      },
    );
    return registration.current;
  }, [i18n, signIn]);

  const startRegistration = useCallback(
    async (data: SignupFormValues) => (await flow()).start(data),
    [flow],
  );
  const resendVerification = useCallback(async () => (await flow()).resend(), [flow]);
  const verifyEmail = useCallback(
    async (code: string, changes?: RegistrationChanges) => (await flow()).verify(code, changes),
    [flow],
  );
  const login = useCallback(
    async (username: string, password: string) => {
      const { logIn } = await import('./session-registration');
      const answer = await logIn(username, password);
      if ('twoStepRequired' in answer) return { challenge: answer.challenge };
      signIn(answer);
      return null;
    },
    [signIn],
  );
  const loginWithCode = useCallback(
    async (challenge: string, code: string) => {
      const { logInWithCode } = await import('./session-registration');
      signIn(await logInWithCode(challenge, code));
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    try {
      const answer = await apiFetch<{ endSessionUrl?: string }>('/api/auth/logout', {
        method: 'POST',
        body: {},
      });
      // An external sign-in ends at its provider too (which sends the browser back to /login).
      if (answer?.endSessionUrl) window.location.assign(answer.endSessionUrl);
    } catch (failure) {
      console.error('Logout call failed', failure);
    } finally {
      // The server forgot this session's push subscription; the browser drops it too.
      void forgetBrowserPush();
      clearStoredToken();
      clearStoredVerificationService();
      setUser(null);
      // A 401 from the logout call itself is not news to someone who is leaving.
      setErrorKey(null);
    }
  }, []);

  const error = errorKey && t(`session.${errorKey}`);
  const value = useMemo<Session>(
    () => ({
      user,
      isAuthenticated: user !== null,
      loading,
      error,
      verificationSent: verification !== null,
      emailForVerification: verification?.email ?? null,
      passwordNeeded: verification !== null && !verification.passwordKept,
      startRegistration,
      verifyEmail,
      resendVerification,
      login,
      adoptSession: signIn,
      loginWithCode,
      logout,
      refresh,
    }),
    [
      user,
      loading,
      error,
      verification,
      startRegistration,
      verifyEmail,
      resendVerification,
      login,
      signIn,
      loginWithCode,
      logout,
      refresh,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

import type { Session } from '@/lib/session';

/** A session that does nothing, for screens tested on their own; override what the test needs. */
export function fakeSession(overrides: Partial<Session> = {}): Session {
  return {
    user: null,
    isAuthenticated: false,
    loading: false,
    error: null,
    verificationSent: false,
    emailForVerification: null,
    passwordNeeded: false,
    startRegistration: async () => {},
    verifyEmail: async () => ({ next: '/onboarding/verify' }),
    resendVerification: async () => {},
    login: async () => null,
    adoptSession: () => {},
    loginWithCode: async () => {},
    logout: async () => {},
    refresh: async () => {},
    ...overrides,
  };
}

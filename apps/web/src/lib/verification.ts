import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from './api-client';
import type { SessionUser } from './session';
import { isIdentityVerified } from './session-context';
import { getStoredToken } from './session-storage';

// This file is in the first load (the access guard uses it): keep it small and free of MUI.

/** Where someone who has not verified their identity is sent, and the pages exempt from that. */
export const IDENTITY_ONBOARDING_PATH = '/onboarding/verify';
export const EXEMPT_FROM_IDENTITY_REDIRECT: readonly string[] = [
  IDENTITY_ONBOARDING_PATH,
  '/identity-verification',
];

export type VerificationStatus = 'checking' | 'verified' | 'not_verified' | 'error';

/**
 * The status check of spec §4: the profile fetched afresh (a provider may have finished since the
 * session started), read by isIdentityVerified. A missing token counts as not verified. Rejects
 * with ApiError; after a 401 the user has already been signed out (session-expired event).
 */
export function checkIdentityVerified(): Promise<boolean> {
  return getStoredToken()
    ? apiFetch<SessionUser>('/api/user/profile').then(isIdentityVerified)
    : Promise.resolve(false);
}

/** True for the failure of a check that signed the user out: not an error to show. */
export function isSignedOutFailure(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 401;
}

/** The check once, on mount: 'checking', then 'verified', 'not_verified' or 'error'. */
export function useVerificationStatus(): VerificationStatus {
  const [status, setStatus] = useState<VerificationStatus>('checking');
  useEffect(() => {
    let current = true;
    checkIdentityVerified().then(
      (verified) => current && setStatus(verified ? 'verified' : 'not_verified'),
      // A 401 signs the user out and the guard sends them to /login.
      (failure: unknown) => current && !isSignedOutFailure(failure) && setStatus('error'),
    );
    return () => {
      current = false;
    };
  }, []);
  return status;
}

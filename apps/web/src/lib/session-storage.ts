/** Browser storage keys of the spec: the session token and the chosen verification service. */
const TOKEN_KEY = 'token';
const VERIFICATION_SERVICE_KEY = 'verificationService';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getStoredToken(): string | null {
  return read(TOKEN_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearStoredToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

export function getStoredVerificationService(): string | null {
  return read(VERIFICATION_SERVICE_KEY);
}

export function storeVerificationService(service: string): void {
  localStorage.setItem(VERIFICATION_SERVICE_KEY, service);
}

export function clearStoredVerificationService(): void {
  localStorage.removeItem(VERIFICATION_SERVICE_KEY);
}

/**
 * A sign-up waiting for its e-mail code, kept in sessionStorage (this tab only, gone when it
 * closes) so that reloading /verify or going back to the form loses nothing. Never the password:
 * that stays in memory, and after a reload the verify page asks for it again.
 */
export type StoredPendingSignup = {
  name: string;
  email: string;
  phone?: string;
  /** The phone box's country, to show the number as it was typed. */
  phoneCountry?: string;
  username: string;
  zipCode: string;
  verificationService?: 'plaid' | 'persona';
  /** The terms version the checkbox accepted. */
  termsVersion?: string;
  /** The address the code went to; absent until the code is sent. */
  sentTo?: string;
};

const PENDING_SIGNUP_KEY = 'pendingSignup';

export function getStoredPendingSignup(): StoredPendingSignup | null {
  try {
    const raw = sessionStorage.getItem(PENDING_SIGNUP_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as StoredPendingSignup).email === 'string' &&
      typeof (value as StoredPendingSignup).name === 'string' &&
      typeof (value as StoredPendingSignup).username === 'string' &&
      typeof (value as StoredPendingSignup).zipCode === 'string' &&
      !('password' in value)
    ) {
      return value as StoredPendingSignup;
    }
    return null;
  } catch {
    return null;
  }
}

export function storePendingSignup(pending: StoredPendingSignup): void {
  try {
    sessionStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or refused: the sign-up still works, it just does not survive a reload.
  }
}

export function clearStoredPendingSignup(): void {
  try {
    sessionStorage.removeItem(PENDING_SIGNUP_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

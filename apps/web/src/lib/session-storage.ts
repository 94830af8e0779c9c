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

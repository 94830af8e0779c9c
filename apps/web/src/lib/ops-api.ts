import type { StaffMember, StaffRole } from '@pago/shared/contracts/ops';
import { ApiError } from '@/lib/api-client';

// The console's own session, apart from the customer's: another storage (sessionStorage, so it
// ends with the tab) and other keys. A customer's token never travels to /api/ops, and the staff
// token never to the customer's API.
const TOKEN_KEY = 'pago.ops.token';
const STAFF_KEY = 'pago.ops.staff';
/** Sent on window when the console's session ended (signed out, expired, revoked). */
export const OPS_SESSION_ENDED = 'pago:ops-session-ended';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getStaffToken(): string | null {
  return read(TOKEN_KEY);
}

export function getStoredStaff(): StaffMember | null {
  const text = read(STAFF_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as StaffMember;
  } catch {
    return null;
  }
}

export function storeStaffSession(token: string, staff: StaffMember): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(STAFF_KEY, JSON.stringify(staff));
}

export function clearStaffSession(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(STAFF_KEY);
  } catch {
    // Nothing stored.
  }
}

export function hasRole(staff: StaffMember | null, roles: readonly StaffRole[] | undefined) {
  return !roles || (staff !== null && roles.includes(staff.role));
}

type OpsRequest = {
  method?: string;
  body?: unknown;
  /**
   * Why the staff member looks at a customer's data: sent as the X-Ops-Reason header
   * (percent-encoded UTF-8) with every GET of it, and written in the audit log.
   */
  reason?: string | undefined;
  signal?: AbortSignal;
};

/**
 * Calls /api/ops with the staff token. The server answers an ended staff session exactly as an
 * unknown route (404 "No such endpoint"); that answer to a request that carried a token ends the
 * console's session here (OPS_SESSION_ENDED), and the shell goes back to its sign-in page.
 */
export async function opsFetch<T>(path: string, options: OpsRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getStaffToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.reason) headers['x-ops-reason'] = encodeURIComponent(options.reason);
  let response: Response;
  try {
    response = await fetch(`${BASE_URL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Network error');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (
      data as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
    )?.error;
    if (response.status === 404 && token && error?.message?.startsWith('No such endpoint')) {
      clearStaffSession();
      window.dispatchEvent(new Event(OPS_SESSION_ENDED));
    }
    if (error?.code && typeof error.message === 'string') {
      throw new ApiError(
        response.status,
        error.code as ApiError['code'],
        error.message,
        error.details,
      );
    }
    throw new ApiError(response.status, 'internal_error', `${response.status}`);
  }
  return data as T;
}

import type { UserProfile } from '@pago/shared/contracts/accounts';
import type { ErrorCode } from '@pago/shared/errors';
import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown };

/**
 * Replaces fetch with `answer`, which sees each request the app makes; unanswered paths get the
 * server's JSON 404. Returns the list of calls, in order.
 */
export function stubApi(answer: (call: ApiCall) => Answer | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = answer(call) ?? apiError(404, 'not_found');
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The server's error shape. */
export function apiError(status: number, code: ErrorCode): Answer {
  const message = `${code} (test)`;
  return { status, body: { error: { code, message }, message } };
}

export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'u_ana',
    name: 'Ana López',
    username: 'ana.lopez',
    email: 'ana@example.com',
    phone: '+13055550123',
    phone_verified: true,
    address: '100 Main St, Miami, FL',
    zipCode: '33101',
    verificationService: 'plaid',
    kyc_status: 'completed',
    persona_status: null,
    persona_inquiry_id: null,
    plaidIdentityStatus: 'approved',
    unitAccountId: null,
    balanceCents: 123456,
    balance: 1234.56,
    availableBalanceCents: 123456,
    language: 'es',
    createdAt: '2025-03-15T12:00:00.000Z',
    ...overrides,
  };
}

import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, ok, type Routes, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { apiFetch } from './api-client';
import { PROFILE_UPDATED } from './events';
import i18n, { initI18n } from './i18n';
import { type Session, SessionProvider, useSession } from './session';

afterEach(() => {
  vi.restoreAllMocks();
});

let session: Session;

function Probe() {
  session = useSession();
  return (
    <output>
      {session.loading ? 'loading' : session.isAuthenticated ? `in:${session.user?.name}` : 'out'}
      {session.error ? ` error:${session.error}` : ''}
    </output>
  );
}

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

const state = () => screen.getByRole('status').textContent;

beforeAll(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
});

describe('the session at startup', () => {
  it('without a token: signed out at once, nothing fetched', () => {
    const calls = stubRoutes({});
    renderSession();
    expect(state()).toBe('out');
    expect(calls).toEqual([]);
  });

  it('with a token: fetches the profile with it and signs in', async () => {
    localStorage.setItem('token', 'token-1');
    const calls = stubRoutes({ 'GET /api/user/profile': ok(userProfile({ name: 'Ana' })) });
    renderSession();
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('in:Ana'));
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/user/profile',
        authorization: 'Bearer token-1',
        body: undefined,
      },
    ]);
  });

  it.each([
    [
      'a 401',
      apiError(401, 'unauthorized', 'Not authenticated'),
      'Session expired. Please sign in again.',
    ],
    [
      'a 500',
      apiError(500, 'internal_error', 'Boom'),
      'Authentication check failed. Please sign in again.',
    ],
    [
      'a network failure',
      'network_error' as const,
      'Authentication check failed. Please sign in again.',
    ],
  ])('forgets the token after %s', async (_, reply, error) => {
    localStorage.setItem('token', 'token-1');
    stubRoutes({ 'GET /api/user/profile': reply });
    renderSession();
    await waitFor(() => expect(state()).toBe(`out error:${error}`));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the signed-in session', () => {
  async function signedIn(routes: Routes = {}) {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('verificationService', 'plaid');
    const calls = stubRoutes({
      'GET /api/user/profile': ok(userProfile({ name: 'Ana' })),
      ...routes,
    });
    renderSession();
    await waitFor(() => expect(state()).toBe('in:Ana'));
    return calls;
  }

  it('signs out on a 401 from any call, saying the session expired (in Spanish too)', async () => {
    await signedIn({ 'GET /api/plaid/accounts': apiError(401, 'unauthorized', 'Token revoked') });
    await act(async () => {
      await expect(apiFetch('/api/plaid/accounts')).rejects.toThrow('Token revoked');
    });
    expect(state()).toBe('out error:Session expired. Please sign in again.');
    expect(localStorage.getItem('token')).toBeNull();
    await act(() => i18n.changeLanguage('es'));
    expect(state()).toBe('out error:Tu sesión expiró. Vuelve a iniciar sesión.');
    await act(() => i18n.changeLanguage('en'));
  });

  it('fetches the profile again on the page-wide profile-updated event', async () => {
    let name = 'Ana';
    localStorage.setItem('token', 'token-1');
    const calls = stubRoutes({ 'GET /api/user/profile': () => ok(userProfile({ name })) });
    renderSession();
    await waitFor(() => expect(state()).toBe('in:Ana'));
    name = 'Ana María';
    act(() => {
      window.dispatchEvent(new Event(PROFILE_UPDATED));
    });
    await waitFor(() => expect(state()).toBe('in:Ana María'));
    expect(calls).toHaveLength(2);
  });

  it('keeps the user and reports it when a refresh fails for another reason', async () => {
    let fail = false;
    localStorage.setItem('token', 'token-1');
    stubRoutes({
      'GET /api/user/profile': () =>
        fail ? apiError(503, 'service_unavailable', 'Down') : ok(userProfile({ name: 'Ana' })),
    });
    renderSession();
    await waitFor(() => expect(state()).toBe('in:Ana'));
    fail = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => session.refresh());
    expect(consoleError).toHaveBeenCalledWith('Profile refresh failed', expect.anything());
    expect(state()).toBe('in:Ana error:Failed to fetch user profile');
  });

  it.each([
    ['answers', ok()],
    ['fails', apiError(500, 'internal_error', 'Boom')],
    ['is unreachable', 'network_error' as const],
  ])(
    'logout tells the server, then forgets token and service even if the server %s',
    async (_, reply) => {
      const calls = await signedIn({ 'POST /api/auth/logout': reply });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await act(() => session.logout());
      expect(calls.at(-1)).toMatchObject({
        method: 'POST',
        path: '/api/auth/logout',
        authorization: 'Bearer token-1',
      });
      expect(state()).toBe('out');
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('verificationService')).toBeNull();
    },
  );
});

describe('log-in through the session', () => {
  it('stores the token, and the verification service only when the user has one', async () => {
    const users = [userProfile({ verificationService: null }), userProfile({ name: 'Bea' })];
    let count = 0;
    const calls = stubRoutes({
      'POST /api/auth/login': () => ok({ token: `token-${++count}`, user: users.shift() }),
    });
    renderSession();
    await act(() => session.login('  jason ', 'secret'));
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(localStorage.getItem('verificationService')).toBeNull();
    expect(calls[0]?.body).toEqual({ username: 'jason', password: 'secret' });
    await act(() => session.login('bea', 'secret'));
    expect(state()).toBe('in:Bea');
    expect(localStorage.getItem('verificationService')).toBe('plaid');
  });

  it('sends no stale token with the log-in, and a wrong password is not an expired session', async () => {
    localStorage.setItem('token', 'stale');
    const calls = stubRoutes({
      'GET /api/user/profile': apiError(500, 'internal_error', 'Boom'),
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid credentials'),
    });
    renderSession();
    await waitFor(() => expect(state()).not.toBe('loading'));
    localStorage.setItem('token', 'stale');
    await act(async () => {
      await expect(session.login('jason', 'wrong')).rejects.toMatchObject({
        status: 401,
        code: 'invalid_credentials',
      });
    });
    expect(calls.at(-1)?.authorization).toBeNull();
    expect(localStorage.getItem('token')).toBe('stale');
    expect(state()).not.toContain('Session expired');
  });
});

describe('registration through the session', () => {
  it('holds the data, remembers the e-mail once the code is sent, and clears it all after sign-up', async () => {
    const calls = stubRoutes({
      'POST /api/email/send-verification': ok(),
      'POST /api/email/verify-code': ok({ success: true, verified: true }),
      'POST /api/auth/signup': ok(
        { token: 'new', user: userProfile(), testMode: false, verificationNeeded: true },
        201,
      ),
    });
    renderSession();
    await act(() =>
      session.startRegistration({
        name: ' Ana ',
        email: 'ana@example.com ',
        phone: '',
        username: 'ana',
        password: 'correct horse',
        confirmPassword: 'correct horse',
        zipCode: ' M5V 2T6 ',
        verificationService: 'plaid',
        termsVersion: TERMS_VERSION,
      }),
    );
    expect(session.verificationSent).toBe(true);
    expect(session.emailForVerification).toBe('ana@example.com');

    let next: string | undefined;
    await act(async () => {
      next = (await session.verifyEmail('123456')).next;
    });
    expect(next).toBe('/verify'); // verificationNeeded
    expect(calls.at(-1)?.body).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      username: 'ana',
      password: 'correct horse',
      zipCode: 'M5V 2T6',
      verificationService: 'plaid',
      termsVersion: TERMS_VERSION,
      emailVerified: true,
      language: 'en',
    });
    expect(session.verificationSent).toBe(false);
    expect(session.emailForVerification).toBeNull();
    expect(session.isAuthenticated).toBe(true);
    expect(localStorage.getItem('verificationService')).toBe('plaid');

    // The held data is gone: the same code cannot create a second account.
    await act(async () => {
      await expect(session.verifyEmail('123456')).rejects.toMatchObject({
        reason: 'emailNotFound',
      });
    });
  });

  it('does not remember the e-mail when the code could not be sent', async () => {
    stubRoutes({ 'POST /api/email/send-verification': apiError(429, 'rate_limited', 'Slow down') });
    renderSession();
    await act(async () => {
      await expect(
        session.startRegistration({
          name: 'Ana',
          email: 'ana@example.com',
          username: 'ana',
          password: 'correct horse',
          confirmPassword: 'correct horse',
          zipCode: '10001',
          termsVersion: TERMS_VERSION,
        }),
      ).rejects.toMatchObject({ code: 'rate_limited' });
    });
    expect(session.verificationSent).toBe(false);
    expect(session.emailForVerification).toBeNull();
  });
});

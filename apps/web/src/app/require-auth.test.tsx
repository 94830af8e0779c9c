import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import i18n, { initI18n } from '@/lib/i18n';
import { isIdentityVerified, SessionProvider, useSession } from '@/lib/session';
import { theme } from '@/lib/theme';
import { apiError, ok, type Reply, stubRoutes } from '@/test/api-stub';
import { userProfile } from '@/test/profiles';
import { RequireAuth } from './require-auth';

afterEach(() => {
  vi.restoreAllMocks();
});

let location: Location | null = null;
function LocationProbe() {
  location = useLocation();
  return null;
}

function DashboardStandIn() {
  const { logout } = useSession();
  return (
    <>
      <h1>Dashboard page</h1>
      <button type="button" onClick={() => void logout()}>
        Logout
      </button>
    </>
  );
}

/** A signed-in-only page, pages needing verified identity, and the two exempt from the redirect. */
function renderGuarded(path: string) {
  return render(
    <ThemeProvider theme={theme}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p role="status">Loading...</p>}>
            <Routes>
              <Route path="/login" element={<h1>Login page</h1>} />
              <Route element={<RequireAuth />}>
                <Route path="/dashboard" element={<DashboardStandIn />} />
              </Route>
              <Route element={<RequireAuth requireVerification />}>
                <Route path="/send" element={<h1>Send money page</h1>} />
                <Route path="/onboarding/verify" element={<h1>Onboarding page</h1>} />
                <Route path="/identity-verification" element={<h1>Identity page</h1>} />
              </Route>
            </Routes>
          </Suspense>
          <LocationProbe />
        </MemoryRouter>
      </SessionProvider>
    </ThemeProvider>,
  );
}

const heading = () => screen.findByRole('heading', { level: 1 });

function signedInAs(profiles: Reply | (() => Reply | Promise<Reply>)) {
  localStorage.setItem('token', 'token-1');
  return stubRoutes({ 'GET /api/user/profile': profiles });
}

beforeAll(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
});

describe('isIdentityVerified', () => {
  it.each([
    [{ kyc_status: 'completed' }, true],
    [{ persona_status: 'approved' }, true],
    [{ persona_status: 'completed' }, true],
    [{ plaidIdentityStatus: 'approved' }, true],
    [
      { kyc_status: 'pending', persona_status: 'pending_review', plaidIdentityStatus: 'success' },
      false,
    ],
    [{ kyc_status: 'failed' }, false],
    [{ persona_status: 'failed', plaidIdentityStatus: 'approved' }, true],
    [{}, false],
  ])('%j → %s', (statuses, verified) => {
    expect(isIdentityVerified(userProfile(statuses))).toBe(verified);
  });

  it('is false without a user', () => {
    expect(isIdentityVerified(null)).toBe(false);
  });
});

describe('the access guard', () => {
  it('shows Loading... while the session starts, then lets a signed-in user in', async () => {
    let answer: (reply: Reply) => void = () => {};
    const startup = new Promise<Reply>((resolve) => {
      answer = resolve;
    });
    signedInAs(() => startup);
    renderGuarded('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer(ok(userProfile()));
    expect((await heading()).textContent).toBe('Dashboard page');
  });

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    stubRoutes({});
    renderGuarded('/send?to=ana');
    expect((await heading()).textContent).toBe('Login page');
    expect(location?.state).toMatchObject({ from: { pathname: '/send', search: '?to=ana' } });
  });

  it('lets an unverified user onto a page that needs sign-in only', async () => {
    signedInAs(ok(userProfile()));
    renderGuarded('/dashboard');
    expect((await heading()).textContent).toBe('Dashboard page');
  });

  it.each([
    { kyc_status: 'completed' },
    { persona_status: 'approved' },
    { persona_status: 'completed' },
    { plaidIdentityStatus: 'approved' },
  ])('lets a verified user (%j) through, after checking the status afresh', async (statuses) => {
    let answerCheck: (reply: Reply) => void = () => {};
    const check = new Promise<Reply>((resolve) => {
      answerCheck = resolve;
    });
    // The startup profile says nothing yet; the guard's own check finds the identity verified.
    const calls = signedInAs(() => (calls.length > 1 ? check : ok(userProfile())));
    renderGuarded('/send');
    expect(await screen.findByText('Checking verification status...')).toBeVisible();
    answerCheck(ok(userProfile(statuses)));
    expect((await heading()).textContent).toBe('Send money page');
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it('sends an unverified user to /onboarding/verify', async () => {
    signedInAs(ok(userProfile({ kyc_status: 'pending' })));
    renderGuarded('/send');
    expect((await heading()).textContent).toBe('Onboarding page');
    expect(location?.pathname).toBe('/onboarding/verify');
  });

  it.each(['/onboarding/verify', '/identity-verification'])(
    'leaves an unverified user on %s',
    async (path) => {
      signedInAs(ok(userProfile()));
      renderGuarded(path);
      expect(await heading()).toBeVisible();
      expect(location?.pathname).toBe(path);
    },
  );

  it('counts a missing token as not verified', async () => {
    signedInAs(() => {
      // Signed out in another tab while this one was starting.
      localStorage.removeItem('token');
      return ok(userProfile({ kyc_status: 'completed' }));
    });
    renderGuarded('/send');
    expect((await heading()).textContent).toBe('Onboarding page');
  });

  it('says the check failed when the status cannot be fetched', async () => {
    const calls = signedInAs(() =>
      calls.length > 1 ? apiError(500, 'internal_error', 'Boom') : ok(userProfile()),
    );
    renderGuarded('/send');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error checking verification status. Please try refreshing the page.',
    );
  });

  it('sends the user to /login when the check finds the session expired', async () => {
    const calls = signedInAs(() =>
      calls.length > 1 ? apiError(401, 'unauthorized', 'Not authenticated') : ok(userProfile()),
    );
    renderGuarded('/send');
    expect((await heading()).textContent).toBe('Login page');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not bring someone who logged out back to the page they left', async () => {
    localStorage.setItem('token', 'token-1');
    stubRoutes({ 'GET /api/user/profile': ok(userProfile()), 'POST /api/auth/logout': ok() });
    renderGuarded('/dashboard');
    expect((await heading()).textContent).toBe('Dashboard page');
    await act(async () => screen.getByRole('button', { name: 'Logout' }).click());
    await screen.findByRole('heading', { name: 'Login page' });
    expect(location?.state).toBeNull();
  });

  it('brings someone whose session expired back to the page after logging in', async () => {
    localStorage.setItem('token', 'token-1');
    stubRoutes({
      'GET /api/user/profile': ok(userProfile()),
      'GET /api/unit/accounts/me': apiError(401, 'unauthorized', 'Session revoked'),
    });
    renderGuarded('/dashboard');
    expect((await heading()).textContent).toBe('Dashboard page');
    await act(async () => {
      await expect(apiFetch('/api/unit/accounts/me')).rejects.toThrow('Session revoked');
    });
    await screen.findByRole('heading', { name: 'Login page' });
    expect(location?.state).toMatchObject({ from: { pathname: '/dashboard' } });
  });
});

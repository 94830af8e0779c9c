import type { IdentitySettings, IdentityStatus } from '@pago/shared/contracts/identity';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { identityStatus } from '@/test/identity';
import { userProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';
import { stubWideScreen } from '@/test/wide-screen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const IDV = 'idv_AppFlow12345';

function identity(verified: boolean): IdentityStatus {
  return verified
    ? identityStatus({
        state: 'verified',
        verified,
        kyc_status: 'completed',
        plaidIdentityStatus: 'approved',
        updatedAt: '2025-05-02T15:00:00.000Z',
      })
    : identityStatus();
}

describe('identity verification in the whole app', () => {
  it('takes a new user from /onboarding/verify to a dashboard that shows the new status', async () => {
    stubWideScreen();
    type LinkOptions = { onEvent(name: string, metadata: { link_session_id: string }): void };
    let link: LinkOptions | null = null;
    const open = vi.fn();
    vi.stubGlobal('Plaid', {
      create: (options: LinkOptions) => {
        link = options;
        return { open, exit: vi.fn(), destroy: vi.fn() };
      },
    });
    let verified = false;
    localStorage.setItem('token', 'token-1');
    const calls = stubApi((call) => {
      const route = `${call.method} ${call.path}`;
      if (route === 'GET /api/user/profile') {
        return {
          body: userProfile(
            verified ? { kyc_status: 'completed', plaidIdentityStatus: 'approved' } : {},
          ),
        };
      }
      if (route === 'GET /api/identity/settings') {
        const settings: IdentitySettings = {
          provider: 'plaid',
          status: identity(verified),
          plaid: { linkScriptUrl: '/sandbox/plaid/link-initialize.js' },
          persona: { clientScriptUrl: '/sandbox/persona/persona.js', environment: 'sandbox' },
        };
        return { body: settings };
      }
      if (route === 'POST /api/plaid/identity-verification/create') {
        return { body: { link_token: 'link-sandbox-1' } };
      }
      if (route === 'POST /api/plaid/identity-verification/complete') {
        verified = true;
        return { body: { status: 'success', identity: identity(true) } };
      }
      return undefined;
    });
    const profileCalls = () => calls.filter((call) => call.path === '/api/user/profile').length;

    const app = await renderApp('/onboarding/verify', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const fetchedBefore = profileCalls();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      (link as LinkOptions | null)?.onEvent('IDENTITY_VERIFICATION_PASS_SESSION', {
        link_session_id: IDV,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    // The session fetched the profile again (profile-updated), without a page reload.
    await waitFor(() => expect(profileCalls()).toBeGreaterThan(fetchedBefore));

    // The phone is not verified yet: the next step asks for it, and waits (no redirect).
    const phoneStep = await screen.findByRole('region', { name: 'Verify your phone' });
    await act(async () => {
      vi.advanceTimersByTime(3100);
    });
    expect(app.location().pathname).toBe('/onboarding/verify');
    // "Not now": on to the dashboard, which keeps a reminder until the phone is verified.
    await userEvent.click(within(phoneStep).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(
      await screen.findByText(
        'Verify your phone to get money sent to your number and open your account with no extra steps.',
      ),
    ).toBeVisible();
    // The home screen asks for no verification any more; the profile shows the new status.
    await screen.findByRole('navigation', { name: 'Main actions' });
    expect(screen.queryByRole('link', { name: 'Verify my identity' })).toBeNull();
    // The profile menu's link (the navigation bar's account button; jsdom draws it at 1024 px too).
    const accountButton = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('button[aria-label="Your account"]');
      if (!found) throw new Error('no account menu yet');
      return found;
    });
    await act(async () => accountButton.click());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    const balance = await screen.findByRole('region', { name: 'Account Balance' });
    expect(within(balance).getByText('Completed')).toBeVisible();
  });
});

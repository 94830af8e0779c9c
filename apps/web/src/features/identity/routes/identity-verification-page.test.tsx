import type { IdentityStatus } from '@pago/shared/contracts/identity';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, apiError, stubApi } from '@/test/api-stub';
import { identitySettings } from '@/test/identity';
import { userProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import IdentityVerificationPage from './identity-verification-page';

const renderStatus = featureRenderer('identity', {
  user: userProfile(),
  path: '/identity-verification',
});

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settings = (status: Partial<IdentityStatus>) => identitySettings('plaid', status);

function serveSettings(answer: () => Answer) {
  return stubApi((call) =>
    call.method === 'GET' && call.path === '/api/identity/settings' ? answer() : undefined,
  );
}

const row = (label: string) => screen.getByText(label).nextElementSibling;

describe('the identity verification status page', () => {
  it.each([
    [
      { state: 'not_started' },
      'Unverified',
      /Verify your identity to send money/,
      { name: 'Start verification', href: '/onboarding/verify' },
    ],
    [
      { state: 'in_progress', plaidIdentityStatus: 'pending', updatedAt: '2025-05-02T15:00:00Z' },
      'Pending',
      /didn't finish/,
      { name: 'Continue verification', href: '/onboarding/verify' },
    ],
    [
      { state: 'failed', kyc_status: 'failed', updatedAt: '2025-05-02T15:00:00Z' },
      'Failed',
      /didn't go through/,
      { name: 'Try again', href: '/onboarding/verify' },
    ],
    [
      {
        state: 'verified',
        verified: true,
        kyc_status: 'completed',
        updatedAt: '2025-05-02T15:00:00Z',
      },
      'Verified',
      /nothing else to do/,
      { name: 'Go to the dashboard', href: '/dashboard' },
    ],
  ] as const)('%o: %s, with what to do next', async (status, label, next, link) => {
    serveSettings(() => ({ body: settings(status) }));
    await renderStatus(<IdentityVerificationPage />, { language: 'en' });
    expect(await screen.findByText(label)).toBeVisible();
    expect(row('Document')).toHaveTextContent('US ID');
    const nextStep = screen.getByRole('region', { name: 'What to do next' });
    expect(within(nextStep).getByText(next)).toBeVisible();
    expect(within(nextStep).getByRole('link', { name: link.name })).toHaveAttribute(
      'href',
      link.href,
    );
  });

  it('shows the last update in the language of the page, or that there was none', async () => {
    serveSettings(() => ({
      body: settings({
        state: 'failed',
        verificationService: 'persona',
        updatedAt: '2025-05-02T15:00:00.000Z',
      }),
    }));
    await renderStatus(<IdentityVerificationPage />, { language: 'es' });
    expect(await screen.findByText('Fallida')).toBeVisible();
    expect(row('Documento')).toHaveTextContent('Documento de identidad o pasaporte');
    expect(row('Última actualización')).toHaveTextContent(/2025/);
  });

  it('while in review: says so, offers nothing to press, and updates by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const calls = serveSettings(() => {
      answers += 1;
      return {
        body:
          answers < 2
            ? settings({ state: 'pending_review', kyc_status: 'pending_review' })
            : settings({ state: 'verified', verified: true, kyc_status: 'completed' }),
      };
    });
    await renderStatus(<IdentityVerificationPage />, { language: 'en' });
    expect(await screen.findByText('Completed')).toBeVisible();
    const nextStep = screen.getByRole('region', { name: 'What to do next' });
    expect(within(nextStep).getByRole('status')).toHaveTextContent(
      "We're reviewing your information; this page updates by itself.",
    );
    expect(within(nextStep).queryByRole('link')).toBeNull();
    expect(row('Last update')).toHaveTextContent('No attempts yet');

    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    expect(await screen.findByText('Verified')).toBeVisible();
    expect(calls).toHaveLength(2);
    // Verified: no more asking.
    await act(async () => {
      vi.advanceTimersByTime(12_000);
    });
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['es', 'Fallida', /El nombre de tu identificación no coincide con el nombre de tu cuenta\./],
    ['en', 'Failed', /The name on your ID doesn't match the name on your account/],
  ] as const)(
    'in %s, says why a verification of someone else was refused',
    async (language, label, why) => {
      serveSettings(() => ({
        body: settings({
          state: 'failed',
          kyc_status: 'failed',
          failureReason: 'name_mismatch',
          updatedAt: '2025-05-02T15:00:00Z',
        }),
      }));
      await renderStatus(<IdentityVerificationPage />, { language });
      expect(await screen.findByText(label)).toBeVisible();
      const nextStep = screen.getByRole('region', {
        name: language === 'es' ? 'Qué hacer a continuación' : 'What to do next',
      });
      expect(within(nextStep).getByText(why)).toBeVisible();
    },
  );

  it('shows the verified legal name', async () => {
    serveSettings(() => ({
      body: settings({
        state: 'verified',
        verified: true,
        kyc_status: 'completed',
        legalName: 'Ana María López Ruiz',
        updatedAt: '2025-05-02T15:00:00Z',
      }),
    }));
    await renderStatus(<IdentityVerificationPage />, { language: 'es' });
    expect(await screen.findByText('Verificada')).toBeVisible();
    expect(row('Nombre verificado')).toHaveTextContent('Ana María López Ruiz');
  });

  it('says so when the status cannot be loaded, and tries again', async () => {
    let answers = 0;
    serveSettings(() => {
      answers += 1;
      return answers === 1 ? apiError(500, 'internal_error') : { body: settings({}) };
    });
    await renderStatus(<IdentityVerificationPage />, { language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your verification status.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Unverified')).toBeVisible());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '@/test/api-stub';
import { captureDownloads } from '@/test/downloads';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

function serve(
  extra: (call: ApiCall) => ReturnType<Parameters<typeof stubApi>[0]> = () => undefined,
) {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 23_633, availableBalanceCents: 23_633, currency: 'USD' } };
    }
    if (call.path.startsWith('/api/transactions?'))
      return { body: { items: [], nextCursor: null } };
    if (call.path.startsWith('/api/requests/incoming')) {
      return { body: { items: [], nextCursor: null } };
    }
    if (call.path === '/api/limits') {
      return {
        body: {
          perTransactionCents: 99_900,
          day: { limitCents: 250_000, usedCents: 0, remainingCents: 250_000 },
          month: { limitCents: 1_000_000, usedCents: 0, remainingCents: 1_000_000 },
        },
      };
    }
    if (call.path === '/api/unit/statements') {
      return { body: { statements: [{ month: '2026-11' }, { month: '2026-10' }] } };
    }
    if (call.path.startsWith('/api/unit/statements/')) return { body: '%PDF-1.7' };
    return undefined;
  });
}

async function open(path: string, language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp(path, language);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one balance: the wallet is the account', () => {
  it('home has one balance and the account details beside it, no banking panel', async () => {
    const calls = serve();
    await open('/dashboard');
    const balance = screen.getByRole('region', { name: 'Tu saldo' });
    expect(await within(balance).findByText('$236.33')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tus datos de cuenta' })).toHaveAttribute(
      'href',
      '/direct-deposit',
    );
    expect(screen.queryByRole('region', { name: 'Banca y transacciones' })).toBeNull();
    expect(screen.queryByText(/Método de acceso|Tradicional|cuenta bancaria en Pago/)).toBeNull();
    // Nothing asks the partner for a panel token or its own transactions.
    expect(calls.some((c) => c.path.startsWith('/api/unit/token'))).toBe(false);
    expect(calls.some((c) => c.path.startsWith('/api/unit/transactions'))).toBe(false);
  });

  it('lists the wallet’s statements on /activity and downloads a month’s PDF in Spanish', async () => {
    const clicked = captureDownloads();
    const calls = serve();
    await open('/activity');
    const statements = await screen.findByRole('region', { name: 'Estados de cuenta' });
    expect(await within(statements).findByText('Noviembre de 2026')).toBeVisible();
    expect(within(statements).getByText('hasta hoy')).toBeVisible();
    const buttons = within(statements).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      // The accessible name holds the visible words (WCAG 2.5.3, label in name).
      expect(button.textContent).toBe('Descargar PDF');
      expect(button).toHaveAccessibleName(expect.stringContaining('Descargar PDF'));
    }
    await userEvent.click(
      within(statements).getByRole('button', {
        name: 'Descargar PDF: estado de cuenta de noviembre de 2026',
      }),
    );
    await waitFor(() => expect(clicked).toEqual(['pago-estado-de-cuenta-2026-11.pdf']));
    expect(calls.some((c) => c.path === '/api/unit/statements/2026-11/pdf?language=es')).toBe(true);
  });

  it('is in English too', async () => {
    serve();
    await open('/activity', 'en');
    const statements = await screen.findByRole('region', { name: 'Statements' });
    expect(
      await within(statements).findByRole('button', {
        name: 'Download PDF: statement for November 2026',
      }),
    ).toBeVisible();
    expect(within(statements).getByText('to date')).toBeVisible();
  });

  it('says on the profile how an external sign-in signed in', async () => {
    serve((call) =>
      call.path === '/api/auth/method'
        ? { body: { method: 'external', providerName: 'Auth0', email: 'ana@example.com' } }
        : undefined,
    );
    const view = await open('/profile');
    expect(
      await screen.findByText('Iniciaste sesión con Auth0 · Cuenta del proveedor: ana@example.com'),
    ).toBeVisible();
    view.unmount();
  });

  it('shows no sign-in method for a password sign-in', async () => {
    const calls = serve((call) =>
      call.path === '/api/auth/method' ? { body: { method: 'traditional' } } : undefined,
    );
    await open('/profile');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/method')).toBe(true));
    expect(screen.queryByTestId('auth-method')).toBeNull();
    expect(screen.queryByText(/Tradicional|Método de acceso/)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { captureDownloads } from '@/test/downloads';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { BankingPanel } from './banking-panel';

const renderPanel = featureRenderer('banking', { user: ANA, path: '/dashboard' });

const ACCOUNT = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  accountNumber: '••••6789',
  routingNumber: '812345678',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const PAGE = {
  pending: [
    {
      id: '100090',
      state: 'pending',
      kind: 'bookPayment',
      direction: 'out',
      amountCents: 402,
      balanceCents: null,
      summary: '',
      createdAt: '2026-11-21T15:00:00.000Z',
    },
  ],
  settled: [
    {
      id: '100080',
      state: 'settled',
      kind: 'bookTransaction',
      direction: 'in',
      amountCents: 12345,
      balanceCents: 12345,
      summary: 'Renta',
      createdAt: '2026-11-20T16:00:00.000Z',
    },
  ],
  total: 1,
  limit: 10,
  offset: 0,
};

describe('Banking & Transactions panel', () => {
  it('shows the token status, the masked numbers until revealed, and pending and settled transactions', async () => {
    const calls = stubRoutes({
      'GET /api/unit/accounts/me': ok(ACCOUNT),
      'GET /api/unit/token': ok({
        token: 'v2.public.x',
        expiresIn: 900,
        expiresAt: '2026-11-21T15:15:00.000Z',
        scope: 'customers accounts transactions payments statements',
      }),
      'GET /api/unit/transactions?limit=10&offset=0': ok(PAGE),
      'GET /api/unit/statements': ok({ statements: [] }),
      'GET /api/unit/accounts/me/numbers': ok({
        accountNumber: '4403216789',
        routingNumber: '812345678',
      }),
    });
    await renderPanel(<BankingPanel />);
    expect(await screen.findByText('Listo')).toBeTruthy();
    expect(screen.getByText('Método de acceso: Tradicional')).toBeTruthy();
    expect(screen.getByText('••••6789')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/unit/accounts/me/numbers')).toBe(false);

    const pending = await screen.findByRole('list', { name: 'Pendientes' });
    expect(within(pending).getByText('−$4.02')).toBeTruthy();
    // A pending payment has no partner text yet: it is named by its direction, in Spanish.
    expect(within(pending).getByText('Dinero enviado')).toBeTruthy();
    const settled = screen.getByRole('list', { name: 'Liquidadas' });
    expect(within(settled).getByText('Renta')).toBeTruthy();
    expect(within(settled).getByText('+$123.45')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar números' }));
    expect(await screen.findByText('4403216789')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar números' }));
    expect(screen.getByText('••••6789')).toBeTruthy();
  });

  it('shows the card design, and each month’s statement downloads as a PDF in the page’s language', async () => {
    localStorage.setItem('token', 'tok-123');
    const clicked = captureDownloads();
    const calls = stubRoutes({
      'GET /api/unit/accounts/me': ok(ACCOUNT),
      'GET /api/unit/token': ok({ token: 't', expiresIn: 900, expiresAt: '', scope: '' }),
      'GET /api/unit/transactions?limit=10&offset=0': ok({ ...PAGE, pending: [] }),
      'GET /api/unit/statements': ok({ statements: [{ month: '2026-11' }, { month: '2026-10' }] }),
      'GET /api/unit/statements/2026-10/pdf?language=es': { body: '%PDF-1.7' },
      'GET /api/unit/statements/2026-11/pdf?language=en': apiError(503, 'service_unavailable'),
    });
    const { unmount } = await renderPanel(<BankingPanel />);
    expect(
      await screen.findByRole('img', { name: 'Tarjeta de tu cuenta bancaria, cuenta ••••6789' }),
    );
    const list = await screen.findByRole('list', { name: 'Estados de cuenta' });
    expect(within(list).getByText('Noviembre de 2026')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Descargar el estado de cuenta de octubre de 2026 (PDF)',
      }),
    );
    await waitFor(() => expect(clicked).toEqual(['pago-estado-de-cuenta-2026-10.pdf']));
    const pdf = calls.find((c) => c.path.includes('/pdf'));
    expect(pdf?.authorization).toBe('Bearer tok-123');
    unmount();

    await renderPanel(<BankingPanel />, { language: 'en' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download the November 2026 statement (PDF)' }),
    );
    expect(await screen.findByText('We could not download the statement. Try again.')).toBeTruthy();
  });

  it('shows the banking interface placeholder until the token is ready', async () => {
    stubRoutes({
      'GET /api/unit/accounts/me': ok(ACCOUNT),
      'GET /api/unit/token': () => new Promise(() => {}),
      'GET /api/unit/transactions?limit=10&offset=0': ok(PAGE),
    });
    await renderPanel(<BankingPanel />, { language: 'en' });
    expect(await screen.findByText('Loading your bank account…')).toBeTruthy();
    expect(screen.getByText('Connecting')).toBeTruthy();
    expect(screen.queryByText('••••6789')).toBeNull();
  });

  it('says where to open the account when there is none, and asks for nothing else', async () => {
    const calls = stubRoutes({
      'GET /api/unit/accounts/me': apiError(404, 'not_found', 'Banking Account Required'),
    });
    await renderPanel(<BankingPanel />, { language: 'en' });
    expect(
      await screen.findByText(/Open your bank account in Send and request money/),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/unit/accounts/me']);
  });
});

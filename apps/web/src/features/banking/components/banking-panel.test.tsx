import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import enBanking from '@/locales/en/banking.json';
import esBanking from '@/locales/es/banking.json';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { keysOf } from '@/test/locale-keys';
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
      summary: 'PendingReview',
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
    const settled = screen.getByRole('list', { name: 'Liquidadas' });
    expect(within(settled).getByText('Renta')).toBeTruthy();
    expect(within(settled).getByText('+$123.45')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar números' }));
    expect(await screen.findByText('4403216789')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar números' }));
    expect(screen.getByText('••••6789')).toBeTruthy();
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

  it('has every text in both languages', () => {
    expect(keysOf(enBanking).sort()).toEqual(keysOf(esBanking).sort());
  });
});

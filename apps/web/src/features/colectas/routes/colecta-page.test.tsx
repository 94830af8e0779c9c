import type { Colecta } from '@pago/shared/contracts/colectas';
import { cents } from '@pago/shared/money';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';
import { type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  resetQueryClient();
  localStorage.clear();
});

/** Ana organises $300 for María; Beto put in $100. The signed-in user is Beto. */
const OPEN: Colecta = {
  id: 'c1',
  title: 'Renta de mamá',
  targetCents: cents(30_000),
  collectedCents: cents(10_000),
  sendBy: '2026-12-15',
  speed: 'standard',
  status: 'open',
  isOrganiser: false,
  myContributionCents: cents(10_000),
  organiser: { name: 'Ana', username: 'ana' },
  recipient: { name: 'María López', country: 'MX' },
  members: [
    { name: 'Ana', username: 'ana', role: 'organiser', contributedCents: cents(0) },
    { name: 'Beto', username: 'beto', role: 'invited', contributedCents: cents(10_000) },
  ],
  lastSendError: null,
  remittance: null,
  cancelledReason: null,
  createdAt: '2026-11-20T20:00:00.000Z',
};

function serve(colecta: Colecta | null, onMoney?: (call: ApiCall) => Colecta) {
  localStorage.setItem('token', 'test-token');
  let current = colecta;
  return stubApi((call) => {
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path.startsWith('/api/notifications?')) {
      return { body: { items: [], nextCursor: null, unreadCount: 0 } };
    }
    if (call.path === '/api/colectas/c1' && call.method === 'GET') {
      return current ? { body: current } : apiError(404, 'not_found', 'No such colecta.');
    }
    if (call.path.startsWith('/api/colectas/c1/') && onMoney) {
      current = onMoney(call);
      return { status: call.path.endsWith('/contributions') ? 201 : 200, body: current };
    }
    return undefined;
  });
}

describe('a colecta (/colectas/:id)', () => {
  it('shows the progress and puts in what is left, with an Idempotency-Key', async () => {
    const calls = serve(OPEN, () => ({
      ...OPEN,
      collectedCents: cents(30_000),
      myContributionCents: cents(30_000),
    }));
    await renderApp('/colectas/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Renta de mamá' })).toBeVisible();
    expect(screen.getByTestId('colecta-progress')).toHaveTextContent('$100.00 de $300.00');
    expect(screen.getByText('Faltan $200.00')).toBeVisible();
    // Not the organiser: no invite, send or cancel.
    expect(screen.queryByRole('button', { name: 'Cancelar colecta' })).toBeNull();
    await userEvent.type(screen.getByLabelText('¿Cuánto aportas?'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Aportar $200.00' }));
    expect(
      await screen.findByText('¡Llegaron a la meta! Estamos enviando el dinero.'),
    ).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/colectas/c1/contributions');
    expect(post?.body).toEqual({ amountCents: 20_000 });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the remittance once sent, and "not found" to anyone else', async () => {
    serve({
      ...OPEN,
      status: 'sent',
      remittance: {
        transferId: 't1',
        status: 'delivered',
        amountCents: cents(30_000),
        feeCents: cents(524),
      },
    });
    await renderApp('/colectas/c1');
    expect(await screen.findByTestId('colecta-remittance')).toHaveTextContent(
      'Envío de $300.00 (comisión $5.24): Entregado',
    );
    resetQueryClient();
    serve(null);
    await renderApp('/colectas/c1');
    expect(
      await screen.findByText('Esta colecta no existe o no te invitaron a ella.'),
    ).toBeVisible();
  });
});

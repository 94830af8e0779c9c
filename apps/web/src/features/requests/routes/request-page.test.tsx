import type { MoneyRequest } from '@pago/shared/contracts/requests';
import { cents } from '@pago/shared/money';
import { screen, waitFor } from '@testing-library/react';
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

const party = (userId: string, name: string) => ({ userId, name, username: null, phone: null });

/** Carla asks Ana (the signed-in user, u_ana) for $15.00. */
const ASKED: MoneyRequest = {
  id: 'r1',
  amountCents: cents(1500),
  note: 'La cena',
  status: 'pending',
  requester: party('u_carla', 'Carla Ruiz'),
  payer: party('u_ana', 'Ana López'),
  transferId: null,
  createdAt: '2026-11-20T20:00:00.000Z',
};

/** The server: the request as it stands, and what an action makes of it. */
function serve(request: MoneyRequest | null, onAction?: (call: ApiCall) => MoneyRequest) {
  localStorage.setItem('token', 'test-token');
  let current = request;
  return stubApi((call) => {
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path.startsWith('/api/notifications?')) {
      return { body: { items: [], nextCursor: null, unreadCount: 0 } };
    }
    if (call.path === '/api/requests/r1' && call.method === 'GET') {
      return current ? { body: current } : apiError(404, 'not_found', 'No such request.');
    }
    if (call.path.startsWith('/api/requests/r1/') && onAction) {
      current = onAction(call);
      return { body: current };
    }
    return undefined;
  });
}

describe('a request to pay (/requests/:id)', () => {
  it('shows who asks, how much and why, and pays it with one tap', async () => {
    const calls = serve(ASKED, () => ({ ...ASKED, status: 'paid', transferId: 't1' }));
    await renderApp('/requests/r1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Carla Ruiz te solicita dinero' }),
    ).toBeVisible();
    expect(screen.getByTestId('request-amount')).toHaveTextContent('$15.00');
    expect(screen.getByText('“La cena”')).toBeVisible();
    expect(screen.getByText('Pendiente')).toBeVisible();
    // Not the form that asks for money: nothing to fill in.
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Pagar $15.00' }));
    expect(await screen.findByText('Solicitud pagada.')).toBeVisible();
    const pay = calls.find((call) => call.method === 'POST');
    expect(pay?.path).toBe('/api/requests/r1/pay');
    expect(pay?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Pagada')).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Pagar $15.00' })).toBeNull();
  });

  it('declines it, in English', async () => {
    const calls = serve(ASKED, () => ({ ...ASKED, status: 'declined' }));
    await renderApp('/requests/r1', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Carla Ruiz is asking you for money' });
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Request declined.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/api/requests/r1/decline');
  });

  it('shows the one who asked where it stands, and lets them cancel it', async () => {
    const mine: MoneyRequest = {
      ...ASKED,
      requester: party('u_ana', 'Ana López'),
      payer: party('u_carla', 'Carla Ruiz'),
    };
    serve(mine, () => ({ ...mine, status: 'cancelled' }));
    await renderApp('/requests/r1');
    await screen.findByRole('heading', { level: 1, name: 'Solicitaste dinero a Carla Ruiz' });
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar solicitud' }));
    expect(await screen.findByText('Solicitud cancelada.')).toBeVisible();
  });

  it('says so when the request is not there, with the way to all of them', async () => {
    serve(null);
    await renderApp('/requests/r1');
    expect(await screen.findByText(/No encontramos esta solicitud/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver todas tus solicitudes' })).toHaveAttribute(
      'href',
      '/moneymover?tab=request',
    );
  });
});

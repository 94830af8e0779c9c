import type { Payee } from '@pago/shared/contracts/accounts';
import type { SendMoneyBody, Transfer, TransferReceipt } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payeeQueryOf } from '@/features/transfers/components/pay-someone';
import { type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

// What the look-up answers: the name and @username the payment screen shows, no id.
const MARIA: Payee = { name: 'María Pérez', username: 'maria_p' };

function sentTo(body: SendMoneyBody, n: number): Transfer {
  return {
    id: `bbbbbbbb-0000-4000-8000-00000000000${n}`,
    reference: `7KQ2MX9C4${n}`,
    kind: 'p2p',
    status: 'completed',
    direction: 'out',
    amountCents: cents(Math.round(body.amountUsd * 100)),
    feeCents: cents(0),
    totalCents: cents(Math.round(body.amountUsd * 100)),
    counterparty: { userId: 'u_maria', name: MARIA.name, username: MARIA.username, phone: null },
    createdAt: '2026-11-23T12:00:00.000Z',
    details: {},
  };
}

function serve() {
  let sends = 0;
  const calls = stubApi((call: ApiCall) => {
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path === '/api/users/lookup?username=maria_p') return { body: MARIA };
    if (call.path === `/api/users/lookup?phone=${encodeURIComponent('+13055550199')}`) {
      return { body: MARIA };
    }
    if (call.path.startsWith('/api/users/lookup?')) return apiError(404, 'not_found');
    if (call.path === '/api/transactions/send' && call.method === 'POST') {
      sends += 1;
      return { status: 201, body: sentTo(call.body as SendMoneyBody, sends) };
    }
    if (call.path.startsWith('/api/transactions/bbbbbbbb')) {
      const receipt: TransferReceipt = {
        ...sentTo({ recipientUsername: 'maria_p', amountUsd: 12.5 }, 1),
        statusHistory: [{ status: 'completed', at: '2026-11-23T12:00:00.000Z', note: null }],
      };
      return { body: receipt };
    }
    return undefined;
  });
  return calls;
}

async function openPay(search: string, language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp(`/pay${search}`, language);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('paying someone on Pago', () => {
  it('reads a username with or without @, and a phone, U.S. without its +1', () => {
    expect(payeeQueryOf('@maria_p')).toEqual({ username: 'maria_p' });
    expect(payeeQueryOf(' maria_p ')).toEqual({ username: 'maria_p' });
    expect(payeeQueryOf('(305) 555-0199')).toEqual({ phone: '+13055550199' });
    expect(payeeQueryOf('+52 55 1234 5678')).toEqual({ phone: '+525512345678' });
    expect(payeeQueryOf('no spaces allowed')).toBeNull();
    expect(payeeQueryOf('12')).toBeNull();
  });

  it('pays the person from a QR code: name and initial first, then the result at the top', async () => {
    const calls = serve();
    await openPay('?to=maria_p');
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pagar a alguien de Pago');
    const payee = await screen.findByTestId('payee');
    expect(within(payee).getByText('María Pérez')).toBeVisible();
    expect(within(payee).getByText('@maria_p')).toBeVisible();
    expect(within(payee).getByText('M')).toBeVisible();
    // No destination country to pick on this path.
    expect(screen.queryByLabelText(/país/i)).toBeNull();

    await user.type(screen.getByLabelText('Monto en USD'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Vas a enviar $12.50 a María Pérez.')).toBeVisible();
    expect(screen.getByText('Sin comisión. Llega al instante a su saldo de Pago.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar $12.50' }));

    const result = await screen.findByTestId('send-result');
    expect(within(result).getByRole('heading', { name: '¡Dinero enviado!' })).toHaveFocus();
    expect(within(result).getByText('$12.50')).toBeVisible();
    expect(within(result).getByText('Para María Pérez (@maria_p)')).toBeVisible();
    expect(within(result).getByRole('status')).toHaveTextContent('Completado');
    const send = calls.filter((call) => call.path === '/api/transactions/send');
    expect(send).toHaveLength(1);
    expect(send[0]?.body).toEqual({ recipientUsername: 'maria_p', amountUsd: 12.5 });
    expect(send[0]?.headers['idempotency-key']).toBeTruthy();

    await user.click(within(result).getByRole('button', { name: 'Ver recibo' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // "Enviar otra vez": the same person and amount, a fresh form, no message of the last send.
    await user.click(within(result).getByRole('button', { name: 'Enviar otra vez' }));
    expect(screen.queryByTestId('send-result')).toBeNull();
    expect(within(await screen.findByTestId('payee')).getByText('María Pérez')).toBeVisible();
    expect(screen.getByLabelText('Monto en USD')).toHaveValue('12.50');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar $12.50' }));
    expect(await screen.findByTestId('send-result')).toBeVisible();
    const sends = calls.filter((call) => call.path === '/api/transactions/send');
    expect(sends).toHaveLength(2);
    expect(sends[0]?.headers['idempotency-key']).not.toBe(sends[1]?.headers['idempotency-key']);
  });

  it('finds the person by phone, and says so when no one on Pago has it', async () => {
    serve();
    await openPay('', 'en');
    const user = userEvent.setup();
    const who = screen.getByLabelText('Username or phone');
    await user.type(who, '@nobody_here');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(
      await screen.findByText('We found no one on Pago with that username or phone.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Username or phone'));
    await user.type(screen.getByLabelText('Username or phone'), '305 555 0199');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(within(await screen.findByTestId('payee')).getByText('María Pérez')).toBeVisible();
  });

  for (const [language, text] of [
    [
      'es',
      'Buscaste a muchas personas en poco tiempo. Para proteger la privacidad de todos, espera un rato e inténtalo de nuevo.',
    ],
    [
      'en',
      'You looked up many people in a short time. To protect everyone’s privacy, wait a while and try again.',
    ],
  ] as const) {
    it(`says in ${language} when the look-up budget is spent, and lets the person try again later`, async () => {
      stubApi((call) => {
        if (call.path === '/api/user/profile') return { body: makeProfile() };
        if (call.path.startsWith('/api/users/lookup?')) {
          return apiError(429, 'lookup_limit_reached', { retryAfterSeconds: 1200 });
        }
        return undefined;
      });
      await openPay('?to=maria_p', language);
      expect(await screen.findByText(text)).toBeVisible();
      // The form stays, to try again (or another person) once the wait is over.
      expect(
        screen.getByRole('button', { name: language === 'es' ? 'Buscar' : 'Find' }),
      ).toBeVisible();
    });
  }

  it('refuses to pay yourself before any amount is asked', async () => {
    stubApi((call) => {
      if (call.path === '/api/user/profile') return { body: makeProfile({ username: 'Maria_P' }) };
      if (call.path.startsWith('/api/users/lookup?')) return { body: MARIA };
      return undefined;
    });
    await openPay('?to=@maria_p');
    expect(
      await screen.findByText('Esta es tu propia cuenta: elige a otra persona.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Monto en USD')).toBeNull();
  });

  it('leads a username from the money mover (an older QR link) to this path', async () => {
    serve();
    localStorage.setItem('token', 'test-token');
    const { location } = await renderApp('/moneymover?tab=send&to=maria_p', 'es');
    await waitFor(() => expect(location().pathname).toBe('/pay'));
    expect(location().search).toBe('?to=maria_p');
  });
});

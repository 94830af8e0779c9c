import type { Payee } from '@pago/shared/contracts/accounts';
import type { Recipient } from '@pago/shared/contracts/remittances';
import type { QuoteBody, SendMoneyBody, Transfer } from '@pago/shared/contracts/transfers';
import type { Balance } from '@pago/shared/contracts/wallet';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { makePayer } from '@/test/payers';
import { makeProfile } from '@/test/profiles';
import { makeRemittanceQuote } from '@/test/quotes';
import { renderApp } from '@/test/render';
import { makeTransfer } from '@/test/transfers';

const MARIA: Payee = { name: 'María Pérez', username: 'maria_p' };
const ROSA: Recipient = {
  id: '3c1f6f8e-5a2b-4c7d-9e10-2b3c4d5e6f70',
  firstName: 'Rosa',
  lastName: 'García',
  fullName: 'Rosa García',
  country: 'GT',
  phone: '+50255551234',
  payout: {
    method: 'cash_pickup',
    payerId: '2101',
    payerName: 'Red de Pagos Ejemplo Guatemala',
    accountMask: null,
    walletPhone: null,
    fields: {},
  },
  needsUpdate: false,
  createdAt: '2026-11-01T12:00:00.000Z',
};

function balanceOf(available: number): Balance {
  return {
    balanceCents: cents(available),
    availableBalanceCents: cents(available),
    currency: 'USD',
  };
}

function sentTo(body: SendMoneyBody): Transfer {
  const amount = cents(Math.round(body.amountUsd * 100));
  return {
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    reference: '7KQ2MX9C41',
    kind: 'p2p',
    status: 'completed',
    direction: 'out',
    amountCents: amount,
    feeCents: cents(0),
    totalCents: amount,
    counterparty: { userId: 'u_maria', name: MARIA.name, username: MARIA.username, phone: null },
    createdAt: '2026-11-23T12:00:00.000Z',
    details: body.note ? { note: body.note } : {},
  };
}

/** The API as the send flow reads it: `available` cents, María a recent person, Rosa family. */
function serve(available = 50_000, first?: (call: ApiCall) => Answer | undefined) {
  return stubApi((call: ApiCall) => {
    const own = first?.(call);
    if (own) return own;
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path === '/api/wallet/balance') return { body: balanceOf(available) };
    if (call.path === '/api/send/contacts') return { body: { people: [MARIA] } };
    if (call.path === '/api/recipients') return { body: { items: [ROSA] } };
    if (call.path === '/api/users/lookup?username=maria_p') return { body: MARIA };
    if (call.path.startsWith('/api/users/lookup?')) return apiError(404, 'not_found');
    if (call.path.startsWith('/api/remittances/payers')) return { body: { items: [makePayer()] } };
    if (call.path === '/api/transactions/quote') {
      const body = call.body as QuoteBody;
      const express = body.speed === 'express';
      return {
        body: makeRemittanceQuote({
          speed: express ? 'express' : 'standard',
          feeCents: cents(express ? 848 : 449),
          totalCents: cents(express ? 10_848 : 10_449),
          deliveryEstimate: express ? 'under_30_minutes' : 'one_to_three_days',
          payerName: null,
        }),
      };
    }
    if (call.path === '/api/transactions/send' && call.method === 'POST') {
      return { status: 201, body: sentTo(call.body as SendMoneyBody) };
    }
    return undefined;
  });
}

async function openSend(language: 'es' | 'en' = 'es') {
  localStorage.setItem('token', 'test-token');
  const view = await renderApp('/send', language);
  expect(await screen.findByRole('heading', { level: 1, name: 'Enviar dinero' })).toBeVisible();
  return view;
}

describe('one send flow (/send): who first', () => {
  it('pays a recent person at once, with a note, free', async () => {
    const calls = serve();
    await openSend();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: '¿A quién le envías?' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /María Pérez/ }));

    expect(within(await screen.findByTestId('payee')).getByText('@maria_p')).toBeVisible();
    expect(await screen.findByText('Tu saldo disponible: $500.00')).toBeVisible();
    await user.type(screen.getByLabelText('Monto en USD'), '12,50');
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Cena del viernes');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Vas a enviar $12.50 a María Pérez.')).toBeVisible();
    expect(screen.getByText('Nota: «Cena del viernes»')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar $12.50' }));

    expect(await screen.findByTestId('send-result')).toBeVisible();
    const sends = calls.filter((call) => call.path === '/api/transactions/send');
    expect(sends.map((call) => call.body)).toEqual([
      { recipientUsername: 'maria_p', amountUsd: 12.5, note: 'Cena del viernes' },
    ]);
  });

  it('says "Fondos insuficientes" before the final tap, with a way to add money', async () => {
    const calls = serve(1_000);
    const { location } = await openSend();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar'), '@maria_p');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByTestId('payee');
    await user.type(await screen.findByLabelText('Monto en USD'), '20');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fondos insuficientes');
    expect(alert).toHaveTextContent('Tu saldo disponible es $10.00.');
    // Continuing does not reach the review (the final tap) while the money is short.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.queryByRole('button', { name: /^Enviar \$/ })).toBeNull();
    expect(calls.some((call) => call.path === '/api/transactions/send')).toBe(false);

    await user.click(within(alert).getByRole('link', { name: 'Agregar dinero' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('sends to someone new abroad: the calculator first, then the recipient', async () => {
    const calls = serve();
    await openSend();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: /Rosa García/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Alguien nuevo en otro país' }));

    expect(await screen.findByRole('heading', { name: '¿Cuánto envías?' })).toBeVisible();
    await user.type(screen.getByLabelText('Envías (USD)'), '100');
    const options = await screen.findByRole('region', { name: 'Opciones de envío' });
    // Each speed: what arrives, the fee, the rate, and the corridor's one delivery text.
    expect(await within(options).findByText('Estándar: llega en 1 día')).toBeVisible();
    expect(await within(options).findByText('Exprés: llega en menos de 30 minutos')).toBeVisible();
    expect(within(options).getAllByText('Recibe MXN 1,712.34')).toHaveLength(2);
    expect(within(options).getByText('$4.49')).toBeVisible();
    expect(within(options).getByText('$8.48')).toBeVisible();
    expect(within(options).getAllByText('1 USD = 17.1234 MXN')).toHaveLength(2);
    // No recipient saved yet: the quotes were estimates for no one.
    expect(calls.some((call) => call.path === '/api/recipients' && call.method === 'POST')).toBe(
      false,
    );
    const quotes = calls.filter((call) => call.path === '/api/transactions/quote');
    for (const quote of quotes) expect(quote.body).not.toHaveProperty('recipientId');

    await user.click(within(options).getByRole('button', { name: 'Continuar con estándar' }));
    expect(await screen.findByRole('heading', { name: 'Agregar destinatario' })).toBeVisible();
  });

  it('asks for the home address a payer needs (ZIP prefilled), then sends the same quote', async () => {
    const noAddress = makeProfile({ address: null, homeAddress: null, zipCode: '77002' });
    const home = {
      street: '1200 Main St',
      street2: null,
      city: 'Houston',
      state: 'TX' as const,
      postalCode: '77002',
    };
    let sends = 0;
    const calls = serve(50_000, (call) => {
      if (call.path === '/api/user/profile') return { body: noAddress };
      if (call.method === 'PUT' && call.path === '/api/user/address') {
        return { body: { ...noAddress, homeAddress: home } };
      }
      if (call.method === 'POST' && call.path === '/api/remittances') {
        sends += 1;
        return sends === 1
          ? apiError(422, 'address_required', 'Add your home address')
          : { status: 201, body: makeTransfer({ kind: 'remittance', direction: 'out' }) };
      }
      return undefined;
    });
    await openSend();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Rosa García/ }));
    await user.type(await screen.findByLabelText('Monto en USD'), '100');
    await user.click(screen.getByRole('button', { name: 'Cotizar' }));
    await user.click(await screen.findByRole('button', { name: /^Confirmar y enviar/ }));

    const step = await screen.findByRole('region', { name: 'Tu dirección' });
    expect(within(step).getByRole('textbox', { name: /Código postal/ })).toHaveValue('77002');
    await user.type(within(step).getByRole('textbox', { name: /Calle y número/ }), home.street);
    await user.type(within(step).getByRole('textbox', { name: /Ciudad/ }), home.city);
    await user.selectOptions(within(step).getByRole('combobox', { name: /Estado/ }), 'Texas');
    await user.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));

    await waitFor(() => expect(sends).toBe(2));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/remittances');
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(posts[0]?.body).toMatchObject({ recipientId: ROSA.id, amountUsd: 100 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tu dirección' })).toBeNull());
  });

  it('invites an unknown U.S. phone', async () => {
    serve();
    await openSend();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar'), '(305) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByRole('region', { name: '+1 305 555 0100 todavía no está en Pago' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Tu invitación')).toHaveValue(
      `¡Hola! Quiero enviarte dinero con Pago. Regístrate con este número de teléfono y te llega al instante, sin comisión: ${window.location.origin}/signup`,
    );
  });

  it('finds family abroad by name, and says how to search when nothing matches', async () => {
    serve();
    await openSend();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Rosa García/ });
    await user.type(screen.getByLabelText('Buscar'), 'nadie asi');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(/No encontramos ese nombre en tu lista/)).toBeVisible();
    await user.clear(screen.getByLabelText('Buscar'));
    await user.type(screen.getByLabelText('Buscar'), 'rosa garcia');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    // A saved recipient skips the calculator: the amount is asked with the recipient.
    expect(await screen.findByText('Rosa García')).toBeVisible();
    expect(await screen.findByLabelText('Monto en USD')).toBeVisible();
  });

  it('reads in English', async () => {
    serve();
    localStorage.setItem('token', 'test-token');
    await renderApp('/send', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send money' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Who are you sending to?' })).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Someone new in another country' }),
    ).toBeVisible();
  });
});

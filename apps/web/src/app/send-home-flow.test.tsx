import type { Recipient } from '@pago/shared/contracts/remittances';
import type { Quote } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { SendHomeFlow } from '@/features/remittances/components/send-home-flow';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { makeTransfer } from '@/test/transfers';
import { FeatureSlots } from './feature-slots';

const render = featureRenderer(['remittances', 'transfers'], { user: ANA, path: '/send-home' });

beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

const payout = { accountMask: null, walletPhone: null, location: null };
const RECIPIENTS: Recipient[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    fullName: 'María López',
    country: 'MX',
    phone: '+525512345678',
    payout: { ...payout, method: 'bank_deposit', accountMask: '••••9411' },
    createdAt: '2026-11-20T15:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    fullName: 'José Pérez',
    country: 'GT',
    phone: '+50222345678',
    payout: { ...payout, method: 'mobile_wallet', walletPhone: '+50251234567' },
    createdAt: '2026-11-20T15:00:00.000Z',
  },
];

function quoteFor(body: {
  recipientCountry: string;
  amountUsd: number;
  speed: 'standard' | 'express';
}): Quote {
  return {
    quoteId: '33333333-3333-4333-8333-333333333333',
    transferKind: 'remittance',
    recipientCountry: body.recipientCountry,
    speed: body.speed,
    amountCents: cents(body.amountUsd * 100),
    feeCents: cents(449),
    totalCents: cents(body.amountUsd * 100 + 449),
    payoutCurrency: 'GTQ',
    fxRate: '7.5',
    marketRate: '7.7',
    spreadBps: 250,
    payoutAmount: '375.00',
    deliveryEstimate: 'one_to_three_days',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
}

function serve() {
  return stubApi((call) => {
    if (call.path === '/api/recipients') return { body: { items: RECIPIENTS } };
    if (call.path === '/api/user/profile') return { body: ANA };
    if (call.path === '/api/transactions/quote') {
      return { body: quoteFor(call.body as Parameters<typeof quoteFor>[0]) };
    }
    if (call.method === 'POST' && call.path === '/api/remittances') {
      const sent = makeTransfer({
        id: '44444444-4444-4444-8444-444444444444',
        kind: 'remittance',
        status: 'processing',
        direction: 'out',
        feeCents: 399,
        totalCents: 5399,
      });
      return { status: 201, body: sent };
    }
    return undefined;
  });
}

const app = (initial: { recipientId: string | null; amount: string | null }) => (
  <Routes>
    <Route
      path="/send-home"
      element={
        <FeatureSlots>
          <SendHomeFlow initial={initial} />
        </FeatureSlots>
      }
    />
    <Route path="/transfers/:id" element={<p>tracking page</p>} />
  </Routes>
);

describe('the send-home flow', () => {
  it('prefills "send again", offers only standard outside Mexico, sends and opens the tracking page', async () => {
    const calls = serve();
    await render(app({ recipientId: RECIPIENTS[1]?.id ?? '', amount: '50' }));
    expect(await screen.findByText('José Pérez')).toBeVisible();
    expect(screen.getByLabelText('Monto en USD')).toHaveValue('50');
    expect(screen.queryByRole('radio', { name: 'Exprés: en menos de 30 minutos' })).toBeNull();
    expect(screen.getByText('Estándar: llega en hasta 2 días')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByText('En hasta 2 días')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar y enviar $54.49' }));
    expect(await screen.findByText('tracking page')).toBeVisible();
    const send = calls.find((c) => c.method === 'POST' && c.path === '/api/remittances');
    expect(send?.body).toEqual({
      recipientId: RECIPIENTS[1]?.id,
      amountUsd: 50,
      speed: 'standard',
      quoteId: '33333333-3333-4333-8333-333333333333',
    });
    expect(send?.headers['idempotency-key']).toBeTruthy();
    const quote = calls.find((c) => c.path === '/api/transactions/quote');
    expect(quote?.body).toEqual({
      recipientCountry: 'GT',
      amountUsd: 50,
      speed: 'standard',
      recipientPhone: '+50222345678',
    });
  });

  it('lists the saved recipients, and offers express to Mexico', async () => {
    serve();
    await render(app({ recipientId: null, amount: null }), { language: 'en' });
    expect(await screen.findByText('Who are you sending to?')).toBeVisible();
    expect(screen.getByText('Mexico · Deposit to account ••••9411')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^María López/ }));
    await waitFor(() => expect(screen.getByLabelText('Amount in USD')).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Express: under 30 minutes' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Standard: arrives in 1 day' })).toBeChecked();
  });

  it('removes a saved recipient after asking', async () => {
    let items = RECIPIENTS;
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/api/recipients') return { body: { items } };
      if (call.method === 'DELETE' && call.path === `/api/recipients/${RECIPIENTS[0]?.id}`) {
        items = RECIPIENTS.slice(1);
        return { body: { removed: true } };
      }
      return undefined;
    });
    await render(app({ recipientId: null, amount: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar a María López' }));
    expect(
      screen.getByText(
        '¿Eliminar a María López de tus destinatarios? Tus envíos anteriores no cambian.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(screen.queryByText('María López')).toBeNull());
    expect(screen.getByText('José Pérez')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

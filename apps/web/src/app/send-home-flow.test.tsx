import type { UsAddress } from '@pago/shared/contracts/address';
import type { Recipient, RemittanceTracking } from '@pago/shared/contracts/remittances';
import type { Quote } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { SendHomeFlow } from '@/features/remittances/components/send-home-flow';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { captureDownloads } from '@/test/downloads';
import { GT_CASH_PAYER, makePayer } from '@/test/payers';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { makeTransfer } from '@/test/transfers';
import { FeatureSlots } from './feature-slots';

const render = featureRenderer(['remittances', 'transfers', 'onboarding', 'accounts', 'phone'], {
  user: { ...ANA, address: null, homeAddress: null, zipCode: '77002' },
  path: '/send-home',
});

beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

const MX_BANK = makePayer();
const RECIPIENTS: Recipient[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    fullName: 'María López',
    firstName: 'María',
    lastName: 'López',
    country: 'MX',
    phone: '+525512345678',
    payout: {
      method: 'bank_deposit',
      payerId: MX_BANK.id,
      payerName: MX_BANK.name,
      accountMask: '••••9411',
      walletPhone: null,
      fields: { clabe: '••••9411' },
    },
    needsUpdate: false,
    createdAt: '2026-11-20T15:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    fullName: 'José Pérez',
    firstName: 'José',
    lastName: 'Pérez',
    country: 'GT',
    phone: '+50222345678',
    payout: {
      method: 'cash_pickup',
      payerId: GT_CASH_PAYER.id,
      payerName: GT_CASH_PAYER.name,
      accountMask: null,
      walletPhone: null,
      fields: { id_type: 'NATIONAL_ID', id_number: '••••0101' },
    },
    needsUpdate: false,
    createdAt: '2026-11-20T15:00:00.000Z',
  },
  {
    id: '55555555-5555-4555-8555-555555555555',
    fullName: 'Rosa Díaz',
    firstName: 'Rosa',
    lastName: 'Díaz',
    country: 'MX',
    phone: '+525587654321',
    payout: {
      method: 'bank_deposit',
      payerId: null,
      payerName: null,
      accountMask: '••••1234',
      walletPhone: null,
      fields: {},
    },
    needsUpdate: true,
    createdAt: '2026-10-01T15:00:00.000Z',
  },
];
const SENT_ID = '44444444-4444-4444-8444-444444444444';
const HOME: UsAddress = {
  street: '1200 Main St',
  street2: null,
  city: 'Houston',
  state: 'TX',
  postalCode: '77002',
};
const SEND_BODY = {
  recipientId: '22222222-2222-4222-8222-222222222222',
  amountUsd: 100,
  quoteId: '33333333-3333-4333-8333-333333333333',
};

/** Guatemala at 7.50 with the spec's fees: 2% + $3.49, express +$4.99 (Central America). */
function quoteFor(body: { amountUsd: number; speed: 'standard' | 'express' }): Quote {
  const amount = body.amountUsd * 100;
  const fee = Math.round(amount * 0.02) + 349 + (body.speed === 'express' ? 499 : 0);
  const gtq = (amount * 0.075).toFixed(2);
  return {
    quoteId: '33333333-3333-4333-8333-333333333333',
    transferKind: 'remittance',
    recipientCountry: 'GT',
    speed: body.speed,
    amountCents: cents(amount),
    feeCents: cents(fee),
    totalCents: cents(amount + fee),
    payoutCurrency: 'GTQ',
    fxRate: '7.5',
    marketRate: '7.7',
    spreadBps: 250,
    payoutAmount: gtq,
    deliveryEstimate: body.speed === 'express' ? 'under_30_minutes' : 'one_to_three_days',
    deliveryMinutes: 15,
    payerName: GT_CASH_PAYER.name,
    disclosure: {
      transferAmountCents: cents(amount),
      transferFeeCents: cents(fee),
      transferTaxesCents: cents(0),
      totalCents: cents(amount + fee),
      exchangeRate: '7.5',
      payoutCurrency: 'GTQ',
      transferAmountForeign: gtq,
      otherFeesForeign: '0.00',
      totalToRecipient: gtq,
      recipientMayReceiveLess: false,
      availableBy: '2026-11-20T15:20:00.000Z',
    },
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
}

function sentTracking(): RemittanceTracking {
  const quote = quoteFor({ amountUsd: 100, speed: 'express' });
  const recipient = RECIPIENTS[1] as Recipient;
  return {
    transfer: {
      ...makeTransfer({
        id: SENT_ID,
        reference: '7KQ2MX9C4T',
        kind: 'remittance',
        status: 'processing',
        direction: 'out',
        amountCents: 10_000,
        feeCents: 1048,
        totalCents: 11_048,
        details: { recipientId: recipient.id, payoutAmount: '750.00', payoutCurrency: 'GTQ' },
      }),
      statusHistory: [],
    } as unknown as RemittanceTracking['transfer'],
    recipient: {
      fullName: recipient.fullName,
      country: recipient.country,
      phone: recipient.phone,
      payout: recipient.payout,
    },
    timeline: [{ step: 'created', at: '2026-11-20T15:00:00.000Z' }],
    expectedBy: '2026-11-20T15:20:00.000Z',
    pickupCode: null,
    cancellable: true,
    cancelBy: new Date(Date.now() + 30 * 60_000).toISOString(),
    disclosure: quote.disclosure,
    reportBy: '2027-05-19T15:20:00.000Z',
    canReport: true,
    cases: [],
    recipientNotice: { link: null, sms: { sent: null, ready: null } },
  };
}

/** `first` answers before the usual routes (a test's own refusals). */
function serve(first?: (call: ApiCall) => Answer | undefined) {
  return stubApi((call) => {
    const own = first?.(call);
    if (own) return own;
    if (call.path === '/api/recipients') return { body: { items: RECIPIENTS } };
    if (call.path === '/api/user/profile') return { body: ANA };
    if (call.path.startsWith('/api/remittances/payers?')) {
      const country = new URLSearchParams(call.path.split('?')[1]).get('country');
      return { body: { items: [MX_BANK, GT_CASH_PAYER].filter((p) => p.country === country) } };
    }
    if (call.path === '/api/transactions/quote') {
      return { body: quoteFor(call.body as Parameters<typeof quoteFor>[0]) };
    }
    if (call.method === 'POST' && call.path === '/api/remittances') {
      const sent = makeTransfer({
        id: SENT_ID,
        kind: 'remittance',
        status: 'processing',
        direction: 'out',
        amountCents: 10_000,
        feeCents: 1048,
        totalCents: 11_048,
      });
      return { status: 201, body: sent };
    }
    if (call.path === `/api/remittances/${SENT_ID}`) return { body: sentTracking() };
    if (call.path === `/api/remittances/${SENT_ID}/receipt.pdf?lang=es`)
      return { body: '%PDF-1.7' };
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

/** Intl writes a no-break space between some currency symbols and the figure. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('the send-home flow', () => {
  it('sends $100 express to a cash pickup network in Guatemala: the disclosure before paying, the receipt after', async () => {
    const calls = serve();
    const downloads = captureDownloads();
    await render(app({ recipientId: RECIPIENTS[1]?.id ?? '', amount: '100' }));
    expect(await screen.findByText('José Pérez')).toBeVisible();
    expect(
      screen.getByText('Guatemala · Efectivo con Red de Pagos Ejemplo Guatemala'),
    ).toBeVisible();
    expect(screen.getByLabelText('Monto en USD')).toHaveValue('100');
    // Express in Central America, on a payer that pays in minutes.
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Exprés: llega en menos de 30 minutos' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));

    expect(await screen.findByText('Revisa los detalles antes de pagar')).toBeVisible();
    const disclosure = within(screen.getByTestId('disclosure'));
    const row = (label: string) =>
      disclosure
        .getAllByText(label, { selector: 'dt' })
        .map((dt) => plain(dt.nextElementSibling?.textContent ?? null));
    expect(row('Monto del envío')).toEqual(['$100.00', 'GTQ 750.00']);
    expect(row('Comisión de envío')).toEqual(['$10.48']);
    expect(row('Impuestos del envío')).toEqual(['$0.00']);
    expect(row('Total')).toEqual(['$110.48']);
    expect(row('Tipo de cambio')).toEqual(['US$1 = 7.5 GTQ']);
    expect(row('Otras comisiones')).toEqual(['GTQ 0.00']);
    expect(row('Total para el destinatario')).toEqual(['GTQ 750.00']);
    expect(row('Fecha de disponibilidad')[0]).toMatch(/^viernes, 20 de noviembre/);
    expect(
      disclosure.getByText(/^Pago no cobra otras comisiones ni impuestos por este envío/),
    ).toBeVisible();
    // A cash payout is not taken from an account: no "may receive less".
    expect(disclosure.queryByText(/podría recibir menos/)).toBeNull();
    expect(calls.find((c) => c.path === '/api/transactions/quote')?.body).toEqual({
      recipientCountry: 'GT',
      amountUsd: 100,
      speed: 'express',
      recipientId: RECIPIENTS[1]?.id,
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/remittances')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar y enviar $110.48' }));
    const receipt = within(await screen.findByTestId('receipt'));
    expect(receipt.getByText('Recibo')).toBeVisible();
    expect(receipt.getByText('7KQ2M-X9C4T')).toBeVisible();
    expect(
      receipt.getByText('José Pérez · Guatemala · Red de Pagos Ejemplo Guatemala'),
    ).toBeVisible();
    expect(receipt.getByText('$110.48')).toBeVisible();
    expect(
      receipt.getByText('Te quedan 30 minutos de los 30 para cancelar con reembolso total.'),
    ).toBeVisible();
    expect(receipt.getByText(/^Tienes derecho a cancelar este envío/)).toBeVisible();
    expect(receipt.getByText(/^Tienes derecho a reclamar si hay un error/)).toBeVisible();
    expect(receipt.getByText('Regulador de tu estado: NMLS Consumer Access')).toBeVisible();
    expect(receipt.getByRole('link', { name: '1-855-411-2372' })).toHaveAttribute(
      'href',
      'tel:18554112372',
    );
    const send = calls.find((c) => c.method === 'POST' && c.path === '/api/remittances');
    expect(send?.body).toEqual({
      recipientId: RECIPIENTS[1]?.id,
      amountUsd: 100,
      speed: 'express',
      quoteId: '33333333-3333-4333-8333-333333333333',
    });
    expect(send?.headers['idempotency-key']).toBeTruthy();

    await userEvent.click(receipt.getByRole('button', { name: 'Descargar recibo (PDF)' }));
    await waitFor(() => expect(downloads).toEqual(['recibo-pago-7KQ2M-X9C4T.pdf']));
    const pdf = calls.find((c) => c.path.includes('receipt.pdf'));
    expect(pdf?.headers.authorization).toBe('Bearer token-ana');

    await userEvent.click(screen.getByRole('link', { name: 'Ver seguimiento' }));
    expect(await screen.findByText('tracking page')).toBeVisible();
  });

  it('asks for the home address a payer needs (ZIP prefilled), then sends the same quote', async () => {
    let sends = 0;
    const calls = serve((call) => {
      if (call.method === 'PUT' && call.path === '/api/user/address') {
        return { body: { ...ANA, homeAddress: HOME } };
      }
      if (call.method === 'POST' && call.path === '/api/remittances' && ++sends === 1) {
        return apiError(422, 'address_required', 'Add your home address');
      }
      return undefined;
    });
    await render(app({ recipientId: RECIPIENTS[1]?.id ?? '', amount: '100' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cotizar' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Confirmar y enviar/ }));
    const step = await screen.findByRole('region', { name: 'Tu dirección' });
    expect(within(step).getByText(/para enviar dinero a tu familia/)).toBeVisible();
    expect(within(step).getByRole('textbox', { name: /Código postal/ })).toHaveValue('77002');
    expect(screen.queryByText(/perfil/)).toBeNull();
    await userEvent.type(
      within(step).getByRole('textbox', { name: /Calle y número/ }),
      HOME.street,
    );
    await userEvent.type(within(step).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await userEvent.selectOptions(within(step).getByRole('combobox', { name: /Estado/ }), 'Texas');
    await userEvent.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));

    // The same send goes on: the receipt, nothing typed again.
    expect(await screen.findByTestId('receipt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject(HOME);
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/remittances');
    expect(posts.map((c) => c.body)).toEqual([
      { ...SEND_BODY, speed: 'standard' },
      { ...SEND_BODY, speed: 'standard' },
    ]);
    // The server kept its refusal under the first key: the send after the address is a new one.
    expect(posts[1]?.headers['idempotency-key']).toBeTruthy();
    expect(posts[1]?.headers['idempotency-key']).not.toBe(posts[0]?.headers['idempotency-key']);
  });

  it('goes back to the quote when the person cancels the address, with nothing sent', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.path === '/api/remittances'
        ? apiError(422, 'address_required', 'Add your home address')
        : undefined,
    );
    await render(app({ recipientId: RECIPIENTS[1]?.id ?? '', amount: '100' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cotizar' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Confirmar y enviar/ }));
    const step = await screen.findByRole('region', { name: 'Tu dirección' });
    await userEvent.click(within(step).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: /^Confirmar y enviar/ })).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/remittances')).toHaveLength(
      1,
    );
  });

  it('lists the saved recipients, offers only standard when the payer is not express, in English', async () => {
    serve();
    await render(app({ recipientId: null, amount: null }), { language: 'en' });
    expect(await screen.findByText('Who are you sending to?')).toBeVisible();
    expect(screen.getByText('Mexico · Deposit to Banco Ejemplo México ••••9411')).toBeVisible();
    expect(screen.getByText('Mexico · Choose how they get the money')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^María López/ }));
    await waitFor(() => expect(screen.getByLabelText('Amount in USD')).toHaveFocus());
    expect(await screen.findByText('Standard: arrives in 1 day')).toBeVisible();
    expect(
      screen.queryByRole('radio', { name: 'Express: arrives in under 30 minutes' }),
    ).toBeNull();
  });

  it('asks how a recipient saved before the payers is paid, before any send', async () => {
    const calls = serve();
    await render(app({ recipientId: RECIPIENTS[2]?.id ?? '', amount: '20' }));
    expect(await screen.findByText('¿Cómo recibe el dinero Rosa Díaz?')).toBeVisible();
    expect(screen.getByLabelText('Nombre(s)')).toHaveValue('Rosa');
    expect(screen.queryByRole('button', { name: 'Cotizar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿A quién le envías?')).toBeVisible();
    expect(calls.some((c) => c.path === '/api/transactions/quote')).toBe(false);
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

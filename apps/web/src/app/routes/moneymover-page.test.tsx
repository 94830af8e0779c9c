import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { ANA, BRICKELL, makeProfile } from '@/test/profiles';
import { makeRemittanceQuote } from '@/test/quotes';
import { featureRenderer } from '@/test/render-feature';
import { FeatureSlots } from '../feature-slots';
import MoneyMoverPage from './moneymover-page';

const renderMoneyMover = featureRenderer(
  ['moneymover', 'transfers', 'requests', 'banking', 'wallet', 'accounts', 'remittances'],
  { user: ANA, path: '/moneymover' },
);

afterEach(() => {
  vi.unstubAllGlobals();
});

const QUOTE = makeRemittanceQuote({ deliveryMinutes: null, payerName: null, disclosure: null });

const TRANSFER: Transfer = {
  id: '9d0f3c55-0b1a-4c1e-8d7e-3a2b1c0d9e8f',
  reference: '4XR7M2KQ9T',
  kind: 'remittance',
  status: 'processing',
  direction: 'out',
  amountCents: cents(10000),
  feeCents: cents(449),
  totalCents: cents(10449),
  counterparty: { userId: null, name: '+525512345678', username: null, phone: '+525512345678' },
  createdAt: '2025-05-02T15:00:00.000Z',
  details: { recipientPhone: '+525512345678' },
};

// Signed in: the money actions check the identity afresh with this token (spec §4).
beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

/** The wallet's own calls and Ana's fresh profile (verified); `extra` answers the rest first. */
function serve(extra: (call: ApiCall) => Answer | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/user/profile') {
      return extra(call) ?? { body: ANA };
    }
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 50000, availableBalanceCents: 50000, currency: 'USD' } };
    }
    if (
      call.path.startsWith('/api/requests/incoming') ||
      call.path.startsWith('/api/requests/outgoing')
    ) {
      return extra(call) ?? { body: { items: [], nextCursor: null } };
    }
    return extra(call);
  });
}

const UNVERIFIED = { ...ANA, kyc_status: 'pending', plaidIdentityStatus: null };

/** The page, and a stand-in for /onboarding/verify where the unverified are sent. */
function withOnboarding() {
  return (
    <Routes>
      <Route path="/moneymover" element={<MoneyMoverPage />} />
      <Route path="/onboarding/verify" element={<h1>Onboarding page</h1>} />
    </Routes>
  );
}

const posts = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('the money mover, signed in', () => {
  it('shows the real balance', async () => {
    serve();
    await renderMoneyMover(<MoneyMoverPage />);
    const card = screen.getByRole('region', { name: 'Saldo disponible' });
    expect(await within(card).findByText('$500.00')).toBeVisible();
  });

  it('shows a phone of a Pago user as instant and free, with no exchange rate', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote'
        ? {
            body: {
              ...QUOTE,
              transferKind: 'p2p',
              feeCents: 0,
              totalCents: 10_000,
              payoutCurrency: 'USD',
              fxRate: '1.000000',
              payoutAmount: '100.00',
              deliveryEstimate: 'instant',
            },
          }
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));

    const review = await screen.findByRole('region', { name: 'Review your transfer' });
    const row = (label: string) => within(review).getByText(label).nextElementSibling;
    expect(row('Fee')).toHaveTextContent('No fee');
    expect(row('Taken from your balance')).toHaveTextContent('$100.00');
    expect(row('Delivery')).toHaveTextContent('Arrives instantly');
    expect(within(review).queryByText('Exchange rate')).toBeNull();
    expect(within(review).getByText(/This person uses Pago/)).toBeVisible();
    expect(within(review).getByText(/Confirm within \d+:\d\d\./)).toBeVisible();
    expect(within(review).queryByText(/rate is held/)).toBeNull();
  });

  it('says in English when the look-up budget is spent on a quote for a phone', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote'
        ? apiError(429, 'lookup_limit_reached', { retryAfterSeconds: 900 })
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You looked up many people in a short time. To protect everyone’s privacy, wait a while and try again.',
    );
  });

  it('quotes, shows the fee before confirming, and retries the send with the same key', async () => {
    let sends = 0;
    const calls = serve((call) => {
      if (call.path === '/api/transactions/quote') return { body: QUOTE };
      if (call.path === '/api/transactions/send') {
        sends += 1;
        return sends === 1 ? 'network_error' : { status: 201, body: TRANSFER };
      }
      if (call.path === `/api/transactions/${TRANSFER.id}`) {
        return { body: { ...TRANSFER, status: 'delivered', statusHistory: [] } };
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });

    await userEvent.type(screen.getByLabelText("Recipient's phone"), '55 1234 5678');
    expect(screen.getByLabelText('Destination country')).toHaveValue('MX');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));

    const review = await screen.findByRole('region', { name: 'Review your transfer' });
    expect(posts(calls, '/api/transactions/quote')[0]?.body).toEqual({
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'standard',
      recipientPhone: '+525512345678',
    });
    const row = (label: string) => within(review).getByText(label).nextElementSibling;
    expect(row('Fee')).toHaveTextContent('$4.49');
    expect(row('You send')).toHaveTextContent('$100.00');
    expect(row('Taken from your balance')).toHaveTextContent('$104.49');
    expect(row('Exchange rate')).toHaveTextContent('1 USD = 17.1234 MXN');
    expect(row('Receives')).toHaveTextContent('1,712.34');
    // Mexico's standard delivery: the next day.
    // The corridor's one delivery text (shared delivery-times): Mexico, one day.
    expect(row('Delivery')).toHaveTextContent('Arrives in 1 day');
    expect(within(review).getByText(/This rate is held for \d+:\d\d\./)).toBeVisible();
    expect(posts(calls, '/api/transactions/send')).toHaveLength(0);

    await userEvent.click(within(review).getByRole('button', { name: 'Confirm and send $104.49' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send money. Please try again.',
    );
    await userEvent.click(within(review).getByRole('button', { name: 'Confirm and send $104.49' }));
    expect(await screen.findByText('Money sent successfully!')).toBeVisible();

    const sent = posts(calls, '/api/transactions/send');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual({
      recipientName: '+525512345678',
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'standard',
      quoteId: QUOTE.quoteId,
    });
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    const key = sent[0]?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]?.headers['idempotency-key']).toBe(key);
    // The payout is followed: delivered.
    expect(
      await screen.findByText(/Delivered: \+52 55 1234 5678 received your \$100\.00\./),
    ).toBeVisible();
    // The form is ready for the next send: the phone box is empty again.
    expect(screen.getByLabelText("Recipient's phone")).toHaveValue('');
    expect(screen.getByLabelText('Amount in USD')).toHaveValue('');
  });

  it('reads "12,50" in Spanish as $12.50', async () => {
    const calls = serve((call) =>
      call.path === '/api/transactions/quote'
        ? { body: { ...QUOTE, amountCents: 1250, feeCents: 318, totalCents: 1568 } }
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es' });
    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '5512345678');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));

    const review = await screen.findByRole('region', { name: 'Revisa tu envío' });
    expect(posts(calls, '/api/transactions/quote')[0]?.body).toMatchObject({ amountUsd: 12.5 });
    expect(within(review).getByText('Comisión').nextElementSibling).toHaveTextContent('$3.18');
    expect(within(review).getByRole('button', { name: 'Confirmar y enviar $15.68' })).toBeEnabled();
  });

  it('requires every field before quoting', async () => {
    const calls = serve();
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByText('Ingresa el teléfono de quien recibe.')).toBeVisible();
    expect(screen.getByText('Ingresa el monto.')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '12');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByText(/Ingresa un teléfono válido/)).toBeVisible();
    expect(
      screen.getByText('Lo máximo que puedes mover en una transferencia es $999.00.'),
    ).toBeVisible();
    expect(posts(calls, '/api/transactions/quote')).toHaveLength(0);
  });

  it('offers a new quote once the quote has expired, and sends nothing', async () => {
    let quotes = 0;
    const calls = serve((call) => {
      if (call.path !== '/api/transactions/quote') return undefined;
      quotes += 1;
      const expiresAt = new Date(Date.now() + (quotes === 1 ? -1000 : 600_000)).toISOString();
      return { body: { ...QUOTE, quoteId: `${QUOTE.quoteId.slice(0, -1)}${quotes}`, expiresAt } };
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '5512345678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByText(/This quote has expired/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Confirm and send/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and send $104.49' }));
    await waitFor(() => expect(posts(calls, '/api/transactions/send')).toHaveLength(1));
    expect(posts(calls, '/api/transactions/send')[0]?.body).toMatchObject({
      quoteId: `${QUOTE.quoteId.slice(0, -1)}2`,
    });
  });

  it('says which limit a send is over and how much room is left', async () => {
    serve((call) => {
      if (call.path === '/api/transactions/quote') return { body: QUOTE };
      if (call.path === '/api/transactions/send') {
        return apiError(422, 'limit_exceeded', {
          limit: 'daily',
          limitCents: 250000,
          remainingCents: 5000,
        });
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '5512345678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and send $104.49' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is over your daily limit of $2,500.00. You can still send $50.00 today.',
    );
  });

  it('sends an unverified user to verify their identity instead of quoting', async () => {
    let answerCheck: (reply: Answer) => void = () => {};
    const calls = serve((call) =>
      call.path === '/api/user/profile'
        ? new Promise((resolve) => {
            answerCheck = resolve;
          })
        : undefined,
    );
    await renderMoneyMover(withOnboarding(), { language: 'en', user: UNVERIFIED });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '5512345678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));

    expect(
      await screen.findByRole('button', { name: 'Checking verification status...' }),
    ).toBeDisabled();
    await act(async () => answerCheck({ body: UNVERIFIED }));
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeVisible();
    expect(posts(calls, '/api/transactions/quote')).toHaveLength(0);
    const [check] = calls.filter((call) => call.path === '/api/user/profile');
    expect(check?.headers.authorization).toBe('Bearer token-ana');
  });

  it('quotes for someone whose identity was verified since the page opened', async () => {
    // The session's copy still says unverified; the fresh check finds it verified.
    const calls = serve((call) =>
      call.path === '/api/transactions/quote' ? { body: QUOTE } : undefined,
    );
    await renderMoneyMover(withOnboarding(), { language: 'en', user: UNVERIFIED });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '5512345678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByRole('region', { name: 'Review your transfer' })).toBeVisible();
    expect(posts(calls, '/api/transactions/quote')).toHaveLength(1);
  });

  it('says so when the verification status cannot be checked, and moves nothing', async () => {
    const calls = serve((call) =>
      call.path === '/api/user/profile' ? apiError(500, 'internal_error') : undefined,
    );
    await renderMoneyMover(withOnboarding(), { language: 'es' });
    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '5512345678');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al comprobar el estado de tu verificación. Intenta recargar la página.',
    );
    expect(screen.getByRole('button', { name: 'Cotizar' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Onboarding page' })).toBeNull();
    expect(posts(calls, '/api/transactions/quote')).toHaveLength(0);
  });

  it('links to identity verification when the server refuses all the same', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote' ? apiError(403, 'identity_not_verified') : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, {
      language: 'es',
      user: UNVERIFIED,
    });
    expect(
      screen.getByText('Verifica tu identidad para enviar, solicitar y transferir dinero.'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '5512345678');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Verifica tu identidad antes de mover dinero.');
    expect(within(alert).getByRole('link', { name: 'Verificar mi identidad' })).toHaveAttribute(
      'href',
      '/onboarding/verify',
    );
  });

  it('opens the tab and fills in the person from the link', async () => {
    const calls = serve((call) =>
      call.path === '/api/requests/create'
        ? {
            status: 201,
            body: {
              id: 'r1',
              amountCents: 2500,
              note: 'Cena',
              status: 'pending',
              requester: { userId: 'u_ana', name: 'Ana López', username: 'ana.lopez', phone: null },
              payer: { name: 'Bob Díaz', username: 'bob_d' },
              transferId: null,
              createdAt: '2025-05-01T18:30:00.000Z',
            },
          }
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, {
      language: 'es',
      path: '/moneymover?tab=request&to=bob_d',
    });
    expect(screen.getByRole('tab', { name: 'Solicitar dinero' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Usuario o teléfono')).toHaveValue('bob_d');
    await userEvent.type(screen.getByLabelText('Motivo o nota'), 'Cena');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar dinero' }));
    expect(await screen.findByText('¡Solicitud de dinero enviada con éxito!')).toBeVisible();
    const [created] = posts(calls, '/api/requests/create');
    expect(created?.body).toEqual({ requestedFrom: 'bob_d', requestNote: 'Cena', amountUsd: 25 });
    expect(created?.headers['idempotency-key']).toBeTruthy();
  });

  it('says in Spanish when the look-up budget is spent on a request', async () => {
    serve((call) =>
      call.path === '/api/requests/create'
        ? apiError(429, 'lookup_limit_reached', { retryAfterSeconds: 900 })
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es', path: '/moneymover?tab=request' });
    await userEvent.type(screen.getByLabelText('Usuario o teléfono'), '@eva.r');
    await userEvent.type(screen.getByLabelText('Motivo o nota'), 'Boletos');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar dinero' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Buscaste a muchas personas en poco tiempo. Para proteger la privacidad de todos, espera un rato e inténtalo de nuevo.',
    );
  });

  it('says so when a request cannot be sent', async () => {
    serve((call) =>
      call.path === '/api/requests/create' ? apiError(503, 'service_unavailable') : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en', path: '/moneymover?tab=request' });
    await userEvent.type(screen.getByLabelText('Username or phone'), '@eva.r');
    await userEvent.type(screen.getByLabelText('Reason or note'), 'Tickets');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Request money' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to request money. Please try again.',
    );
  });

  it('pays an incoming request after confirming', async () => {
    const request = {
      id: '1b2c3d4e-0000-4000-8000-000000000001',
      amountCents: 3000,
      note: 'Pizza',
      status: 'pending',
      requester: { userId: 'u_bob', name: 'Bob Díaz', username: 'bob_d', phone: null },
      payer: { userId: 'u_ana', name: 'Ana López', username: 'ana.lopez', phone: null },
      transferId: null,
      createdAt: '2025-05-01T18:30:00.000Z',
    };
    let paid = false;
    const calls = serve((call) => {
      if (call.path.startsWith('/api/requests/incoming')) {
        return {
          body: { items: [{ ...request, status: paid ? 'paid' : 'pending' }], nextCursor: null },
        };
      }
      if (call.path === `/api/requests/${request.id}/pay`) {
        paid = true;
        return { body: { ...request, status: 'paid' } };
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en', path: '/moneymover?tab=request' });
    const incoming = await screen.findByText('From Bob Díaz (@bob_d)');
    const item = incoming.closest('li') as HTMLElement;
    expect(within(item).getByText('Pending')).toBeVisible();
    await userEvent.click(within(item).getByRole('button', { name: 'Pay' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay this request?' });
    expect(dialog).toHaveTextContent('$30.00 will leave your balance and go to Bob Díaz (@bob_d)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $30.00' }));
    expect(await screen.findByText('Request paid.')).toBeVisible();
    const [pay] = posts(calls, `/api/requests/${request.id}/pay`);
    expect(pay?.body).toEqual({});
    expect(pay?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(within(item).getByText('Paid')).toBeVisible());
  });
});

describe('the requests inbox', () => {
  const requestNumber = (n: number) => ({
    id: `1b2c3d4e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    amountCents: 100 * n,
    note: `Nota ${n}`,
    status: 'pending',
    requester: { userId: `u_${n}`, name: `Persona ${n}`, username: `persona_${n}`, phone: null },
    payer: { userId: 'u_ana', name: 'Ana López', username: 'ana.lopez', phone: null },
    transferId: null,
    createdAt: '2025-05-01T18:30:00.000Z',
  });

  it('shows the newest requests first and the older ones with "Ver más"', async () => {
    const first = Array.from({ length: 10 }, (_, i) => requestNumber(i + 1));
    const calls = serve((call) => {
      if (call.path === '/api/requests/incoming?limit=10') {
        return { body: { items: first, nextCursor: 'page-2' } };
      }
      if (call.path === '/api/requests/incoming?limit=10&cursor=page-2') {
        return { body: { items: [requestNumber(11)], nextCursor: null } };
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es', path: '/moneymover?tab=request' });
    expect(await screen.findByText('De Persona 10 (@persona_10)')).toBeVisible();
    expect(screen.queryByText('De Persona 11 (@persona_11)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('De Persona 11 (@persona_11)')).toBeVisible();
    expect(screen.getByText('De Persona 1 (@persona_1)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(calls.map((call) => call.path)).toContain(
      '/api/requests/incoming?limit=10&cursor=page-2',
    );
  });

  it('says "Load more" in English', async () => {
    serve((call) =>
      call.path.startsWith('/api/requests/outgoing')
        ? { body: { items: [requestNumber(1)], nextCursor: 'next' } }
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en', path: '/moneymover?tab=request' });
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeVisible();
  });

  it.each([
    ['es', 'pending', 'Ya tienes 3 solicitudes pendientes a esta persona.'],
    ['es', 'daily', 'Puedes enviar como máximo 10 solicitudes al día a la misma persona.'],
    ['en', 'pending', 'You already have 3 pending requests to this person.'],
    ['en', 'daily', 'You can send at most 10 requests a day to the same person.'],
  ] as const)('explains a refused request over the %s %s limit', async (language, limit, text) => {
    serve((call) =>
      call.path === '/api/requests/create'
        ? apiError(429, 'request_limit_reached', { limit, max: limit === 'daily' ? 10 : 3 })
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, {
      language,
      path: '/moneymover?tab=request&to=bob_d',
    });
    await userEvent.type(
      screen.getByLabelText(language === 'es' ? 'Motivo o nota' : 'Reason or note'),
      'Cena',
    );
    await userEvent.type(
      screen.getByLabelText(language === 'es' ? 'Monto en USD' : 'Amount in USD'),
      '10',
    );
    await userEvent.click(
      screen.getByRole('button', {
        name: language === 'es' ? 'Solicitar dinero' : 'Request money',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('bank transfer', () => {
  const ACCOUNT = {
    id: 'b1',
    accountNumber: '912345678901',
    routingNumber: '123456780',
    createdAt: '2025-05-01T00:00:00.000Z',
  };

  const HOME = BRICKELL;
  /** The Bank Transfer tab, signed in as someone whose profile has an address. */
  const openBankTab = () =>
    renderMoneyMover(<MoneyMoverPage />, {
      language: 'en',
      path: '/moneymover?tab=bank',
      user: makeProfile(),
    });

  it('offers to set up the banking account when there is none, asking the address first', async () => {
    let created = false;
    const calls = serve((call) => {
      if (call.path === '/api/unit/accounts/me') {
        return created ? { body: ACCOUNT } : apiError(404, 'not_found');
      }
      if (call.path === '/api/user/address') return { body: { ...ANA, homeAddress: HOME } };
      if (call.path === '/api/unit/accounts/create') {
        created = true;
        return { status: 201, body: ACCOUNT };
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es', path: '/moneymover?tab=bank' });
    expect(
      await screen.findByRole('heading', { name: 'Se requiere una cuenta bancaria' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Configurar cuenta bancaria' }));
    // Ana has no address: the bank's step asks it first and opens nothing yet.
    expect(await screen.findByRole('heading', { name: 'Primero, tu dirección' })).toBeVisible();
    expect(posts(calls, '/api/unit/accounts/create')).toEqual([]);
    const form = screen.getByRole('group', { name: 'Dirección de tu casa en EE. UU.' });
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Calle y número/ }),
      HOME.street,
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /Apto\./ }), 'Apt 4B');
    await userEvent.type(within(form).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: /Estado/ }),
      'Florida',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /Código postal/ }), '33131');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    expect(await screen.findByText('¡Cuenta bancaria creada con éxito!')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/user/address')).toMatchObject([
      { method: 'PUT', body: HOME },
    ]);
    expect(screen.getByText('912345678901')).toBeVisible();
    expect(screen.getByText('123456780')).toBeVisible();
    expect(posts(calls, '/api/unit/accounts/create')[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('asks the address when the server says the bank needs it, then opens the account', async () => {
    let created = false;
    let attempts = 0;
    const calls = serve((call) => {
      if (call.path === '/api/unit/accounts/me') {
        return created ? { body: ACCOUNT } : apiError(404, 'not_found');
      }
      if (call.path === '/api/user/address') return { body: { ...ANA, homeAddress: HOME } };
      if (call.path === '/api/unit/accounts/create') {
        attempts += 1;
        if (attempts === 1) return apiError(422, 'address_required');
        created = true;
        return { status: 201, body: ACCOUNT };
      }
      return undefined;
    });
    // The session's copy says she has one (another tab cleared it since).
    await openBankTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up Banking Account' }));
    expect(await screen.findByRole('heading', { name: 'First, your address' })).toBeVisible();
    // The form starts from the address the session knows.
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveValue('100 Main St');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Banking account created successfully!')).toBeVisible();
    expect(posts(calls, '/api/unit/accounts/create')).toHaveLength(2);
  });

  it('explains a refused address field by field and sends nothing', async () => {
    const calls = serve((call) =>
      call.path === '/api/unit/accounts/me' ? apiError(404, 'not_found') : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es', path: '/moneymover?tab=bank' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Configurar cuenta bancaria' }),
    );
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Calle y número/ }),
      'PO Box 12',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Código postal/ }), '331');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    expect(
      await screen.findByText(
        'Escribe la dirección donde vives: no se aceptan apartados postales (PO Box).',
      ),
    ).toBeVisible();
    expect(screen.getByText('Escribe la ciudad (hasta 60 caracteres).')).toBeVisible();
    expect(screen.getByText('Elige un estado.')).toBeVisible();
    expect(
      screen.getByText('Escribe un código postal de 5 dígitos (o ZIP+4: 12345-6789).'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // Cancel goes back to the set-up offer.
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Configurar cuenta bancaria' })).toBeVisible();
  });

  it('says "Failed to create banking account" when the server refuses', async () => {
    serve((call) => {
      if (call.path === '/api/unit/accounts/me') return apiError(404, 'not_found');
      if (call.path === '/api/unit/accounts/create') return apiError(400, 'bad_request');
      return undefined;
    });
    await openBankTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up Banking Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create banking account');
  });

  it('checks the fields in the spec order and sends the amount in cents', async () => {
    const calls = serve((call) => {
      if (call.path === '/api/unit/accounts/me') return { body: ACCOUNT };
      if (call.path === '/api/unit/payments/send') {
        return { status: 201, body: { ...TRANSFER, kind: 'bank_transfer', status: 'completed' } };
      }
      return undefined;
    });
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en', path: '/moneymover?tab=bank' });
    const send = await screen.findByRole('button', { name: 'Send transfer' });
    const amount = screen.getByLabelText(/^Amount in USD/);
    expect(amount).toHaveAttribute('min', '0.01');
    expect(amount).toHaveAttribute('step', '0.01');

    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all required fields.',
    );

    await userEvent.type(screen.getByLabelText(/^Receiver's phone or e-mail/), 'eva@example.com');
    await userEvent.type(amount, '0');
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid amount.');

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    await userEvent.type(screen.getByLabelText('Description (optional)'), 'Rent share');
    await userEvent.click(send);
    // Nothing moves before the review is confirmed; Edit keeps what was typed.
    expect(await screen.findByRole('heading', { name: 'Review your transfer' })).toBeVisible();
    expect(screen.getByText('eva@example.com')).toBeVisible();
    expect(screen.getAllByText('$12.50')).toHaveLength(2);
    expect(posts(calls, '/api/unit/payments/send')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(/^Amount in USD/)).toHaveValue(12.5);
    await userEvent.click(screen.getByRole('button', { name: 'Send transfer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByText('Money sent successfully!')).toBeVisible();
    const [payment] = posts(calls, '/api/unit/payments/send');
    expect(payment?.body).toEqual({
      receiver: 'eva@example.com',
      amount: 1250,
      description: 'Rent share',
    });
  });
});

describe('bank transfer by someone not verified', () => {
  it('sends them to verify their identity instead of transferring', async () => {
    const calls = serve((call) => {
      if (call.path === '/api/user/profile') return { body: UNVERIFIED };
      if (call.path === '/api/unit/accounts/me') {
        return {
          body: {
            id: 'b1',
            accountNumber: '912345678901',
            routingNumber: '123456780',
            createdAt: '2025-05-01T00:00:00.000Z',
          },
        };
      }
      return undefined;
    });
    await renderMoneyMover(withOnboarding(), {
      language: 'en',
      user: UNVERIFIED,
      path: '/moneymover?tab=bank',
    });
    const send = await screen.findByRole('button', { name: 'Send transfer' });
    await userEvent.type(screen.getByLabelText(/^Receiver's phone or e-mail/), 'eva@example.com');
    await userEvent.type(screen.getByLabelText(/^Amount in USD/), '12.5');
    await userEvent.click(send);
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeVisible();
    expect(posts(calls, '/api/unit/payments/send')).toHaveLength(0);
  });
});

describe('the money mover, signed out', () => {
  it('shows the tabs and asks to log in to act', async () => {
    const calls = serve();
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es', user: null });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Enviar dinero',
      'Solicitar dinero',
      'Cuenta bancaria',
    ]);
    expect(screen.getByText('Inicia sesión para ver tu saldo.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Inicia sesión para enviar dinero' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('sending to a phone abroad, a remittance', () => {
  /** The page in the app shell (its slots), and stand-ins for the pages its links lead to. */
  const inShell = () => (
    <FeatureSlots>
      <Routes>
        <Route path="/moneymover" element={<MoneyMoverPage />} />
        <Route path="/transfers/:id" element={<h1>Tracking page</h1>} />
        <Route path="/send-home" element={<h1>Send home page</h1>} />
      </Routes>
    </FeatureSlots>
  );
  /** Intl writes a no-break space between some currency symbols and the figure. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

  it('shows the Remittance Transfer Rule’s disclosure before paying and links to the receipt after', async () => {
    const calls = serve((call) => {
      if (call.path === '/api/transactions/quote') return { body: makeRemittanceQuote() };
      if (call.path === '/api/transactions/send') return { status: 201, body: TRANSFER };
      if (call.path === `/api/transactions/${TRANSFER.id}`) {
        return { body: { ...TRANSFER, statusHistory: [] } };
      }
      return undefined;
    });
    await renderMoneyMover(inShell(), { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));

    const review = await screen.findByRole('region', { name: 'Review the details before you pay' });
    // The disclosure's code loads when first shown; the review waits for it.
    const disclosure = within(await within(review).findByTestId('disclosure'));
    expect(within(review).getByText('To').nextElementSibling).toHaveTextContent('+52 55 1234 5678');
    expect(within(review).getByText('Paid through').nextElementSibling).toHaveTextContent(
      'Banco Ejemplo México',
    );
    const row = (label: string) =>
      disclosure
        .getAllByText(label, { selector: 'dt' })
        .map((dt) => plain(dt.nextElementSibling?.textContent));
    expect(row('Transfer amount')).toEqual(['$100.00', 'MX$1,712.34']);
    expect(row('Transfer fees')).toEqual(['$4.49']);
    expect(row('Transfer taxes')).toEqual(['$0.00']);
    expect(row('Total')).toEqual(['$104.49']);
    expect(row('Other fees')).toEqual(['MX$0.00']);
    expect(row('Total to recipient')).toEqual(['MX$1,712.34']);
    expect(row('Date available')[0]).toMatch(/^Saturday, November 21/);
    expect(disclosure.getByText(/^Recipient may receive less/)).toBeVisible();
    expect(disclosure.getByText(/^Pago charges no other fees or taxes/)).toBeVisible();
    expect(posts(calls, '/api/transactions/send')).toHaveLength(0);

    await userEvent.click(within(review).getByRole('button', { name: 'Confirm and send $104.49' }));
    const success = (await screen.findByText('Money sent successfully!')).closest(
      '[role="status"]',
    );
    expect(success).not.toBeNull();
    const link = within(success as HTMLElement).getByRole('link', {
      name: 'See receipt and tracking',
    });
    expect(link).toHaveAttribute('href', `/transfers/${TRANSFER.id}`);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Tracking page' })).toBeVisible();
  });

  it('says in Spanish to save the recipient first, with a link to add them', async () => {
    const calls = serve((call) =>
      call.path === '/api/transactions/quote'
        ? apiError(422, 'recipient_details_required')
        : undefined,
    );
    await renderMoneyMover(inShell(), { language: 'es' });
    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Para enviar dinero al exterior, primero guarda al destinatario: su nombre y cómo recibe el dinero.',
    );
    await userEvent.click(within(alert).getByRole('link', { name: 'Agregar destinatario' }));
    expect(await screen.findByRole('heading', { name: 'Send home page' })).toBeVisible();
    expect(posts(calls, '/api/transactions/send')).toHaveLength(0);
  });

  it('offers no such link for other refusals', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote' ? apiError(422, 'express_unavailable') : undefined,
    );
    await renderMoneyMover(inShell(), { language: 'en' });
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '55 1234 5678');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});

describe('sending to the right person and country', () => {
  const LIMITS = {
    perTransactionCents: 99_900,
    day: { limitCents: 250_000, usedCents: 200_000, remainingCents: 50_000 },
    month: { limitCents: 1_000_000, usedCents: 200_000, remainingCents: 800_000 },
  };

  it('shows the room left per transfer, today and this month, in Spanish', async () => {
    serve((call) => (call.path === '/api/limits' ? { body: LIMITS } : undefined));
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es' });
    expect(
      await screen.findByText(
        'Puedes enviar hasta $999.00 por transferencia, $500.00 más hoy y $8,000.00 más este mes.',
      ),
    ).toBeVisible();
  });

  it('says at the country field when the phone is from another country than the destination', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote'
        ? apiError(422, 'recipient_country_mismatch', {
            recipientCountry: 'MX',
            phoneCountry: 'CO',
          })
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es' });
    await userEvent.selectOptions(screen.getByLabelText('Código de país'), 'CO');
    await userEvent.type(screen.getByLabelText('Teléfono de quien recibe'), '300 123 4567');
    await userEvent.selectOptions(screen.getByLabelText('País de destino'), 'MX');
    await userEvent.type(screen.getByLabelText('Monto en USD'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    expect(await screen.findByLabelText('País de destino')).toHaveAccessibleDescription(
      'Este teléfono es de Colombia. El dinero al exterior va a un teléfono del país de destino: elige ese país o revisa el número.',
    );
    expect(screen.queryByRole('region', { name: 'Revisa tu envío' })).toBeNull();
  });

  it('offers to invite a U.S. friend who is not on Pago, by text message', async () => {
    serve((call) =>
      call.path === '/api/transactions/quote'
        ? apiError(422, 'recipient_not_on_pago', { phoneCountry: 'US' })
        : undefined,
    );
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en' });
    await userEvent.selectOptions(screen.getByLabelText('Country code'), 'US');
    await userEvent.type(screen.getByLabelText("Recipient's phone"), '212 555 0199');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    const invite = await screen.findByRole('region', { name: "+1 212 555 0199 isn't on Pago yet" });
    const message = `Hi! I want to send you $40.00 with Pago. Sign up with this phone number and it reaches you instantly, with no fee: ${window.location.origin}/signup`;
    expect(within(invite).getByLabelText('Your invitation')).toHaveValue(message);
    expect(within(invite).getByRole('link', { name: 'Invite by text message' })).toHaveAttribute(
      'href',
      `sms:+12125550199?body=${encodeURIComponent(message)}`,
    );
  });
});

describe('the money mover in live mode, without payout partner or partner bank', () => {
  const LIVE = {
    mode: 'live',
    remittances: false,
    billPay: false,
    bankAccount: false,
    cards: false,
    externalSignIn: null,
    identityVerification: true,
    linkedBanks: true,
    phoneVerification: true,
    cardFunding: true,
    checkDeposits: true,
  };
  const live = (extra: (call: ApiCall) => Answer | undefined = () => undefined) =>
    serve((call) => {
      if (call.path === '/api/features') return { body: LIVE };
      if (call.path === '/api/unit/accounts/me') return apiError(404, 'not_found');
      return extra(call);
    });

  it('offers no bank account set-up and says why', async () => {
    const calls = live();
    await renderMoneyMover(<MoneyMoverPage />, { language: 'en', path: '/moneymover?tab=bank' });
    expect(
      await screen.findByText(
        'Opening a bank account is not available in live mode yet: Pago has no partner bank.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set Up Banking Account' })).toBeNull();
    expect(posts(calls, '/api/unit/accounts/create')).toHaveLength(0);
  });

  it('says on the send form that only Pago users can be paid, in Spanish', async () => {
    live();
    await renderMoneyMover(<MoneyMoverPage />, { language: 'es' });
    expect(
      await screen.findByText(
        'Enviar dinero al extranjero todavía no está disponible en modo real: Pago aún no tiene un socio de pagos en otros países. Puedes enviar dinero a usuarios de Pago.',
      ),
    ).toBeVisible();
  });
});

import type { ErrorCase, RemittanceTracking } from '@pago/shared/contracts/remittances';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type ApiCall, stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import TransferTrackingPage from './transfer-tracking-page';

const ID = '3f0c2a9e-5b7d-4c1a-9e8f-1a2b3c4d5e6f';
const RECIPIENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const renderPage = featureRenderer('remittances', { user: ANA, path: `/transfers/${ID}` });
const page = (options: { language?: 'es' | 'en' } = {}) =>
  renderPage(
    <Routes>
      <Route path="/transfers/:id" element={<TransferTrackingPage />} />
    </Routes>,
    options,
  );

beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

function tracking(over: Partial<RemittanceTracking> = {}): RemittanceTracking {
  // The remittance's transfer as the tracking answer carries it, cast to the contract's type.
  const transfer = {
    id: ID,
    reference: '7KQ2MX9C4T',
    kind: 'remittance',
    status: 'processing',
    direction: 'out',
    amountCents: cents(10_000),
    feeCents: cents(1048),
    totalCents: cents(11_048),
    counterparty: { userId: null, name: 'José Pérez', username: null, phone: '+50222345678' },
    createdAt: '2026-11-20T15:00:00.000Z',
    details: {
      recipientId: RECIPIENT_ID,
      payoutAmount: '750.00',
      payoutCurrency: 'GTQ',
    },
    statusHistory: [{ status: 'processing', at: '2026-11-20T15:00:00.000Z', note: null }],
  } as RemittanceTracking['transfer'];
  return {
    transfer,
    recipient: {
      fullName: 'José Pérez',
      country: 'GT',
      phone: '+50222345678',
      payout: {
        method: 'cash_pickup',
        payerId: '2101',
        payerName: 'Red de Pagos Ejemplo Guatemala',
        accountMask: null,
        walletPhone: null,
        fields: { id_type: 'NATIONAL_ID', id_number: '••••0101' },
      },
    },
    timeline: [
      { step: 'created', at: '2026-11-20T15:00:00.000Z' },
      { step: 'sent_to_partner', at: '2026-11-20T15:00:00.000Z' },
    ],
    expectedBy: '2026-11-20T15:20:00.000Z',
    pickupCode: null,
    cancellable: true,
    cancelBy: new Date(Date.now() + 12.5 * 60_000).toISOString(),
    disclosure: {
      transferAmountCents: cents(10_000),
      transferFeeCents: cents(1048),
      transferTaxesCents: cents(0),
      totalCents: cents(11_048),
      exchangeRate: '7.5',
      payoutCurrency: 'GTQ',
      transferAmountForeign: '750.00',
      otherFeesForeign: '0.00',
      totalToRecipient: '750.00',
      recipientMayReceiveLess: false,
      availableBy: '2026-11-20T15:20:00.000Z',
    },
    reportBy: '2027-05-19T15:20:00.000Z',
    canReport: true,
    cases: [],
    recipientNotice: { link: null, sms: { sent: null, ready: null } },
    ...over,
  };
}

const OPEN_CASE: ErrorCase = {
  id: 'c1',
  transferId: ID,
  reason: 'not_received',
  description: 'Mi hermano no lo ha cobrado',
  remedy: 'resend',
  status: 'open',
  openedAt: '2026-11-22T15:00:00.000Z',
  decideBy: '2027-02-20T15:00:00.000Z',
  decidedAt: null,
  resolution: null,
  remedyTransferId: null,
};

function serve(
  answer: () => Answer,
  onCall: (call: ApiCall) => Answer | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === `/api/remittances/${ID}`) return answer();
    return onCall(call);
  });
}

describe('tracking a remittance', () => {
  it('shows the timeline, the pickup code once available and a Spanish message to copy', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    serve(() => ({
      body: tracking({
        transfer: { ...tracking().transfer, status: 'delivered' },
        timeline: [
          ...tracking().timeline,
          { step: 'submitted', at: '2026-11-20T15:02:00.000Z' },
          { step: 'available_for_pickup', at: '2026-11-20T15:05:00.000Z' },
        ],
        pickupCode: '4821337702',
        cancellable: true,
      }),
    }));
    // In English, the message for the recipient stays in Spanish.
    await page({ language: 'en' });
    expect(await screen.findByText('GTQ 750.00 for José Pérez')).toBeVisible();
    expect(screen.getByTestId('pickup-code')).toHaveTextContent('4821337702');
    expect(screen.getByRole('heading', { name: 'Ready for cash pickup' })).toBeVisible();
    // Waiting at the agent is not "Delivered": the badge says it is ready to collect.
    // The badge, the code's heading and the timeline's step.
    expect(screen.getAllByText('Ready for cash pickup')).toHaveLength(3);
    expect(screen.queryByText('Delivered')).toBeNull();
    expect(
      screen.getByText(
        'They pick it up at any Red de Pagos Ejemplo Guatemala agent with the code.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Handed to the payer')).toBeVisible();
    const message = screen.getByLabelText('Message in Spanish');
    // Intl writes a no-break space between the currency and the figure.
    expect((message as HTMLTextAreaElement).value.replace(/\u00a0/g, ' ')).toBe(
      '¡Hola, José! Te envié GTQ 750.00 con Pago. Ya puedes cobrarlo en efectivo en cualquier agente de Red de Pagos Ejemplo Guatemala con el código 4821337702 y tu identificación oficial.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith((message as HTMLTextAreaElement).value);
    expect(await screen.findByText('Copied')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Send again' })).toHaveAttribute(
      'href',
      `/send-home?recipient=${RECIPIENT_ID}&amount=100.00`,
    );
  });

  it('shares the pickup code and the recipient’s link on WhatsApp, and says the SMS went (Spanish)', async () => {
    const link = 'https://pago.example/t/foDpYBuucLTtkeEnRSMbOA';
    serve(() => ({
      body: tracking({
        transfer: { ...tracking().transfer, status: 'delivered' },
        timeline: [
          ...tracking().timeline,
          { step: 'available_for_pickup', at: '2026-11-20T15:05:00.000Z' },
        ],
        pickupCode: '4821337702',
        recipientNotice: { link, sms: { sent: 'sent', ready: 'sent' } },
      }),
    }));
    await page();
    expect(await screen.findByText('GTQ 750.00 para José Pérez')).toBeVisible();
    // Ready for pickup is its own state: the badge, the code's heading and the step; never "Entregado".
    expect(screen.getAllByText('Listo para cobrar')).toHaveLength(3);
    expect(screen.queryByText(/Entregad/)).toBeNull();
    const whatsapp = screen.getByRole('link', { name: 'Compartir por WhatsApp con José' });
    expect(whatsapp).toHaveTextContent('Compartir por WhatsApp');
    const href = whatsapp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/50222345678?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1] ?? '').replace(/\u00a0/g, ' ');
    expect(text).toBe(
      `¡Hola, José! Te envié GTQ 750.00 con Pago. Ya puedes cobrarlo en efectivo en cualquier agente de Red de Pagos Ejemplo Guatemala con el código 4821337702 y tu identificación oficial. Sigue tu envío aquí: ${link}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    // The recipient's phone, formatted.
    expect(
      screen.getByText('Le enviamos a José por SMS al +502 2234 5678 el código para cobrar.'),
    ).toBeVisible();
  });

  it('says the SMS was not sent when SMS is not available, and shows a picked-up transfer as collected', async () => {
    serve(() => ({
      body: tracking({
        transfer: { ...tracking().transfer, status: 'delivered' },
        timeline: [
          ...tracking().timeline,
          { step: 'available_for_pickup', at: '2026-11-20T15:05:00.000Z' },
          { step: 'picked_up', at: '2026-11-20T16:05:00.000Z' },
        ],
        pickupCode: '4821337702',
        cancellable: false,
        recipientNotice: {
          link: 'https://pago.example/t/foDpYBuucLTtkeEnRSMbOA',
          sms: { sent: 'unavailable', ready: 'unavailable' },
        },
      }),
    }));
    await page();
    expect(
      await screen.findByText(
        'No le enviamos SMS a José: el envío de SMS no está disponible por ahora. Compártele el mensaje por WhatsApp.',
      ),
    ).toBeVisible();
    // The badge and the step.
    expect(screen.getAllByText('Cobrado en efectivo')).toHaveLength(2);
    expect(screen.queryByText('Listo para cobrar', { selector: 'span' })).toBeNull();
    expect(screen.queryByText(/Entregad/)).toBeNull();
  });

  it('names every step of the partner, in Spanish', async () => {
    serve(() => ({
      body: tracking({
        transfer: { ...tracking().transfer, status: 'refunded' },
        timeline: [
          ...tracking().timeline,
          { step: 'under_review', at: '2026-11-20T15:01:00.000Z' },
          { step: 'submitted', at: '2026-11-20T15:02:00.000Z' },
          { step: 'available_for_pickup', at: '2026-11-20T15:03:00.000Z' },
          { step: 'picked_up', at: '2026-11-20T15:04:00.000Z' },
          { step: 'reversed', at: '2026-11-20T15:05:00.000Z' },
          { step: 'refunded', at: '2026-11-20T15:06:00.000Z' },
        ],
        cancellable: false,
      }),
    }));
    await page();
    const steps = await screen.findByRole('list', { name: 'Estado del envío' });
    expect(
      [...steps.querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent),
    ).toEqual([
      'Enviaste el dinero',
      'Lo entregamos a nuestro aliado de pagos',
      'En revisión de nuestro aliado de pagos',
      'Enviado a quien le paga',
      'Listo para cobrar',
      'Cobrado en efectivo',
      'Quien paga revirtió el pago',
      'Reembolsado a tu saldo',
    ]);
    expect(
      screen.getByText('La entrega falló. Devolvimos $110.48 a tu saldo, comisión incluida.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar envío' })).toBeNull();
  });

  it('cancels before payout with an Idempotency-Key and shows the refund', async () => {
    let current = tracking();
    const calls = serve(
      () => ({ body: current }),
      (call) => {
        if (call.method === 'POST' && call.path === `/api/remittances/${ID}/cancel`) {
          current = tracking({
            transfer: { ...current.transfer, status: 'refunded' },
            timeline: [
              ...current.timeline,
              { step: 'cancelled', at: '2026-11-20T15:05:00.000Z' },
              { step: 'refunded', at: '2026-11-20T15:05:00.000Z' },
            ],
            cancellable: false,
          });
          return { body: current.transfer };
        }
        return undefined;
      },
    );
    await page();
    expect(
      await screen.findByText('El código para cobrar aparece aquí cuando el dinero esté listo.'),
    ).toBeVisible();
    // 12.5 minutes left of the 30, rounded up.
    expect(
      screen.getByText('Te quedan 13 minutos de los 30 para cancelar con reembolso total.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar envío' }));
    expect(
      screen.getByText('¿Cancelar este envío? Devolvemos $110.48 a tu saldo, comisión incluida.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(
      await screen.findByText(
        'Cancelaste este envío. Devolvimos $110.48 a tu saldo, comisión incluida.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Cancelaste el envío')).toBeVisible();
    const [cancel] = calls.filter((c) => c.path.endsWith('/cancel'));
    expect(cancel?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancelar envío' })).toBeNull(),
    );
  });

  it('after the 30 minutes, still offers to cancel while the partner can, without the countdown', async () => {
    serve(() => ({
      body: tracking({ cancelBy: new Date(Date.now() - 60_000).toISOString() }),
    }));
    await page({ language: 'en' });
    expect(
      await screen.findByText(
        'Your 30 minutes are over, but you can still cancel: the money has not been paid out.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel transfer' })).toBeVisible();
    expect(screen.queryByText(/left of your 30/)).toBeNull();
  });

  it('reports a problem as a money POST, then lists the case with its decide-by date', async () => {
    let current = tracking({
      transfer: { ...tracking().transfer, status: 'completed' },
      cancellable: false,
    });
    const calls = serve(
      () => ({ body: current }),
      (call) => {
        if (call.method === 'POST' && call.path === `/api/remittances/${ID}/cases`) {
          current = { ...current, cases: [OPEN_CASE] };
          return { status: 201, body: OPEN_CASE };
        }
        return undefined;
      },
    );
    await page();
    expect(
      await screen.findByText('Puedes reportar un problema hasta el miércoles, 19 de mayo.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reportar un problema' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(screen.getByText('Elige qué pasó.')).toBeVisible();
    expect(screen.getByText('Elige qué prefieres.')).toBeVisible();
    expect(calls.filter((c) => c.path.endsWith('/cases'))).toEqual([]);

    await userEvent.click(
      screen.getByRole('radio', { name: 'El destinatario no recibió el dinero' }),
    );
    await userEvent.type(
      screen.getByLabelText('Cuéntanos más (opcional)'),
      'Mi hermano no lo ha cobrado',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Que lo envíen otra vez sin costo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(
      await screen.findByText(
        'Recibimos tu reporte. Te respondemos a más tardar el sábado, 20 de febrero.',
      ),
    ).toBeVisible();
    const [sent] = calls.filter((c) => c.path.endsWith('/cases'));
    expect(sent?.body).toEqual({
      reason: 'not_received',
      description: 'Mi hermano no lo ha cobrado',
      remedy: 'resend',
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    const item = within(await screen.findByTestId('error-case'));
    expect(item.getByText('El destinatario no recibió el dinero')).toBeVisible();
    expect(item.getByText('En revisión')).toBeVisible();
    expect(item.getByText('Pediste: Que lo envíen otra vez sin costo')).toBeVisible();
    expect(item.getByText('Te respondemos a más tardar el sábado, 20 de febrero.')).toBeVisible();
  });

  it('shows a decided case’s resolution, and no report once the 180 days are over', async () => {
    serve(() => ({
      body: tracking({
        transfer: { ...tracking().transfer, status: 'completed' },
        cancellable: false,
        canReport: false,
        cases: [
          {
            ...OPEN_CASE,
            status: 'resolved',
            remedy: 'refund',
            decidedAt: '2026-12-01T15:00:00.000Z',
            resolution: 'The payer did not pay out; we refunded $110.48.',
          },
        ],
      }),
    }));
    await page({ language: 'en' });
    const item = within(await screen.findByTestId('error-case'));
    expect(item.getByText('Resolved')).toBeVisible();
    expect(
      item.getByText('Resolution: The payer did not pay out; we refunded $110.48.'),
    ).toBeVisible();
    expect(item.queryByText(/We will answer by/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });

  it('opens the receipt with the rights and contacts from the tracking page', async () => {
    serve(() => ({ body: tracking() }));
    await page({ language: 'en' });
    const toggle = await screen.findByRole('button', { name: 'See receipt and your rights' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('receipt')).toBeNull();
    await userEvent.click(toggle);
    const receipt = within(screen.getByTestId('receipt'));
    expect(receipt.getByText('Receipt')).toBeVisible();
    expect(receipt.getByText(/^You have a right to cancel this transfer/)).toBeVisible();
    expect(receipt.getByText(/^You have a right to dispute errors/)).toBeVisible();
    expect(receipt.getByText('Consumer Financial Protection Bureau (CFPB)')).toBeVisible();
    expect(receipt.getByRole('link', { name: 'support@pago.app' })).toHaveAttribute(
      'href',
      'mailto:support@pago.app',
    );
    expect(receipt.getByRole('button', { name: 'Download receipt (PDF)' })).toBeVisible();
  });

  it('says when the transfer is not the user’s', async () => {
    serve(() => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'x' }, message: 'x' },
    }));
    await page();
    expect(await screen.findByText('No encontramos este envío.')).toBeVisible();
  });
});

import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import { cents } from '@pago/shared/money';
import { screen, waitFor } from '@testing-library/react';
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
    feeCents: cents(449),
    totalCents: cents(10_449),
    counterparty: { userId: null, name: 'María López', username: null, phone: '+525512345678' },
    createdAt: '2026-11-20T15:00:00.000Z',
    details: {
      recipientId: RECIPIENT_ID,
      payoutAmount: '1788.50',
      payoutCurrency: 'MXN',
    },
    statusHistory: [{ status: 'processing', at: '2026-11-20T15:00:00.000Z', note: null }],
  } as RemittanceTracking['transfer'];
  return {
    transfer,
    recipient: {
      fullName: 'María López',
      country: 'MX',
      phone: '+525512345678',
      payout: {
        method: 'cash_pickup',
        accountMask: null,
        walletPhone: null,
        location: {
          id: 'MX-1',
          country: 'MX',
          name: 'Farmacia La Esperanza',
          address: 'Av. Juárez 120, Centro',
          city: 'Guadalajara',
          hours: '8:00–21:00',
        },
      },
    },
    timeline: [
      { step: 'created', at: '2026-11-20T15:00:00.000Z' },
      { step: 'sent_to_partner', at: '2026-11-20T15:00:00.000Z' },
    ],
    expectedBy: '2026-11-21T15:00:00.000Z',
    pickupCode: null,
    cancellable: true,
    ...over,
  };
}

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
          { step: 'available_for_pickup', at: '2026-11-20T15:20:00.000Z' },
        ],
        pickupCode: '48213377',
        cancellable: false,
      }),
    }));
    // In English, the message for the recipient stays in Spanish.
    await page({ language: 'en' });
    expect(await screen.findByText('MX$1,788.50 for María López')).toBeVisible();
    expect(screen.getByTestId('pickup-code')).toHaveTextContent('48213377');
    expect(screen.getByText('Ready for cash pickup')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
    const message = screen.getByLabelText('Message in Spanish');
    // Intl writes a no-break space between the currency and the figure.
    expect((message as HTMLTextAreaElement).value.replace(/\u00a0/g, ' ')).toBe(
      '¡Hola, María! Te envié MXN 1,788.50 con Pago. Ya puedes recogerlo en efectivo en Farmacia La Esperanza, Av. Juárez 120, Centro, Guadalajara con el código 48213377 y tu identificación oficial.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith((message as HTMLTextAreaElement).value);
    expect(await screen.findByText('Copied')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Send again' })).toHaveAttribute(
      'href',
      `/send-home?recipient=${RECIPIENT_ID}&amount=100.00`,
    );
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
      await screen.findByText('El código de retiro aparece aquí cuando el dinero esté listo.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar envío' }));
    expect(
      screen.getByText('¿Cancelar este envío? Devolvemos $104.49 a tu saldo, comisión incluida.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(
      await screen.findByText(
        'Cancelaste este envío. Devolvimos $104.49 a tu saldo, comisión incluida.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Cancelaste el envío')).toBeVisible();
    const [cancel] = calls.filter((c) => c.path.endsWith('/cancel'));
    expect(cancel?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancelar envío' })).toBeNull(),
    );
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

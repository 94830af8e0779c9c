import type { CardFundingConfig } from '@pago/shared/contracts/card-funding';
import { cents } from '@pago/shared/money';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { CardFundingForm } from './card-funding-form';

const renderForm = featureRenderer('cardfunding', { user: ANA, path: '/add-money/card' });

const CONFIG: CardFundingConfig = {
  available: true,
  publishableKey: 'pk_test_pago_sandbox',
  stripeJsUrl: '/sandbox/stripe/js/v3',
  limits: {
    minimumCents: cents(100),
    perFundingCents: cents(50_000),
    dayRemainingCents: cents(50_000),
    monthRemainingCents: cents(150_000),
  },
};
const QUOTE = {
  amountCents: 5000,
  feeCents: 175,
  totalCents: 5175,
  brand: 'visa',
  funding: 'debit',
  pricedAs: 'debit',
  last4: '5556',
  availableAt: 'immediately',
};
const FUNDING = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  status: 'succeeded',
  amountCents: 5000,
  feeCents: 175,
  totalCents: 5175,
  brand: 'visa',
  funding: 'debit',
  last4: '5556',
  transferId: 'cccccccc-0000-4000-8000-000000000001',
  authenticationUrl: null,
  declineCode: null,
  createdAt: '2026-11-27T15:00:00.000Z',
};

/** Stripe.js as the page uses it: a card element, and a PaymentMethod made from it. */
function fakeStripe() {
  const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_test_card_0001' } }));
  window.Stripe = () => ({
    elements: () => ({
      create: () => ({
        mount(target: HTMLElement | string) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', 'Número de tarjeta');
          (target as HTMLElement).replaceChildren(input);
        },
        on() {},
        destroy() {},
      }),
    }),
    createPaymentMethod,
  });
  return createPaymentMethod;
}

describe('adding money with a card', () => {
  beforeEach(() => localStorage.setItem('token', 'token-ana'));
  afterEach(() => {
    window.Stripe = undefined;
  });

  it('shows the exact debit fee, the total charged and "al instante", then charges once confirmed', async () => {
    const createPaymentMethod = fakeStripe();
    const calls = stubRoutes({
      'GET /api/user/profile': ok(ANA),
      'GET /api/wallet/balance': ok({ balanceCents: 0, availableBalanceCents: 0, currency: 'USD' }),
      'POST /api/card-funding/quote': ok(QUOTE),
      'POST /api/card-funding': ok(FUNDING, 201),
    });
    const onDone = vi.fn();
    await renderForm(<CardFundingForm config={CONFIG} onDone={onDone} />);
    await screen.findByLabelText('Número de tarjeta');
    await userEvent.type(screen.getByLabelText(/Monto/), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('Revisa y confirma')).toBeTruthy();
    expect(createPaymentMethod).toHaveBeenCalledOnce();
    expect(screen.getByText('Visa débito ••5556')).toBeTruthy();
    expect(screen.getByText('Comisión (tarjeta de débito, 2.9% + $0.30)')).toBeTruthy();
    expect(screen.getByText('$1.75')).toBeTruthy();
    expect(screen.getByText('$51.75')).toBeTruthy();
    expect(screen.getByText('Al instante')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(FUNDING));
    const charge = calls.find(
      (call) => call.method === 'POST' && call.path === '/api/card-funding',
    );
    expect(charge?.body).toEqual({
      paymentMethodId: 'pm_test_card_0001',
      amountCents: 5000,
      expectedFeeCents: 175,
      expectedTotalCents: 5175,
    });
  });

  it('says in Spanish that the card was declined and nothing was charged', async () => {
    fakeStripe();
    stubRoutes({
      'GET /api/user/profile': ok(ANA),
      'GET /api/wallet/balance': ok({ balanceCents: 0, availableBalanceCents: 0, currency: 'USD' }),
      'POST /api/card-funding/quote': ok({
        ...QUOTE,
        funding: 'credit',
        pricedAs: 'credit',
        feeCents: 205,
        totalCents: 5205,
      }),
      'POST /api/card-funding': apiError(422, 'card_declined', {
        declineCode: 'insufficient_funds',
      }),
    });
    await renderForm(<CardFundingForm config={CONFIG} onDone={vi.fn()} />);
    await screen.findByLabelText('Número de tarjeta');
    await userEvent.type(screen.getByLabelText(/Monto/), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('Comisión (tarjeta de crédito, 3.5% + $0.30)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText('Tu tarjeta no tiene fondos suficientes. No se hizo ningún cargo.'),
    ).toBeTruthy();
  });

  it('refuses an amount under the minimum before asking Stripe', async () => {
    const createPaymentMethod = fakeStripe();
    stubRoutes({ 'GET /api/user/profile': ok(ANA) });
    await renderForm(<CardFundingForm config={CONFIG} onDone={vi.fn()} />);
    await screen.findByLabelText('Número de tarjeta');
    await userEvent.type(screen.getByLabelText(/Monto/), '0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('El monto mínimo es $1.00.')).toBeTruthy();
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });
});

import { addDays, easternDate, onOrAfterBankingDay } from '@pago/shared/bill-dates';
import type { Biller, BillSchedule } from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import BillPayPage from './billpay-page';

const renderBillPay = featureRenderer(['billpay', 'accountDetails'], {
  user: ANA,
  path: '/billpay',
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Signed in: paying checks the identity afresh with this token (spec §4).
beforeEach(() => {
  localStorage.setItem('token', 'token-ana');
});

const UNVERIFIED = { ...ANA, kyc_status: 'pending', plaidIdentityStatus: null };

const BILLERS: Biller[] = [
  {
    id: 'electricity-1',
    name: 'Lone Star Power & Light',
    paymentType: 'electricity',
    category: 'utilities',
    method: 'ach',
    deliveryDays: 2,
  },
  {
    id: 'electricity-2',
    name: 'Pacific Coast Electric',
    paymentType: 'electricity',
    category: 'utilities',
    method: 'check',
    deliveryDays: 6,
  },
];

const PAYMENT: Transfer = {
  id: '0a6c1f0e-1111-4c1e-8d7e-3a2b1c0d9e8f',
  reference: 'B8D3N5P0QW',
  kind: 'bill_payment',
  status: 'completed',
  direction: 'out',
  amountCents: cents(4590),
  feeCents: cents(0),
  totalCents: cents(4590),
  counterparty: { userId: null, name: 'Lone Star Power & Light', username: null, phone: null },
  createdAt: '2025-05-02T15:00:00.000Z',
  details: {},
};

/** Bill pay's calls; the fresh profile is Ana's (verified) unless `profile` says otherwise. */
function serve(
  pay: (call: ApiCall) => Answer,
  profile: Answer = { body: ANA },
  schedules: BillSchedule[] = [],
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/user/profile') return profile;
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 50000, availableBalanceCents: 50000, currency: 'USD' } };
    }
    if (call.path === '/api/billers?paymentType=electricity') return { body: BILLERS };
    if (call.path === '/api/unit/bill-payment') return pay(call);
    if (call.path === '/api/billpay/schedules' && call.method === 'POST') return pay(call);
    if (call.path === '/api/billpay/schedules') return { body: schedules };
    if (call.path === '/api/billpay/payments') return { body: [] };
    if (call.path.startsWith('/api/billers?')) return { body: [BILLERS[1]] };
    if (call.path.endsWith('/cancel')) return pay(call);
    return undefined;
  });
}

async function fillElectricity(
  labels: { biller: string; account: string; amount: string },
  account: string,
) {
  const dialog = await screen.findByRole('dialog');
  const biller = await within(dialog).findByLabelText(labels.biller);
  await userEvent.selectOptions(biller, 'electricity-1');
  await userEvent.type(within(dialog).getByLabelText(labels.account), account);
  await userEvent.type(within(dialog).getByLabelText(labels.amount), '45,90');
  return dialog;
}

describe('bill pay, signed in', () => {
  it('lists the billers of the chosen type, shows Processing while paying, then the success', async () => {
    let release: (answer: Answer) => void = () => {};
    const calls = serve(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    await renderBillPay(<BillPayPage />, { language: 'es' });

    await userEvent.click(screen.getByRole('button', { name: 'Luz' }));
    const dialog = await fillElectricity(
      { biller: 'Empresa', account: 'Tu número de cuenta con la empresa', amount: 'Monto en USD' },
      'LS-778812',
    );
    expect(within(dialog).getByRole('heading', { name: 'Factura de luz' })).toBeVisible();
    expect(within(dialog).getByText('Saldo disponible: $500.00')).toBeVisible();
    expect(
      within(dialog).getByRole('option', { name: 'Pacific Coast Electric' }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    expect(within(dialog).getByText('••••8812')).toBeVisible();
    expect(within(dialog).getByText('Sin comisión')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar $45.90' }));
    expect(await within(dialog).findByRole('button', { name: 'Procesando...' })).toBeDisabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => release({ status: 201, body: PAYMENT }));
    const success = await screen.findByText('¡Listo! Ya está pagado: Factura de luz.');
    expect(success).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [payment] = calls.filter((call) => call.path === '/api/unit/bill-payment');
    expect(payment?.body).toEqual({
      paymentType: 'electricity',
      payeeId: 'electricity-1',
      amount: 4590,
      accountId: 'LS-778812',
      memo: '',
    });
    expect(payment?.headers['idempotency-key']).toBeTruthy();

    // Spec §4: the success message clears itself after 5 s.
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText('¡Listo! Ya está pagado: Factura de luz.')).toBeNull();
    // The confirmation stays, with the payment's reference in the one format.
    const confirmation = screen.getByTestId('bill-paid-confirmation');
    expect(confirmation).toHaveTextContent('Pagaste $45.90 a Lone Star Power & Light');
    expect(within(confirmation).getByTestId('bill-reference')).toHaveTextContent('B8D3N-5P0QW');
  });

  it('opens the payment’s receipt from its confirmation (the receipt the app shell gives)', async () => {
    serve(() => ({ status: 201, body: PAYMENT }));
    const opened: Array<string | null> = [];
    const Receipt = ({ transferId }: { transferId: string | null; onClose(): void }) => {
      opened.push(transferId);
      return transferId ? <div role="dialog" aria-label="Comprobante" /> : null;
    };
    await renderBillPay(<BillPayPage Receipt={Receipt} />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Luz' }));
    const dialog = await fillElectricity(
      { biller: 'Empresa', account: 'Tu número de cuenta con la empresa', amount: 'Monto en USD' },
      'LS-778812',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar $45.90' }));
    const confirmation = await screen.findByTestId('bill-paid-confirmation');
    // The payment dialog closes first (while open, the page behind it is hidden from the reader).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Ver comprobante' }));
    expect(await screen.findByRole('dialog', { name: 'Comprobante' })).toBeInTheDocument();
    expect(opened).toContain(PAYMENT.id);
  });

  it('says why a payment failed', async () => {
    serve(() => apiError(422, 'payment_failed', { reason: 'account_not_found' }));
    await renderBillPay(<BillPayPage />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Electricity' }));
    const dialog = await fillElectricity(
      {
        biller: 'Company',
        account: 'Your account number with the company',
        amount: 'Amount in USD',
      },
      '0000123',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $45.90' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Payment failed: the company couldn't find that account number. Check it on your bill.",
    );
  });

  it('requires the company, the account number and the amount', async () => {
    const calls = serve(() => ({ status: 201, body: PAYMENT }));
    await renderBillPay(<BillPayPage />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Electricity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Electricity bill' });
    await within(dialog).findByLabelText('Company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText("Choose the company you're paying.")).toBeVisible();
    expect(within(dialog).getByText('Enter your account number with the company.')).toBeVisible();
    expect(within(dialog).getByText('Enter the amount.')).toBeVisible();
    expect(within(dialog).getByLabelText('Company')).toHaveFocus();
    expect(calls.some((call) => call.path === '/api/unit/bill-payment')).toBe(false);
  });
});

describe('bill pay by someone not verified', () => {
  it('checks the identity afresh, then sends them to verify it instead of paying', async () => {
    let answerCheck: (reply: Answer) => void = () => {};
    const calls = serve(
      () => ({ status: 201, body: PAYMENT }),
      new Promise((resolve) => {
        answerCheck = resolve;
      }),
    );
    await renderBillPay(
      <Routes>
        <Route path="/billpay" element={<BillPayPage />} />
        <Route path="/onboarding/verify" element={<h1>Onboarding page</h1>} />
      </Routes>,
      { language: 'en', user: UNVERIFIED },
    );
    expect(screen.getByText('Verify your identity to pay bills from your balance.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Electricity' }));
    expect(
      await screen.findByRole('button', { name: 'Checking verification status...' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Water' })).toBeDisabled();
    await act(async () => answerCheck({ body: UNVERIFIED }));
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Besides what the server can do (GET /api/features), only the identity check.
    expect(calls.map((call) => call.path).filter((path) => path !== '/api/features')).toEqual([
      '/api/user/profile',
    ]);
  });

  it('says so when the status cannot be checked', async () => {
    serve(() => ({ status: 201, body: PAYMENT }), apiError(503, 'internal_error'));
    await renderBillPay(<BillPayPage />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Luz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al comprobar el estado de tu verificación. Intenta recargar la página.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('bill pay, signed out', () => {
  it('asks to log in to pay', async () => {
    const calls = serve(() => ({ status: 201, body: PAYMENT }));
    await renderBillPay(<BillPayPage />, { language: 'en', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Water' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please sign in to make payments');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path !== '/api/features')).toHaveLength(0);
  });
});

describe('bill pay and the limits', () => {
  it('shows the room left and refuses a bill over today’s room before paying', async () => {
    const limits = {
      perTransactionCents: 99_900,
      day: { limitCents: 250_000, usedCents: 247_000, remainingCents: 3000 },
      month: { limitCents: 1_000_000, usedCents: 247_000, remainingCents: 753_000 },
    };
    const calls = stubApi((call) => {
      if (call.path === '/api/limits') return { body: limits };
      if (call.method === 'GET' && call.path === '/api/user/profile') return { body: ANA };
      if (call.path === '/api/wallet/balance') {
        return { body: { balanceCents: 50000, availableBalanceCents: 50000, currency: 'USD' } };
      }
      if (call.path === '/api/billers?paymentType=electricity') return { body: BILLERS };
      return undefined;
    });
    await renderBillPay(<BillPayPage />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Luz' }));
    const dialog = await fillElectricity(
      { biller: 'Empresa', account: 'Tu número de cuenta con la empresa', amount: 'Monto en USD' },
      'LS-778812',
    );
    expect(
      await within(dialog).findByText(
        'Puedes pagar hasta $999.00 por pago, $30.00 más hoy y $7,530.00 más este mes.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByLabelText('Monto en USD')).toHaveAccessibleDescription(
      'Esto supera tu límite diario. Hoy todavía puedes pagar $30.00.',
    );
    expect(calls.filter((call) => call.path === '/api/unit/bill-payment')).toHaveLength(0);
  });
});

describe('bill pay in live mode, without the banking partner', () => {
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

  it('says why in both languages and offers no bill to pay', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/features') return { body: LIVE };
      if (call.method === 'GET' && call.path === '/api/user/profile') return { body: ANA };
      return undefined;
    });
    const { unmount } = await renderBillPay(<BillPayPage />, { language: 'es' });
    expect(
      await screen.findByText(
        'Pagar facturas no está disponible en modo real: falta configurar el banco asociado de Pago.',
      ),
    ).toBeVisible();
    const luz = screen.getByRole('button', { name: 'Luz' });
    expect(luz).toBeDisabled();
    expect(screen.getAllByText('No disponible').length).toBeGreaterThan(0);
    unmount();

    await renderBillPay(<BillPayPage />, { language: 'en' });
    expect(
      await screen.findByText(
        "Paying bills is not available in live mode: Pago's banking partner is not configured.",
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Electricity' })).toBeDisabled();
    expect(calls.some((call) => call.path.startsWith('/api/unit/bill-payment'))).toBe(false);
  });
});

describe('scheduling bills', () => {
  const payDate = onOrAfterBankingDay(addDays(easternDate(new Date()), 8));
  const SCHEDULE: BillSchedule = {
    id: '7a6c1f0e-2222-4c1e-8d7e-3a2b1c0d9e8f',
    billerId: 'electricity-2',
    billerName: 'Pacific Coast Electric',
    method: 'check',
    paymentType: 'electricity',
    accountAtBiller: '••••8812',
    amountCents: 4590,
    memo: '',
    repeat: 'monthly',
    dayOfMonth: Number(payDate.slice(8, 10)),
    nextDate: payDate,
    status: 'active',
    createdAt: '2026-11-27T15:00:00.000Z',
  };

  it('finds a biller, says how it is paid, and schedules a monthly payment on a business day', async () => {
    const calls = serve(() => ({ status: 201, body: SCHEDULE }));
    await renderBillPay(<BillPayPage />, { language: 'es' });
    await userEvent.type(await screen.findByLabelText('Nombre de la empresa'), 'Pacific');
    const results = await screen.findByRole('list', { name: 'Empresas encontradas' });
    expect(
      within(results).getByText('Luz · Cheque por correo · llega en 6 días hábiles'),
    ).toBeVisible();
    await userEvent.click(
      within(results).getByRole('button', { name: 'Pagar Pacific Coast Electric' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Empresa')).toHaveValue('electricity-2');
    expect(within(dialog).getByText('Cheque por correo · llega en 6 días hábiles')).toBeVisible();
    await userEvent.type(
      within(dialog).getByLabelText('Tu número de cuenta con la empresa'),
      'LS-778812',
    );
    await userEvent.type(within(dialog).getByLabelText('Monto en USD'), '45,90');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pagar en una fecha' }));
    const date = within(dialog).getByLabelText('Fecha de pago');
    // A Sunday is refused before anything is sent.
    const sunday = addDays(payDate, 7 - new Date(`${payDate}T12:00:00Z`).getUTCDay());
    await userEvent.type(date, sunday);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(date).toHaveAccessibleDescription(
      'Elige un día hábil (de lunes a viernes, sin feriados bancarios).',
    );
    await userEvent.clear(date);
    await userEvent.type(date, payDate);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Repetir cada mes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText(/^Cada mes desde el/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar $45.90' }));
    expect(await screen.findByText('¡Listo! Programaste tu pago: Factura de luz.')).toBeVisible();
    const [scheduled] = calls.filter(
      (call) => call.path === '/api/billpay/schedules' && call.method === 'POST',
    );
    expect(scheduled?.body).toEqual({
      paymentType: 'electricity',
      payeeId: 'electricity-2',
      amount: 4590,
      accountId: 'LS-778812',
      memo: '',
      payDate,
      repeat: 'monthly',
    });
    expect(scheduled?.headers['idempotency-key']).toBeTruthy();
  });

  it('lists the scheduled payments and cancels one', async () => {
    const calls = serve(() => ({ body: { ...SCHEDULE, status: 'canceled' } }), { body: ANA }, [
      SCHEDULE,
    ]);
    await renderBillPay(<BillPayPage />, { language: 'en' });
    const list = await screen.findByRole('list', { name: 'Scheduled payments' });
    expect(await within(list).findByText('Pacific Coast Electric · $45.90')).toBeVisible();
    expect(within(list).getByText(/^Every month · next:/)).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === `/api/billpay/schedules/${SCHEDULE.id}/cancel`),
      ).toBe(true),
    );
  });
});

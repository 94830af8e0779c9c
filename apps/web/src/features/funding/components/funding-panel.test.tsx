import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { sandboxCapabilities } from '@/test/capabilities';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { FundingPanel } from './funding-panel';

const renderPanel = featureRenderer('funding', { user: ANA, path: '/dashboard' });

// A linked account as GET /api/plaid/accounts lists it (First Platypus Bank's sandbox checking).
const CHECKING = {
  ...{ id: 'aaaaaaaa-0000-4000-8000-000000000001', itemId: 'aaaaaaaa-0000-4000-8000-0000000000ff' },
  ...{ institution: 'First Platypus Bank', institutionId: 'ins_109508', status: 'good' },
  ...{ name: 'Plaid Checking', officialName: null, mask: '0000' },
  ...{ type: 'depository', subtype: 'checking', linkedAt: '2026-11-20T15:00:00.000Z' },
};
const LIMITS = {
  perDepositCents: 250_000,
  day: { limitCents: 250_000, usedCents: 50_000, remainingCents: 200_000 },
  month: { limitCents: 1_000_000, usedCents: 50_000, remainingCents: 950_000 },
};
const BALANCE = { balanceCents: 20_000, availableBalanceCents: 20_000, currency: 'USD' };
const TRANSFER = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  reference: 'CCCC000001',
  kind: 'bank_withdrawal',
  status: 'processing',
  direction: 'out',
  amountCents: 5000,
  feeCents: 175,
  totalCents: 5175,
  counterparty: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  details: {},
};

/** GET /api/funding/deposits/availability for `amountCents` from the checking account. */
const availabilityOf = (amountCents: number) =>
  `GET /api/funding/deposits/availability?plaidAccountId=${CHECKING.id}&amountCents=${amountCents}`;
// Settled by Tuesday, December 1 (9 a.m. Eastern), and on hold 3 banking days more.
const NEW_LINK = {
  amountCents: 20_003,
  newLink: true,
  atSettlementCents: 0,
  onHoldCents: 20_003,
  holdBusinessDays: 3,
  settlesBy: '2026-12-01T14:00:00.000Z',
  availableBy: '2026-12-04T14:00:00.000Z',
};

const common = {
  'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
  'GET /api/plaid/accounts': ok({ accounts: [CHECKING] }),
  'GET /api/funding/limits': ok(LIMITS),
  'GET /api/wallet/balance': ok(BALANCE),
  'GET /api/user/profile': ok(ANA),
};

describe('adding money and withdrawing to a linked bank', () => {
  // Signed in: the identity is checked afresh (GET /api/user/profile) before money moves.
  beforeEach(() => localStorage.setItem('token', 'token-ana'));

  it('names each amount field by its own visible label (the add-money dialog shows both)', async () => {
    stubRoutes(common);
    await renderPanel(<FundingPanel />);
    await screen.findByRole('region', { name: 'Agregar dinero' });
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((field) => field.getAttribute('id'))).toHaveLength(2);
    for (const name of ['Monto a agregar desde tu banco', 'Monto a retirar a tu banco']) {
      const field = screen.getByRole('textbox', { name });
      const label = document.querySelector(`label[for="${field.id}"]`);
      // The accessible name is the visible label's text (less MUI's required mark, none here).
      expect(label?.textContent).toBe(name);
    }
  });

  it('shows the instant fee and the total in the review, then withdraws once confirmed', async () => {
    // A Wednesday, 10 a.m. Eastern: inside the same-day hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T15:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const calls = stubRoutes({ ...common, 'POST /api/funding/withdrawals': ok(TRANSFER, 201) });
    await renderPanel(<FundingPanel />);
    const withdraw = await screen.findByRole('region', { name: 'Retirar a tu banco' });
    // What can really leave: all the available money, less the instant fee once chosen.
    expect(await within(withdraw).findByText('Disponible para retirar: $200.00')).toBeTruthy();
    await userEvent.type(within(withdraw).getByLabelText('Monto a retirar a tu banco'), '50');
    await userEvent.click(
      within(withdraw).getByLabelText(
        /Instantáneo \(ACH el mismo día\): llega en minutos u horas, el mismo día hábil; comisión de \$1\.75/,
      ),
    );
    expect(within(withdraw).getByText('Disponible para retirar: $198.25')).toBeTruthy();
    await userEvent.click(within(withdraw).getByRole('button', { name: 'Revisar' }));
    expect(await within(withdraw).findByText('Revisa y confirma')).toBeTruthy();
    expect(within(withdraw).getByText('El mismo día hábil, en minutos u horas')).toBeTruthy();
    expect(within(withdraw).getByText('$1.75')).toBeTruthy();
    expect(within(withdraw).getByText('$51.75')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(withdraw).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(withdraw).findByText(/Enviamos \$50\.00 a First Platypus Bank/),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      plaidAccountId: CHECKING.id,
      amountCents: 5000,
      speed: 'instant',
    });
  });

  it('shows the bank limits left before confirming, and explains a refusal over them', async () => {
    stubRoutes({
      ...common,
      [availabilityOf(210_000)]: ok({ ...NEW_LINK, amountCents: 210_000, onHoldCents: 210_000 }),
      'POST /api/funding/deposits': apiError(422, 'limit_exceeded', 'over', {
        limit: 'bank_funding_daily',
        limitCents: 250_000,
        remainingCents: 200_000,
      }),
    });
    await renderPanel(<FundingPanel />);
    const add = await screen.findByRole('region', { name: 'Agregar dinero' });
    expect(
      await within(add).findByText(
        /Desde bancos puedes agregar \$2,000\.00 más hoy y \$9,500\.00 más este mes/,
      ),
    ).toBeTruthy();
    await userEvent.type(within(add).getByLabelText('Monto a agregar desde tu banco'), '2100');
    await userEvent.click(within(add).getByRole('button', { name: 'Revisar' }));
    expect(await within(add).findByText('Puedes agregar hoy')).toBeTruthy();
    await userEvent.click(within(add).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(add).findByText(
        'Esto supera tu límite para agregar dinero desde bancos. Aún puedes agregar $2,000.00.',
      ),
    ).toBeTruthy();
  });

  it('shows when a new link’s deposit can be used before it is confirmed (funds availability)', async () => {
    const calls = stubRoutes({
      ...common,
      [availabilityOf(20_003)]: ok(NEW_LINK),
      'POST /api/funding/deposits': ok(
        { ...TRANSFER, kind: 'bank_deposit', amountCents: 20_003 },
        201,
      ),
    });
    await renderPanel(<FundingPanel />);
    const add = await screen.findByRole('region', { name: 'Agregar dinero' });
    await userEvent.type(within(add).getByLabelText('Monto a agregar desde tu banco'), '200.03');
    await userEvent.click(within(add).getByRole('button', { name: 'Revisar' }));
    const when = await within(add).findByRole('region', { name: 'Cuándo podrás usarlo' });
    expect(within(when).getByText('$200.03 el viernes, 4 de diciembre')).toBeTruthy();
    expect(
      within(when).getByText(
        /Es dinero nuevo de esta cuenta: por tu seguridad, queda en espera 3 días hábiles después de que tu banco lo liquide/,
      ),
    ).toBeTruthy();
    await userEvent.click(within(add).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(add).findByText(
        /Agregaste \$200\.03 desde First Platypus Bank .*podrás usarlo a más tardar el viernes, 4 de diciembre/,
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      plaidAccountId: CHECKING.id,
      amountCents: 20_003,
    });
  });

  it('says in English what an established link makes available at settlement and what later', async () => {
    stubRoutes({
      ...common,
      [availabilityOf(70_000)]: ok({
        ...NEW_LINK,
        amountCents: 70_000,
        newLink: false,
        atSettlementCents: 50_000,
        onHoldCents: 20_000,
        holdBusinessDays: 2,
        availableBy: '2026-12-03T14:00:00.000Z',
      }),
    });
    await renderPanel(<FundingPanel />, { language: 'en' });
    const add = await screen.findByRole('region', { name: 'Add money' });
    await userEvent.type(within(add).getByLabelText('Amount to add from your bank'), '700');
    await userEvent.click(within(add).getByRole('button', { name: 'Review' }));
    const when = await within(add).findByRole('region', { name: 'When you can use it' });
    expect(
      within(when).getByText(
        '$500.00 when your bank settles it, by Tuesday, December 1 at the latest',
      ),
    ).toBeTruthy();
    expect(within(when).getByText('$200.00 on Thursday, December 3')).toBeTruthy();
    expect(
      within(when).getByText(
        'Up to $500.00 is available when your bank settles it; the rest, 2 business days later.',
      ),
    ).toBeTruthy();
  });

  it('cannot confirm a deposit until it can say when the money is available', async () => {
    const calls = stubRoutes({
      ...common,
      [availabilityOf(5_000)]: apiError(503, 'service_unavailable', 'down'),
    });
    await renderPanel(<FundingPanel />);
    const add = await screen.findByRole('region', { name: 'Agregar dinero' });
    await userEvent.type(within(add).getByLabelText('Monto a agregar desde tu banco'), '50');
    await userEvent.click(within(add).getByRole('button', { name: 'Revisar' }));
    expect(
      await within(add).findByText('No pudimos calcular cuándo podrás usar este dinero.'),
    ).toBeTruthy();
    expect(
      (within(add).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('explains a withdrawal refused because the money is on hold, with its date', async () => {
    stubRoutes({
      ...common,
      'POST /api/funding/withdrawals': apiError(422, 'funds_on_hold', 'on hold', {
        balanceCents: 0,
        onHoldCents: 20_003,
        availableAt: '2026-12-04T14:00:00.000Z',
      }),
    });
    await renderPanel(<FundingPanel />);
    const withdraw = await screen.findByRole('region', { name: 'Retirar a tu banco' });
    await userEvent.type(within(withdraw).getByLabelText('Monto a retirar a tu banco'), '150');
    await userEvent.click(within(withdraw).getByRole('button', { name: 'Revisar' }));
    await userEvent.click(await within(withdraw).findByRole('button', { name: 'Confirmar' }));
    expect(
      await within(withdraw).findByText(
        'Ese dinero de tu banco está en espera hasta el viernes, 4 de diciembre. Ahora puedes usar $0.00.',
      ),
    ).toBeTruthy();
  });

  it('asks to link a bank first, and has every word in both languages', async () => {
    stubRoutes({ ...common, 'GET /api/plaid/accounts': ok({ accounts: [] }) });
    await renderPanel(<FundingPanel />);
    expect(await screen.findByText(/Vincula una cuenta bancaria/)).toBeTruthy();
  });
});

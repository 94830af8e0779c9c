import type { ErrorCode } from '@pago/shared/errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import DirectDepositPage from '@/features/direct-deposit/routes/direct-deposit-page';
import { FundingPanel } from '@/features/funding/components/funding-panel';
import { apiError, ok, type RouteCall, stubRoutes } from '@/test/api-stub';
import { sandboxCapabilities } from '@/test/capabilities';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { FeatureSlots } from './feature-slots';

const renderPanel = featureRenderer(['funding', 'onboarding', 'accounts', 'phone'], {
  user: { ...ANA, zipCode: '77002', phone: null, phone_verified: false },
  path: '/dashboard',
});

const CHECKING = {
  ...{ id: 'aaaaaaaa-0000-4000-8000-000000000001', itemId: 'aaaaaaaa-0000-4000-8000-0000000000ff' },
  ...{ institution: 'First Platypus Bank', institutionId: 'ins_109508', status: 'good' },
  ...{ name: 'Plaid Checking', officialName: null, mask: '0000' },
  ...{ type: 'depository', subtype: 'checking', linkedAt: '2026-11-20T15:00:00.000Z' },
};
const LIMITS = {
  perDepositCents: 250_000,
  day: { limitCents: 250_000, usedCents: 0, remainingCents: 250_000 },
  month: { limitCents: 1_000_000, usedCents: 0, remainingCents: 1_000_000 },
};
const AVAILABILITY = {
  amountCents: 5_000,
  newLink: true,
  atSettlementCents: 0,
  onHoldCents: 5_000,
  holdBusinessDays: 3,
  settlesBy: '2026-12-01T14:00:00.000Z',
  availableBy: '2026-12-04T14:00:00.000Z',
};
const DEPOSIT = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  reference: 'CCCC000001',
  kind: 'bank_deposit',
  status: 'processing',
  direction: 'in',
  amountCents: 5000,
  feeCents: 0,
  totalCents: 5000,
  counterparty: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  details: {},
};
const HOME = {
  street: '1200 Main St',
  street2: null,
  city: 'Houston',
  state: 'TX',
  postalCode: '77002',
};

/** The bank's refusals in order, then the deposit: each POST answers the next. */
function deposits(...refusals: Array<[ErrorCode, string]>) {
  let n = 0;
  return (_call: RouteCall) => {
    const refusal = refusals[n++];
    return refusal ? apiError(422, refusal[0], refusal[1]) : ok(DEPOSIT, 201);
  };
}

const common = {
  'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
  'GET /api/plaid/accounts': ok({ accounts: [CHECKING] }),
  'GET /api/funding/limits': ok(LIMITS),
  'GET /api/wallet/balance': ok({ balanceCents: 0, availableBalanceCents: 0, currency: 'USD' }),
  'GET /api/user/profile': ok(ANA),
  [`GET /api/funding/deposits/availability?plaidAccountId=${CHECKING.id}&amountCents=5000`]:
    ok(AVAILABILITY),
};

async function reviewFiftyDollars() {
  await renderPanel(
    <FeatureSlots>
      <FundingPanel />
    </FeatureSlots>,
  );
  const add = await screen.findByRole('region', { name: 'Agregar dinero' });
  await userEvent.type(within(add).getByLabelText('Monto a agregar desde tu banco'), '50');
  await userEvent.click(within(add).getByRole('button', { name: 'Revisar' }));
  await within(add).findByText('Revisa y confirma');
  await userEvent.click(within(add).getByRole('button', { name: 'Confirmar' }));
  return add;
}

describe('a money flow asks for what the bank needs in place, then goes on', () => {
  beforeEach(() => localStorage.setItem('token', 'token-ana'));

  it('asks for the home address (ZIP prefilled) after "Confirmar", saves it and adds the money', async () => {
    const calls = stubRoutes({
      ...common,
      'POST /api/funding/deposits': deposits(['address_required', 'Add your home address']),
      'PUT /api/user/address': ok({ ...ANA, homeAddress: HOME }),
    });
    const add = await reviewFiftyDollars();
    const step = await within(add).findByRole('region', { name: 'Tu dirección' });
    expect(
      within(step).getByText(
        /El banco necesita tu dirección de casa para agregar dinero desde tu banco/,
      ),
    ).toBeTruthy();
    // What Pago knows is there already: the ZIP code from sign-up.
    expect(within(step).getByRole('textbox', { name: /Código postal/ })).toHaveValue('77002');
    await userEvent.type(
      within(step).getByRole('textbox', { name: /Calle y número/ }),
      HOME.street,
    );
    await userEvent.type(within(step).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await userEvent.selectOptions(within(step).getByRole('combobox', { name: /Estado/ }), 'Texas');
    await userEvent.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));

    // The deposit goes on with the same amount, never typed again.
    expect(
      await within(add).findByText(/Agregaste \$50\.00 desde First Platypus Bank/),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject(HOME);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { plaidAccountId: CHECKING.id, amountCents: 5000 },
      { plaidAccountId: CHECKING.id, amountCents: 5000 },
    ]);
  });

  it('asks for the phone with a code by SMS when the bank needs it, then adds the money', async () => {
    const calls = stubRoutes({
      ...common,
      'POST /api/funding/deposits': deposits(['phone_required', 'Add your phone']),
      'POST /api/phone/send-code': ok({ success: true, expiresInSeconds: 600 }),
      'POST /api/phone/verify': ok({ success: true, verified: true, phone: '+17135550123' }),
    });
    const add = await reviewFiftyDollars();
    const step = await within(add).findByRole('region', { name: 'Verifica tu teléfono' });
    await userEvent.type(within(step).getByLabelText('Tu número de teléfono'), '7135550123');
    await userEvent.click(within(step).getByRole('button', { name: 'Enviar código' }));
    await userEvent.type(await within(step).findByLabelText('Código de verificación'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verificar' }));

    expect(
      await within(add).findByText(/Agregaste \$50\.00 desde First Platypus Bank/),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/phone/send-code')?.body).toEqual({
      phone: '+17135550123',
    });
    expect(calls.find((c) => c.path === '/api/phone/verify')?.body).toEqual({
      phone: '+17135550123',
      code: '123456',
    });
    expect(calls.filter((c) => c.path === '/api/funding/deposits')).toHaveLength(2);
  });

  it('goes back to the review when the person cancels, with nothing sent', async () => {
    const calls = stubRoutes({
      ...common,
      'POST /api/funding/deposits': deposits(['address_required', 'Add your home address']),
    });
    const add = await reviewFiftyDollars();
    const step = await within(add).findByRole('region', { name: 'Tu dirección' });
    await userEvent.click(within(step).getByRole('button', { name: 'Cancelar' }));
    expect(await within(add).findByText('Revisa y confirma')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('the account numbers ask for the home address in place', () => {
  const renderNumbers = featureRenderer(['direct-deposit', 'onboarding', 'accounts', 'phone'], {
    user: { ...ANA, zipCode: '77002' },
    path: '/direct-deposit',
  });
  const NUMBERS = {
    accountNumber: '4403216789',
    routingNumber: '812345678',
    bankName: 'Pago Sandbox Bank',
    accountType: 'checking',
    earlyPay: true,
    deposits: [],
  };

  it('opens the numbers once the address is saved, with no trip to the profile', async () => {
    let opened = false;
    const calls = stubRoutes({
      'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
      'GET /api/direct-deposit': () =>
        opened ? ok(NUMBERS) : apiError(422, 'address_required', 'Add your home address'),
      'PUT /api/user/address': () => {
        opened = true;
        return ok({ ...ANA, homeAddress: HOME });
      },
    });
    await renderNumbers(
      <FeatureSlots>
        <DirectDepositPage />
      </FeatureSlots>,
    );
    const step = await screen.findByRole('region', { name: 'Tu dirección' });
    expect(within(step).getByText(/para abrir tus números de cuenta/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /perfil/i })).toBeNull();
    await userEvent.type(
      within(step).getByRole('textbox', { name: /Calle y número/ }),
      HOME.street,
    );
    await userEvent.type(within(step).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await userEvent.selectOptions(within(step).getByRole('combobox', { name: /Estado/ }), 'Texas');
    await userEvent.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));
    expect(await screen.findByText('812345678')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/direct-deposit')).toHaveLength(2);
  });
});

import type { UsAddress } from '@pago/shared/contracts/address';
import type { Biller } from '@pago/shared/contracts/billpay';
import type { ErrorCode } from '@pago/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import BillPayPage from '@/features/billpay/routes/billpay-page';
import CashDepositPage from '@/features/cash-deposits/routes/cash-deposit-page';
import { apiError, ok, type RouteCall, stubRoutes } from '@/test/api-stub';
import { sandboxCapabilities } from '@/test/capabilities';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { makeTransfer } from '@/test/transfers';
import { FeatureSlots } from './feature-slots';

/** Ana before the bank account is open: a ZIP code from sign-up, no home address, no phone. */
const NEW_ANA = {
  ...ANA,
  address: null,
  homeAddress: null,
  zipCode: '77002',
  phone: null,
  phone_verified: false,
};
const HOME: UsAddress = {
  street: '1200 Main St',
  street2: null,
  city: 'Houston',
  state: 'TX',
  postalCode: '77002',
};
const ASKING = ['onboarding', 'accounts', 'phone'];

/** The bank's refusals in order (the account opens on first use), then `done`. */
function refusing(refusals: ErrorCode[], done: () => ReturnType<typeof ok>) {
  let n = 0;
  return (_call: RouteCall) => {
    const code = refusals[n++];
    return code ? apiError(422, code) : done();
  };
}

async function fillAddress(step: HTMLElement) {
  expect(within(step).getByRole('textbox', { name: /Código postal/ })).toHaveValue('77002');
  await userEvent.type(within(step).getByRole('textbox', { name: /Calle y número/ }), HOME.street);
  await userEvent.type(within(step).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
  await userEvent.selectOptions(within(step).getByRole('combobox', { name: /Estado/ }), 'Texas');
  await userEvent.click(within(step).getByRole('button', { name: 'Guardar y continuar' }));
}

async function verifyPhone(step: HTMLElement) {
  await userEvent.type(within(step).getByLabelText('Tu número de teléfono'), '7135550123');
  await userEvent.click(within(step).getByRole('button', { name: 'Enviar código' }));
  await userEvent.type(await within(step).findByLabelText('Código de verificación'), '123456');
  await userEvent.click(within(step).getByRole('button', { name: 'Verificar' }));
}

const detailRoutes = {
  'PUT /api/user/address': ok({ ...NEW_ANA, homeAddress: HOME }),
  'POST /api/phone/send-code': ok({ success: true, expiresInSeconds: 600 }),
  'POST /api/phone/verify': ok({ success: true, verified: true, phone: '+17135550123' }),
};

beforeEach(() => localStorage.setItem('token', 'token-ana'));

describe('bill pay asks for what the bank needs in place, then pays the same bill', () => {
  const render = featureRenderer(['billpay', 'accountDetails', ...ASKING], {
    user: NEW_ANA,
    path: '/billpay',
  });
  const BILLER: Biller = {
    id: 'electricity-1',
    name: 'Lone Star Power & Light',
    paymentType: 'electricity',
    category: 'utilities',
    method: 'ach',
    deliveryDays: 2,
  };
  const PAYMENT = makeTransfer({
    id: '0a6c1f0e-1111-4c1e-8d7e-3a2b1c0d9e8f',
    reference: 'B8D3N5P0QW',
    kind: 'bill_payment',
    status: 'completed',
    direction: 'out',
    amountCents: 4590,
    feeCents: 0,
    totalCents: 4590,
  });

  it('asks for the address (ZIP prefilled), then the phone, then the payment goes through', async () => {
    const calls = stubRoutes({
      'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
      'GET /api/user/profile': ok(NEW_ANA),
      'GET /api/wallet/balance': ok({
        balanceCents: 50000,
        availableBalanceCents: 50000,
        currency: 'USD',
      }),
      'GET /api/billers?paymentType=electricity': ok([BILLER]),
      'GET /api/billpay/schedules': ok([]),
      'GET /api/billpay/payments': ok([]),
      'POST /api/unit/bill-payment': refusing(['address_required', 'phone_required'], () =>
        ok(PAYMENT, 201),
      ),
      ...detailRoutes,
    });
    await render(
      <FeatureSlots>
        <BillPayPage />
      </FeatureSlots>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Luz' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(await within(dialog).findByLabelText('Empresa'), BILLER.id);
    await userEvent.type(
      within(dialog).getByLabelText('Tu número de cuenta con la empresa'),
      'LS-778812',
    );
    await userEvent.type(within(dialog).getByLabelText('Monto en USD'), '45,90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar $45.90' }));

    const address = await within(dialog).findByRole('region', { name: 'Tu dirección' });
    expect(within(address).getByText(/para pagar facturas/)).toBeVisible();
    await fillAddress(address);
    await verifyPhone(await within(dialog).findByRole('region', { name: 'Verifica tu teléfono' }));

    expect(await screen.findByText('¡Listo! Ya está pagado: Factura de luz.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject(HOME);
    const pays = calls.filter((c) => c.path === '/api/unit/bill-payment');
    expect(pays).toHaveLength(3);
    for (const pay of pays) {
      expect(pay.body).toEqual({
        paymentType: 'electricity',
        payeeId: BILLER.id,
        amount: 4590,
        accountId: 'LS-778812',
        memo: '',
      });
    }
  });
});

describe('a cash deposit asks for what the bank needs in place, then shows the barcode', () => {
  const render = featureRenderer(['cashDeposits', ...ASKING], {
    user: NEW_ANA,
    path: '/cash-deposit',
  });
  const STORE = {
    storeId: '100011',
    name: 'Tienda Esquina',
    phone: '5551000100',
    street: '100 Main St',
    city: 'Houston',
    state: 'TX',
    postalCode: '77002',
    distanceMiles: 0.22,
  };
  const BARCODE = {
    barcodeNumber: '4012345678901234',
    expiresAt: '2026-12-04T15:00:00.000Z',
    storeId: STORE.storeId,
  };

  async function chooseStore(refusals: ErrorCode[]) {
    const calls = stubRoutes({
      'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
      'GET /api/user/profile': ok(NEW_ANA),
      'GET /api/cash-deposits/stores?postalCode=77002': ok({ items: [STORE] }),
      'GET /api/cash-deposits/barcode?storeId=100011': refusing(refusals, () => ok(BARCODE)),
      'GET /api/cash-deposits': ok({
        items: [],
        total: 0,
        month: { depositedCents: 0, freeLeftCents: 50_000 },
        rules: {
          freePerMonthCents: 50_000,
          feeCents: 199,
          perDepositCents: 100_000,
          perDayCents: 100_000,
          perMonthCents: 250_000,
        },
      }),
      ...detailRoutes,
    });
    await render(
      <FeatureSlots>
        <CashDepositPage />
      </FeatureSlots>,
    );
    const stores = await screen.findByRole('region', { name: 'Tiendas cerca de ti' });
    const zip = within(stores).getByLabelText(/Código postal/);
    await userEvent.clear(zip);
    await userEvent.type(zip, '77002');
    await userEvent.click(within(stores).getByRole('button', { name: 'Buscar' }));
    await userEvent.click(
      await within(stores).findByRole('button', {
        name: 'Usar esta tienda: Tienda Esquina, 100 Main St',
      }),
    );
    return calls;
  }

  it('asks for the address (ZIP prefilled) and the phone, then shows the store’s barcode', async () => {
    const calls = await chooseStore(['address_required', 'phone_required']);
    const address = await screen.findByRole('region', { name: 'Tu dirección' });
    expect(within(address).getByText(/para depositar efectivo en una tienda/)).toBeVisible();
    await fillAddress(address);
    await verifyPhone(await screen.findByRole('region', { name: 'Verifica tu teléfono' }));

    expect(
      await screen.findByRole('img', {
        name: 'Código de barras para depositar efectivo: 4012345678901234',
      }),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject(HOME);
    expect(calls.filter((c) => c.path.startsWith('/api/cash-deposits/barcode'))).toHaveLength(3);
  });

  it('leaves a retry when the person cancels, and asks again on it', async () => {
    const calls = await chooseStore(['address_required', 'address_required']);
    const address = await screen.findByRole('region', { name: 'Tu dirección' });
    await userEvent.click(within(address).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('region', { name: 'Tu dirección' })).toBeNull();
    expect(screen.queryByText(/perfil/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/cash-deposits/barcode'))).toHaveLength(2),
    );
    expect(await screen.findByRole('region', { name: 'Tu dirección' })).toBeVisible();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { sandboxCapabilities } from '@/test/capabilities';
import { ANA, userProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import CashDepositPage from './cash-deposit-page';

const renderPage = featureRenderer('cashDeposits', { user: ANA, path: '/cash-deposit' });

const STORE = {
  storeId: '100011',
  name: 'Tienda Esquina',
  phone: '5551000100',
  street: '100 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  distanceMiles: 0.22,
};
const RULES = {
  freePerMonthCents: 50_000,
  feeCents: 199,
  perDepositCents: 100_000,
  perDayCents: 100_000,
  perMonthCents: 250_000,
};
const common = {
  'GET /api/features': ok(sandboxCapabilities({ externalSignIn: null })),
  'GET /api/user/profile': ok(ANA),
  'GET /api/cash-deposits/stores?postalCode=10001': ok({ items: [STORE] }),
  'GET /api/cash-deposits/barcode?storeId=100011': ok({
    barcodeNumber: '4012345678901234',
    expiresAt: '2026-12-04T15:00:00.000Z',
    storeId: '100011',
  }),
  'GET /api/cash-deposits': ok({
    items: [
      {
        id: 'dddddddd-0000-4000-8000-000000000001',
        transferId: 'cccccccc-0000-4000-8000-000000000001',
        amountCents: 4_000,
        feeCents: 199,
        storeName: 'Tienda Esquina',
        createdAt: '2026-11-27T15:00:00.000Z',
      },
    ],
    total: 1,
    month: { depositedCents: 53_000, freeLeftCents: 0 },
    rules: RULES,
  }),
};

describe('depositing cash at a store', () => {
  beforeEach(() => localStorage.setItem('token', 'token-ana'));

  it('finds stores by ZIP, shows the chosen store’s barcode with its digits, the fee rule and past deposits', async () => {
    stubRoutes(common);
    await renderPage(<CashDepositPage />);
    expect(
      await screen.findByRole('heading', { name: 'Depositar efectivo', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('Elige una tienda para ver tu código de barras.')).toBeTruthy();
    const stores = screen.getByRole('region', { name: 'Tiendas cerca de ti' });
    const zip = within(stores).getByLabelText(/Código postal/);
    await userEvent.clear(zip);
    await userEvent.type(zip, '10001');
    await userEvent.click(within(stores).getByRole('button', { name: 'Buscar' }));
    await userEvent.click(
      await within(stores).findByRole('button', {
        name: 'Usar esta tienda: Tienda Esquina, 100 Main St',
      }),
    );
    const barcode = await screen.findByRole('img', {
      name: 'Código de barras para depositar efectivo: 4012345678901234',
    });
    // Code 128 C: start, 8 pairs, checksum (6 elements each, 3 of them bars) and the stop's 4 bars.
    expect(barcode.querySelectorAll('rect[fill="#000"]')).toHaveLength(10 * 3 + 4);
    expect(screen.getByTestId('cash-barcode-number').textContent).toBe('4012 3456 7890 1234');
    expect(screen.getByText(/Sube el brillo de tu pantalla/)).toBeTruthy();
    expect(screen.getByText(/comisión de \$1\.99/)).toBeTruthy();
    expect(screen.getByTestId('cash-month').textContent).toBe(
      'Este mes depositaste $530.00; te quedan $0.00 sin comisión.',
    );
    const history = screen.getByRole('list', { name: 'Tus depósitos en efectivo' });
    expect(within(history).getByText('$40.00')).toBeTruthy();
    expect(within(history).getByText('Comisión: $1.99')).toBeTruthy();
  });

  it('asks an unverified person to verify first, and asks for no barcode', async () => {
    const jason = userProfile();
    const calls = stubRoutes({ ...common, 'GET /api/user/profile': ok(jason) });
    await renderPage(<CashDepositPage />, { user: jason });
    expect(
      await screen.findByText('Verifica tu identidad para depositar efectivo en tiendas.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/cash-deposits/barcode'))).toBe(false);
  });
});

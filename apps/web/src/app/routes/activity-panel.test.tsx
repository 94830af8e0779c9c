import type { Transfer, TransferReceipt } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeBalance } from '@/features/wallet/components/home-balance';
import { TestMoney } from '@/features/wallet/components/test-money';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { captureDownloads } from '@/test/downloads';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ActivityPanel } from './activity-panel';

const renderWallet = featureRenderer(['wallet', 'activity'], { user: ANA, path: '/dashboard' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIMITS = {
  perTransactionCents: 99900,
  day: { limitCents: 250000, usedCents: 10449, remainingCents: 239551 },
  month: { limitCents: 1000000, usedCents: 60449, remainingCents: 939551 },
};

const REMITTANCE: Transfer = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  reference: 'TQ3VW8XZ1A',
  kind: 'remittance',
  status: 'delivered',
  direction: 'out',
  amountCents: cents(10000),
  feeCents: cents(449),
  totalCents: cents(10449),
  counterparty: { userId: null, name: '+525512345678', username: null, phone: '+525512345678' },
  createdAt: '2025-05-02T15:04:00.000Z',
  details: {
    recipientPhone: '+525512345678',
    recipientCountry: 'MX',
    speed: 'standard',
    payoutCurrency: 'MXN',
    payoutAmount: '1712.34',
    fxRate: '17.1234',
  },
};
const RECEIVED: Transfer = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  reference: 'H2JK4M6N8P',
  kind: 'p2p',
  status: 'completed',
  direction: 'in',
  amountCents: cents(2500),
  feeCents: cents(0),
  totalCents: cents(2500),
  counterparty: { userId: 'u_bob', name: 'Bob Díaz', username: 'bob_d', phone: null },
  createdAt: '2025-05-01T20:00:00.000Z',
  details: {},
};
const OLDER: Transfer = {
  ...RECEIVED,
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  kind: 'deposit',
  counterparty: null,
  amountCents: cents(50000),
  totalCents: cents(50000),
  details: { source: 'sandbox_test_money' },
  createdAt: '2025-04-20T12:00:00.000Z',
};

function serve(extra: (call: ApiCall) => Answer | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.path === '/api/wallet/balance') {
      return { body: { balanceCents: 123456, availableBalanceCents: 123456, currency: 'USD' } };
    }
    if (call.path === '/api/limits') return { body: LIMITS };
    if (call.path === '/api/transactions?limit=10') {
      return { body: { items: [REMITTANCE, RECEIVED], nextCursor: 'cursor-2' } };
    }
    if (call.path === '/api/transactions?limit=10&cursor=cursor-2') {
      return { body: { items: [OLDER], nextCursor: null } };
    }
    return extra(call);
  });
}

describe('the wallet panel', () => {
  it('shows limits and activity in English, and no balance (the home screen has it)', async () => {
    serve();
    await renderWallet(<ActivityPanel />, { language: 'en' });

    const limits = screen.getByRole('region', { name: 'Your limits' });
    expect(await within(limits).findByText('$2,395.51 left')).toBeVisible();
    expect(within(limits).getByText('$104.49 used of $2,500.00')).toBeVisible();
    expect(within(limits).getByText('$9,395.51 left')).toBeVisible();
    expect(within(limits).getByText('$604.49 used of $10,000.00')).toBeVisible();
    expect(within(limits).getByText(/Up to \$999\.00 per transfer/)).toBeVisible();

    const activity = screen.getByRole('region', { name: 'Recent activity' });
    const rows = await within(activity).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('International transfer');
    expect(rows[0]).toHaveTextContent('+52 55 1234 5678');
    expect(rows[0]).toHaveTextContent('−$104.49');
    expect(rows[0]).toHaveTextContent('Delivered');
    expect(rows[0]).toHaveTextContent('May 2, 2025');
    expect(rows[1]).toHaveTextContent('Money received');
    expect(rows[1]).toHaveTextContent('Bob Díaz (@bob_d)');
    expect(rows[1]).toHaveTextContent('+$25.00');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(screen.queryByText('$1,234.56')).toBeNull();
  });

  it('shows the balance on the home screen with what is available', async () => {
    stubApi((call) =>
      call.path === '/api/wallet/balance'
        ? {
            body: {
              balanceCents: 123456,
              availableBalanceCents: 100000,
              pendingCents: 23456,
              currency: 'USD',
            },
          }
        : undefined,
    );
    await renderWallet(<HomeBalance />, { language: 'es' });
    const balance = screen.getByRole('region', { name: 'Tu saldo' });
    expect(await within(balance).findByText('$1,234.56')).toBeVisible();
    expect(within(balance).getByText('Disponible para usar: $1,000.00')).toBeVisible();
    expect(within(balance).getByText('Pendiente de tu banco: $234.56')).toBeVisible();
  });

  it('shows bank money on hold and until when (funds availability), in both languages', async () => {
    stubApi((call) =>
      call.path === '/api/wallet/balance'
        ? {
            body: {
              balanceCents: 30_003,
              availableBalanceCents: 10_000,
              pendingCents: 0,
              holds: [{ amountCents: 20_003, availableAt: '2026-12-04T14:00:00.000Z' }],
              currency: 'USD',
            },
          }
        : undefined,
    );
    const view = await renderWallet(<HomeBalance />, { language: 'es' });
    const balance = screen.getByRole('region', { name: 'Tu saldo' });
    expect(await within(balance).findByText('Disponible para usar: $100.00')).toBeVisible();
    expect(
      within(balance).getByText('En espera hasta el viernes, 4 de diciembre: $200.03'),
    ).toBeVisible();
    expect(within(balance).queryByText(/Pendiente de tu banco/)).toBeNull();
    view.unmount();
    await renderWallet(<HomeBalance />, { language: 'en' });
    expect(await screen.findByText('On hold until Friday, December 4: $200.03')).toBeVisible();
  });

  it('shows the same in Spanish', async () => {
    serve();
    await renderWallet(<ActivityPanel />, { language: 'es' });
    const limits = screen.getByRole('region', { name: 'Tus límites' });
    expect(await within(limits).findByText('Te quedan $2,395.51')).toBeVisible();
    expect(within(limits).getByText('$104.49 usados de $2,500.00')).toBeVisible();
    const activity = screen.getByRole('region', { name: 'Actividad reciente' });
    const rows = await within(activity).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Envío internacional');
    expect(rows[0]).toHaveTextContent('Entregada');
    expect(rows[0]).toHaveTextContent(/2 may 2025/);
    expect(rows[1]).toHaveTextContent('Dinero recibido');
    expect(rows[1]).toHaveTextContent('Completada');
  });

  it('pages through the activity with the cursor', async () => {
    const calls = serve();
    await renderWallet(<ActivityPanel />, { language: 'en' });
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    await userEvent.click(await within(activity).findByRole('button', { name: 'See all' }));
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(3));
    expect(within(activity).getAllByRole('listitem')[2]).toHaveTextContent('Test money');
    expect(calls.map((call) => call.path)).toContain('/api/transactions?limit=10&cursor=cursor-2');
    expect(within(activity).queryByRole('button', { name: /See all|Load more/ })).toBeNull();
  });

  it('opens the receipt of a remittance with its rate, payout and history', async () => {
    const receipt: TransferReceipt = {
      ...REMITTANCE,
      statusHistory: [
        { status: 'processing', at: '2025-05-02T15:04:00.000Z', note: null },
        { status: 'delivered', at: '2025-05-02T15:04:05.000Z', note: null },
      ],
    };
    serve((call) =>
      call.path === `/api/transactions/${REMITTANCE.id}` ? { body: receipt } : undefined,
    );
    await renderWallet(<ActivityPanel />, { language: 'en' });
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    await userEvent.click(
      await within(activity).findByRole('button', { name: /International transfer/ }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    const row = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    await waitFor(() => expect(row('Fee')).toHaveTextContent('$4.49'));
    expect(row('From')).toHaveTextContent('You');
    expect(row('To')).toHaveTextContent('+52 55 1234 5678');
    expect(row('Amount')).toHaveTextContent('$100.00');
    expect(row('Total')).toHaveTextContent('$104.49');
    expect(row('Exchange rate')).toHaveTextContent('1 USD = 17.1234 MXN');
    expect(row('Receives')).toHaveTextContent('1,712.34');
    expect(row('Destination')).toHaveTextContent('Mexico');
    const history = within(dialog).getByRole('region', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Processing'), expect.stringContaining('Delivered')]);
  });

  describe('the receipt', () => {
    const receipt: TransferReceipt = { ...REMITTANCE, statusHistory: [] };
    const openReceipt = async (language: 'es' | 'en') => {
      serve((call) =>
        call.path === `/api/transactions/${REMITTANCE.id}` ? { body: receipt } : undefined,
      );
      await renderWallet(<ActivityPanel />, { language });
      const activity = screen.getByRole('region', {
        name: language === 'es' ? 'Actividad reciente' : 'Recent activity',
      });
      await userEvent.click(
        await within(activity).findByRole('button', {
          name: language === 'es' ? /Envío internacional/ : /International transfer/,
        }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: language === 'es' ? 'Comprobante' : 'Receipt',
      });
      await within(dialog).findByTestId('receipt-reference');
      return dialog;
    };

    it('shows the short reference in two groups, not the id, and prints', async () => {
      const print = vi.fn();
      vi.stubGlobal('print', print);
      const dialog = await openReceipt('es');
      expect(within(dialog).getByTestId('receipt-reference')).toHaveTextContent('TQ3VW-8XZ1A');
      expect(dialog).not.toHaveTextContent(REMITTANCE.id);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimir o guardar PDF' }));
      expect(print).toHaveBeenCalledOnce();
    });

    it('shares through the system share sheet, in the page’s language', async () => {
      const share = vi.fn(async (_data: ShareData) => {});
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
      const dialog = await openReceipt('es');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Compartir' }));
      expect(share).toHaveBeenCalledOnce();
      expect(share.mock.calls[0]?.[0].text).toMatch(
        /^Comprobante de Pago TQ3VW-8XZ1A: Envío internacional, \$104\.49, .+\. Estado: Entregada\.$/,
      );
    });

    it('copies the receipt where the browser cannot share', async () => {
      const writeText = vi.fn(async (_text: string) => {});
      vi.stubGlobal(
        'navigator',
        Object.assign(Object.create(navigator), { share: undefined, clipboard: { writeText } }),
      );
      const dialog = await openReceipt('en');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
      expect(writeText.mock.calls[0]?.[0]).toMatch(/^Pago receipt TQ3VW-8XZ1A: International/);
      expect(
        await within(dialog).findByText(
          'We copied the receipt: paste it wherever you want to share it.',
        ),
      ).toBeVisible();
    });
  });

  it('adds test money and hides the button where the server has none', async () => {
    let live = false;
    const calls = serve((call) => {
      if (call.path !== '/api/wallet/test-deposit') return undefined;
      return live ? apiError(404, 'not_found') : { status: 201, body: OLDER };
    });
    await renderWallet(<TestMoney />, { language: 'en' });
    const balance = document.body;

    await userEvent.click(within(balance).getByRole('button', { name: 'Add test money' }));
    await userEvent.type(within(balance).getByLabelText('Amount to add'), '1000.01');
    await userEvent.click(within(balance).getByRole('button', { name: 'Add money' }));
    expect(within(balance).getByText('You can add up to $1,000.00 at a time.')).toBeVisible();

    await userEvent.clear(within(balance).getByLabelText('Amount to add'));
    await userEvent.type(within(balance).getByLabelText('Amount to add'), '500');
    await userEvent.click(within(balance).getByRole('button', { name: 'Add money' }));
    expect(
      await within(balance).findByText('We added $500.00 of test money to your balance.'),
    ).toBeVisible();
    const [deposit] = calls.filter((call) => call.path === '/api/wallet/test-deposit');
    expect(deposit?.body).toEqual({ amount: 50000 });
    expect(deposit?.headers['idempotency-key']).toBeTruthy();

    live = true;
    await userEvent.click(within(balance).getByRole('button', { name: 'Add test money' }));
    await userEvent.type(within(balance).getByLabelText('Amount to add'), '5');
    await userEvent.click(within(balance).getByRole('button', { name: 'Add money' }));
    expect(
      await within(balance).findByText('Test money is only available in test mode.'),
    ).toBeVisible();
    expect(within(balance).queryByRole('button', { name: 'Add test money' })).toBeNull();
  });

  it('downloads the CSV of a date range with the session token', async () => {
    localStorage.setItem('token', 'tok-123');
    const clicked = captureDownloads();
    const calls = serve((call) =>
      call.path.startsWith('/api/transactions/export.csv') ? { body: 'id,date' } : undefined,
    );
    await renderWallet(<ActivityPanel />, { language: 'en' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-05-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2025-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date.',
    );
    await userEvent.clear(from);
    await userEvent.type(from, '2025-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['pago-2025-04-01-2025-05-01.csv']));
    const [exported] = calls.filter((call) => call.path.startsWith('/api/transactions/export.csv'));
    expect(exported?.path).toBe('/api/transactions/export.csv?from=2025-04-01&to=2025-05-01');
    expect(exported?.headers.authorization).toBe('Bearer tok-123');
  });
});

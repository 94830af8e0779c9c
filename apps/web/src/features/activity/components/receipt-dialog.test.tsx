import type {
  Transfer,
  TransferKind,
  TransferReceipt,
  TransferStatus,
} from '@pago/shared/contracts/transfers';
import { TRANSFER_KINDS, TRANSFER_STATUSES } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ActivityList } from './activity-list';
import { ReceiptDialog } from './receipt-dialog';

const renderWallet = featureRenderer('activity', { user: ANA, path: '/activity' });

/** A standard withdrawal of $40.00 to a linked bank, as the server answers it (funding metadata). */
const WITHDRAWAL: Transfer = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  reference: 'W1TH4DRAW1',
  kind: 'bank_withdrawal',
  status: 'processing',
  direction: 'out',
  amountCents: cents(4000),
  feeCents: cents(0),
  totalCents: cents(4000),
  counterparty: null,
  createdAt: '2025-05-02T15:04:00.000Z',
  details: {
    plaidAccountId: 'cccccccc-0000-4000-8000-000000000001',
    institution: 'First Platypus Bank',
    mask: '0000',
    speed: 'standard',
  },
};
const DEPOSIT: Transfer = {
  ...WITHDRAWAL,
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  reference: 'D3P0S1TAB2',
  kind: 'bank_deposit',
  direction: 'in',
  details: {
    plaidAccountId: 'cccccccc-0000-4000-8000-000000000001',
    institution: 'First Platypus Bank',
    mask: '0000',
  },
};

const REMITTANCE_WORDS =
  /socio de pagos|payout partner|Quien recibe|recipient got|Entregada|Delivered/;

async function openReceipt(
  receipt: TransferReceipt,
  language: 'es' | 'en',
): Promise<{ dialog: HTMLElement; row(label: string): Element | null }> {
  stubApi((call) =>
    call.path === `/api/transactions/${receipt.id}` ? { body: receipt } : undefined,
  );
  await renderWallet(<ReceiptDialog transferId={receipt.id} onClose={() => {}} />, { language });
  const dialog = await screen.findByRole('dialog', {
    name: language === 'es' ? 'Comprobante' : 'Receipt',
  });
  await within(dialog).findByTestId('receipt-reference');
  return {
    dialog,
    row: (label) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling,
  };
}

const historyOf = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('a bank withdrawal’s receipt', () => {
  it('says which bank it went to and that it is on its way there (Spanish)', async () => {
    const { dialog, row } = await openReceipt(
      {
        ...WITHDRAWAL,
        statusHistory: [{ status: 'processing', at: WITHDRAWAL.createdAt, note: 'Bank Pending' }],
      },
      'es',
    );
    expect(row('Tipo')).toHaveTextContent('Retiro a tu banco');
    expect(row('De')).toHaveTextContent('Tú');
    expect(row('Para')).toHaveTextContent('First Platypus Bank ••0000');
    expect(row('Para')).not.toHaveTextContent(/^Pago$/);
    expect(row('Estado')).toHaveTextContent('En camino a tu banco');
    expect(row('Velocidad')).toHaveTextContent('Estándar (de 1 a 3 días hábiles)');
    const [first] = historyOf(dialog, 'Historial de estados');
    expect(first).toContain('En camino a tu banco');
    expect(first).toContain('First Platypus Bank ••0000');
    expect(dialog).not.toHaveTextContent(REMITTANCE_WORDS);
  });

  it('says it was deposited, or returned with amount and fee back (English)', async () => {
    const deposited = await openReceipt(
      {
        ...WITHDRAWAL,
        status: 'completed',
        details: { ...WITHDRAWAL.details, speed: 'instant' },
        feeCents: cents(150),
        totalCents: cents(4150),
        statusHistory: [
          { status: 'processing', at: WITHDRAWAL.createdAt, note: null },
          { status: 'completed', at: '2025-05-02T16:00:00.000Z', note: 'Bank Sent' },
        ],
      },
      'en',
    );
    expect(deposited.row('To')).toHaveTextContent('First Platypus Bank ••0000');
    expect(deposited.row('Status')).toHaveTextContent('Deposited in your bank');
    expect(deposited.row('Speed')).toHaveTextContent('Instant (same business day)');
    expect(historyOf(deposited.dialog, 'Status history')).toEqual([
      expect.stringContaining('On its way to your bank'),
      expect.stringContaining('Deposited in your bank'),
    ]);
    expect(deposited.dialog).not.toHaveTextContent(REMITTANCE_WORDS);
    cleanup();

    const returned = await openReceipt(
      {
        ...WITHDRAWAL,
        status: 'failed',
        statusHistory: [
          { status: 'processing', at: WITHDRAWAL.createdAt, note: null },
          { status: 'failed', at: '2025-05-03T16:00:00.000Z', note: 'Bank Returned: R03' },
        ],
      },
      'en',
    );
    expect(returned.row('Status')).toHaveTextContent('Returned');
    const [, last] = historyOf(returned.dialog, 'Status history');
    expect(last).toContain('Returned');
    expect(last).toContain('amount and fee are back in your balance');
    expect(returned.dialog).not.toHaveTextContent(REMITTANCE_WORDS);
  });

  it('names the bank in the activity list, with the withdrawal’s own status', async () => {
    await renderWallet(<ActivityList transfers={[WITHDRAWAL, DEPOSIT]} onOpen={() => {}} />, {
      language: 'es',
    });
    const [withdrawal, deposit] = screen.getAllByRole('listitem');
    expect(withdrawal).toHaveTextContent('First Platypus Bank ••0000');
    expect(withdrawal).toHaveTextContent('En camino a tu banco');
    expect(deposit).toHaveTextContent('First Platypus Bank ••0000');
    expect(deposit).toHaveTextContent('Esperando a tu banco');
  });
});

describe('a bank deposit’s receipt', () => {
  it('says which bank it came from and waits for it, in both languages', async () => {
    const receipt: TransferReceipt = {
      ...DEPOSIT,
      statusHistory: [{ status: 'processing', at: DEPOSIT.createdAt, note: null }],
    };
    const es = await openReceipt(receipt, 'es');
    expect(es.row('De')).toHaveTextContent('First Platypus Bank ••0000');
    expect(es.row('Para')).toHaveTextContent('Tú');
    expect(es.row('Estado')).toHaveTextContent('Esperando a tu banco');
    expect(es.dialog).not.toHaveTextContent(REMITTANCE_WORDS);
    cleanup();
    const en = await openReceipt({ ...receipt, status: 'completed' }, 'en');
    expect(en.row('From')).toHaveTextContent('First Platypus Bank ••0000');
    expect(en.row('Status')).toHaveTextContent('Received from your bank');
    expect(en.dialog).not.toHaveTextContent(REMITTANCE_WORDS);
  });
});

describe('a bank return’s receipt', () => {
  it('comes from your bank, not from Pago', async () => {
    const { row } = await openReceipt(
      {
        ...WITHDRAWAL,
        kind: 'bank_withdrawal_return',
        status: 'completed',
        direction: 'in',
        details: { returnOf: WITHDRAWAL.id, reason: 'R03' },
        statusHistory: [],
      },
      'es',
    );
    expect(row('De')).toHaveTextContent('Tu banco');
    expect(row('Para')).toHaveTextContent('Tú');
  });
});

describe('receipts of other kinds than remittances', () => {
  const kinds = TRANSFER_KINDS.filter((kind) => kind !== 'remittance');
  it.each(['es', 'en'] as const)(
    'carry no remittance words in any status (%s)',
    async (language) => {
      // One receipt a kind, whose history passes through every status.
      const history = (TRANSFER_STATUSES as readonly TransferStatus[]).map((status, i) => ({
        status,
        at: new Date(Date.parse(WITHDRAWAL.createdAt) + i * 60_000).toISOString(),
        note: null,
      }));
      for (const kind of kinds as TransferKind[]) {
        const { dialog } = await openReceipt(
          { ...WITHDRAWAL, kind, details: {}, statusHistory: history },
          language,
        );
        expect(within(dialog).getAllByRole('listitem')).toHaveLength(history.length);
        expect(dialog, kind).not.toHaveTextContent(/socio de pagos|payout partner/);
        cleanup();
      }
    },
  );
});

describe('a P2P payment’s and a remittance’s receipt', () => {
  const P2P: Transfer = {
    ...WITHDRAWAL,
    id: 'bbbbbbbb-0000-4000-8000-000000000009',
    reference: 'P2PN0TE001',
    kind: 'p2p',
    status: 'completed',
    direction: 'in',
    counterparty: { userId: 'u_ana', name: 'Ana Rivera', username: 'ana_r', phone: null },
    // What the receiver is answered: the note, nothing else of the sender's details.
    details: { note: 'Cena del viernes' },
  };
  const REMITTANCE: Transfer = {
    ...WITHDRAWAL,
    id: 'bbbbbbbb-0000-4000-8000-000000000010',
    reference: 'R3M1TGT001',
    kind: 'remittance',
    counterparty: { userId: null, name: 'Rosa García', username: null, phone: '+50222345678' },
    details: { recipientPhone: '+50222345678', recipientCountry: 'GT', speed: 'standard' },
  };

  it('shows the note the sender wrote', async () => {
    const { row } = await openReceipt(
      { ...P2P, statusHistory: [{ status: 'completed', at: P2P.createdAt, note: null }] },
      'es',
    );
    expect(row('Nota')).toHaveTextContent('Cena del viernes');
  });

  it('says the corridor’s own delivery time (shared delivery-times), not "1 a 3 días"', async () => {
    const { row } = await openReceipt(
      {
        ...REMITTANCE,
        statusHistory: [{ status: 'processing', at: REMITTANCE.createdAt, note: null }],
      },
      'es',
    );
    expect(row('Velocidad')).toHaveTextContent('Estándar: llega en hasta 2 días');
  });
});

import { describe, expect, it } from 'vitest';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
  track,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

const reconcile = async () => {
  const result = await servicesOf(t.app).payoutReconciliation.reconcile();
  if (!result) throw new Error('sandbox mode has a payout partner');
  return result;
};

describe('reconciliation with the payout partner', () => {
  it('finds nothing when the partner and the ledger agree, and each planted difference when not', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const mx = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const paid = (await sendHome(t, ana, mx, 30)).json().id;
    const open = (await sendHome(t, ana, mx, 40)).json().id;
    await until(t, async () => (await track(t, ana, paid)).json().transfer.status === 'delivered');

    const clean = await reconcile();
    expect(clean.transfersChecked).toBeGreaterThanOrEqual(2);
    expect(clean.differences).toEqual([]);
    expect(clean.balance).toMatchObject({ low: false });

    // Planted at the partner: the paid one was in fact declined (the sender was never refunded),
    // and the open one takes another amount from the prefunded balance than its quotation said.
    await t.db
      .updateTable('sandbox_thunes_transactions')
      .set({ status: '90200', next_status_at: null })
      .where('external_id', '=', paid)
      .execute();
    await t.db
      .updateTable('sandbox_thunes_transactions')
      .set({ next_status_at: null })
      .where('external_id', '=', open)
      .execute();
    const { partner_source_amount } = await t.db
      .selectFrom('remittance_payouts')
      .select('partner_source_amount')
      .where('transfer_id', '=', open)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('remittance_payouts')
      .set({ partner_source_amount: '39.99' })
      .where('transfer_id', '=', open)
      .execute();

    const planted = await reconcile();
    expect(planted.differences).toEqual(
      expect.arrayContaining([
        { transferId: paid, kind: 'refund_missing', expected: 'delivered', actual: '90200' },
        {
          transferId: open,
          kind: 'source_amount_mismatch',
          expected: '39.99',
          actual: expect.stringMatching(new RegExp(`^${Number(partner_source_amount)}`)),
        },
      ]),
    );
    const stored = await t.db
      .selectFrom('payout_reconciliation_differences')
      .select(['kind', 'transfer_id'])
      .where('run_id', '=', planted.runId)
      .execute();
    expect(stored.map((d) => d.kind).sort()).toEqual(['refund_missing', 'source_amount_mismatch']);
  });

  it('warns when the prefunded balance will not cover a day like the busiest of the week', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const mx = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345679',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, mx, 20)).json().id;
    // As if the day had carried two million dollars: more than the sandbox balance's million.
    await t.db
      .updateTable('remittance_payouts')
      .set({ partner_source_amount: '2000000.00', confirming_at: new Date() })
      .where('transfer_id', '=', id)
      .execute();
    const result = await reconcile();
    expect(result.balance).toMatchObject({ low: true, expectedVolume: '2000000.00' });
    expect(result.differences).toEqual(
      expect.arrayContaining([
        {
          transferId: null,
          kind: 'balance_low',
          expected: '2000000.00',
          actual: expect.any(String),
        },
      ]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { fundAtPartner, openBankAccount, tickUntil } from '../../../test/banking-helpers';
import { atm, insertCard, purchase } from '../../../test/card-helpers';
import { balanceOf, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { linkSandboxBank } from '../../../test/plaid-helpers';

const t = moneyTestApp(new Date(), { sandboxAchSettleMs: 100, sandboxSameDayAchSettleMs: 20 });

type Found = { kind: string; expected: string | null; actual: string | null };
async function reconcile(): Promise<Found[]> {
  const answer = await t.app.inject({ method: 'POST', url: '/sandbox/unit/reconcile' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().differences;
}
const totals = (found: Found[]) => found.filter((d) => d.kind === 'total_mismatch');

describe('reconciliation in total', () => {
  it('the partner’s money equals the wallets and Pago’s fees; a planted difference is found', async () => {
    const { app, db } = t;
    const ana = await verifiedUser(app, db, 20_000);
    const beto = await verifiedUser(app, db, 1_000);
    // P2P moves money between wallets only.
    expect(
      (
        await moneyPost(app, ana, '/api/transactions/send', {
          recipientName: beto.phone,
          amountUsd: 20,
        })
      ).statusCode,
    ).toBe(201);
    // An instant withdrawal (with its fee to Pago) leaves through the partner.
    const anaBank = await openBankAccount(app, ana);
    const linked = await linkSandboxBank(app, ana);
    const bank = linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0];
    if (!bank) throw new Error('no linked account');
    const out = await moneyPost(app, ana, '/api/funding/withdrawals', {
      plaidAccountId: bank.id,
      amountCents: 3_000,
      speed: 'instant',
    });
    expect(out.statusCode, out.body).toBe(201);
    // In flight first (the partner has not sent it), then sent: the total holds at both times.
    expect(totals(await reconcile())).toEqual([]);
    await tickUntil(app, async () => {
      const row = await db
        .selectFrom('ledger_transfers')
        .select('status')
        .where('id', '=', out.json().id)
        .executeTakeFirstOrThrow();
      return row.status === 'completed';
    });
    expect(await balanceOf(app, ana)).toBe(20_000 - 2_000 - 3_000 - 175);
    expect(totals(await reconcile())).toEqual([]);

    // Planted: money at the partner that no wallet holds (an incoming ACH Pago never booked).
    await fundAtPartner(app, anaBank.accountId, 1_234);
    const [found] = totals(await reconcile());
    if (!found) throw new Error('the total difference was not found');
    const expected = Number(found.expected?.split(' ')[0]);
    expect(Number(found.actual) - expected).toBe(1_234);
    // The ledger's terms are stored with it, for whoever investigates.
    expect(
      JSON.parse(found.expected?.slice(found.expected.indexOf(' ') + 1) ?? '{}'),
    ).toMatchObject({ testMoney: 21_000, walletsAndFees: 21_000 - 3_000 });
    const stored = await db
      .selectFrom('unit_reconciliation_differences')
      .select('kind')
      .where('kind', '=', 'total_mismatch')
      .execute();
    expect(stored).toHaveLength(1);
  }, 60_000);

  it('after the card spends, a bill and a withdrawal still go through, and the total holds with the card in flight', async () => {
    const { app, db } = t;
    // Test money only: none of it ever reached Luis's own partner account.
    const luis = await verifiedUser(app, db, 20_000);
    const account = await openBankAccount(app, luis);
    const card = await insertCard(db, luis, account);
    expect((await purchase(app, card, 1_234)).json()).toMatchObject({ approved: true });
    expect((await atm(app, card, 4_000, 'out')).json()).toMatchObject({ approved: true });
    const [biller] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/billers?category=utilities',
        headers: { authorization: `Bearer ${luis.token}` },
      })
    ).json() as Array<{ id: string; paymentType: string }>;
    if (!biller) throw new Error('no biller');
    const bill = await moneyPost(app, luis, '/api/unit/bill-payment', {
      paymentType: biller.paymentType,
      payeeId: biller.id,
      amount: 8_450,
      accountId: '7788-1234-9',
      memo: 'Diciembre',
    });
    expect(bill.statusCode, bill.body).toBe(201);
    const linked = await linkSandboxBank(app, luis);
    const bank = linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0];
    if (!bank) throw new Error('no linked account');
    const out = await moneyPost(app, luis, '/api/funding/withdrawals', {
      plaidAccountId: bank.id,
      amountCents: 2_000,
      speed: 'instant',
    });
    expect(out.statusCode, out.body).toBe(201);
    // The planted $12.34 of the test before is still there, and nothing else.
    const found = totals(await reconcile());
    expect(found).toHaveLength(1);
    const [only] = found;
    expect(Number(only?.actual) - Number(only?.expected?.split(' ')[0])).toBe(1_234);
  }, 60_000);
});

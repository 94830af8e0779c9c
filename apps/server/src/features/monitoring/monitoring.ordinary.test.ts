import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { tickUntil, unitFake } from '../../../test/banking-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

/**
 * The other half of each rule's test: a normal month of a typical user fires none of them. Its
 * own file, so that its database holds only this month and "no hit at all" means what it says.
 */
const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);
const DAY = 24 * 3_600_000;
const start = Date.now();
/** The ledger's clock on day `n` of the month (10 a.m. after the account was opened, roughly). */
function day(n: number) {
  t.now = new Date(start + n * DAY + 60_000);
}

const get = (user: MoneyUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function sent(answer: Promise<{ statusCode: number; body: string; json(): { id: string } }>) {
  const done = await answer;
  expect(done.statusCode, done.body).toBe(201);
  return done.json().id;
}

/** A payroll by direct deposit, completed by the partner: money others sent the user. */
async function payroll(user: MoneyUser, amountCents: number) {
  const { accountNumber } = (await get(user, '/api/direct-deposit')).json();
  const created = await t.app.inject({
    method: 'POST',
    url: '/sandbox/direct-deposit/payroll',
    payload: { accountNumber, amountCents, completesInDays: 2 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().receivedPaymentId as string;
  const stateIs = (state: string) =>
    tickUntil(t.app, async () => {
      const { deposits } = (await get(user, '/api/direct-deposit')).json();
      return deposits.find((d: { id: string; state: string }) => d.id === id && d.state === state);
    });
  await stateIs('pending');
  expect(
    (await unitFake(t.app, 'POST', `/sandbox/received-payments/${id}/complete`)).statusCode,
  ).toBe(200);
  await stateIs('available');
}

const p2p = (from: MoneyUser, to: MoneyUser, amountUsd: number) =>
  sent(
    moneyPost(t.app, from, '/api/transactions/send', { recipientUsername: to.username, amountUsd }),
  );

const bill = (user: MoneyUser, payeeId: string, paymentType: string, amount: number) =>
  sent(
    moneyPost(t.app, user, '/api/unit/bill-payment', {
      paymentType,
      payeeId,
      amount,
      accountId: '7788-1234-9',
      memo: 'Mes',
    }),
  );

describe('a normal month of a typical user', () => {
  it('payroll in, a few payments to friends and the rent, one remittance, bills: no rule fires', async () => {
    day(0);
    const luisa = await verifiedUser(t.app, t.db);
    const [marta, casero] = [
      await verifiedUser(t.app, t.db, 10_000),
      await verifiedUser(t.app, t.db),
    ];
    const mama = await saveRecipient(t, luisa, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
      firstName: 'Rosa',
      lastName: 'Hernández',
    });
    const outgoing: string[] = [];

    // Payday (the month starts on it): the ledger's clock and the payout partner's agree today,
    // and a quote is good for minutes of the partner's time.
    await payroll(luisa, 180_000);
    // The rent: one payment near the per-transfer limit ($999) is not a pattern.
    outgoing.push(await p2p(luisa, casero, 950));
    const home = await sendHome(t, luisa, mama, 300);
    expect(home.statusCode, home.body).toBe(201);
    outgoing.push(home.json().id);
    day(3);
    outgoing.push(await p2p(luisa, marta, 40));
    day(5);
    outgoing.push(await bill(luisa, 'electricity-1', 'electricity', 8_500));
    day(8);
    await p2p(marta, luisa, 30);
    day(10);
    outgoing.push(await p2p(luisa, marta, 25));
    day(12);
    outgoing.push(await bill(luisa, 'water-3', 'water', 4_500));
    day(15);
    await payroll(luisa, 180_000);
    day(20);
    outgoing.push(await p2p(luisa, marta, 60));
    // A new password, then the week's small payments.
    day(25);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/security/password',
      headers: bearer(luisa.token),
      payload: { currentPassword: luisa.password, newPassword: 'Brand-New-Secret-77' },
    });
    expect(changed.statusCode).toBe(200);
    outgoing.push(await p2p(luisa, marta, 35));
    day(29);
    outgoing.push(await p2p(luisa, casero, 120));

    const fired = await servicesOf(t.app).monitoring.scan();
    // Every transfer the rules watch was evaluated (bills are not among them)...
    const evaluated = await t.db.selectFrom('monitoring_evaluated').select('transfer_id').execute();
    const watched = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', luisa.id)
      .where('kind', 'in', ['p2p', 'remittance'])
      .execute();
    expect(watched).toHaveLength(outgoing.length - 2);
    expect(evaluated.map((e) => e.transfer_id)).toEqual(
      expect.arrayContaining(watched.map((w) => w.id)),
    );
    // ...and none fired, for anyone.
    expect(
      await t.db.selectFrom('monitoring_hits').select(['rule_code', 'reason']).execute(),
    ).toEqual([]);
    expect(fired).toBe(0);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { uuidV7Floor } from './monitoring.repository';

// The ledger's clock starts at the real time: accounts are made now (their `created_at`), and a
// change of password is recorded at the database's time.
const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);

const HOUR = 3_600_000;
const monitoring = () => servicesOf(t.app).monitoring;

function pay(from: MoneyUser, to: MoneyUser, amountUsd: number) {
  return moneyPost(t.app, from, '/api/transactions/send', {
    recipientUsername: to.username,
    amountUsd,
  });
}
async function paid(from: MoneyUser, to: MoneyUser, amountUsd: number): Promise<string> {
  const answer = await pay(from, to, amountUsd);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

/** Runs the evaluation job's pass, then answers the hits of `rule` about `subject`. */
async function hitsOf(rule: string, subject: string) {
  await monitoring().scan();
  return t.db
    .selectFrom('monitoring_hits')
    .selectAll()
    .where('rule_code', '=', rule)
    .where('subject', '=', subject)
    .execute();
}

let street = 100;
/**
 * A user at a home of their own (the test helper gives every verified user the same address,
 * which would make them one household).
 */
async function alone(depositCents = 0): Promise<MoneyUser> {
  const user = await verifiedUser(t.app, t.db, depositCents);
  street += 1;
  const home = await t.app.inject({
    method: 'PUT',
    url: '/api/user/address',
    headers: bearer(user.token),
    payload: { street: `${street} Elm Street`, city: 'Houston', state: 'TX', postalCode: '77002' },
  });
  expect(home.statusCode, home.body).toBe(200);
  return user;
}

/** Moves the ledger's clock to `hours` after the real time now. */
function at(hours: number) {
  t.now = new Date(Date.now() + hours * HOUR);
}

describe('structuring', () => {
  it('fires on three transfers just under the per-transfer limit within 72 hours, once', async () => {
    at(0);
    const ana = await verifiedUser(t.app, t.db, 300_000);
    const [beto, caro] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const ids = [await paid(ana, beto, 950), await paid(ana, caro, 960)];
    // The daily limit ($2,500) lets two through; the third the next day.
    at(26);
    ids.push(await paid(ana, beto, 990));
    const [hit, ...more] = await hitsOf('structuring', `user:${ana.id}`);
    expect(more).toEqual([]);
    expect(hit).toMatchObject({ user_id: ana.id, status: 'open' });
    expect([...(hit?.transfer_ids ?? [])].sort()).toEqual([...ids].sort());
    expect(hit?.reason).toContain('3 transfers within 72 hours');
    expect(hit?.reason).toContain('$950.00 under $999.00');
    expect(hit?.reason).toContain('$990.00 under $999.00');
    // Evaluated again (a retried pass): still one hit.
    expect(await monitoring().scan()).toBe(0);
    expect(await hitsOf('structuring', `user:${ana.id}`)).toHaveLength(1);
  });

  it('fires on two days whose totals sit just under the daily limit', async () => {
    at(0);
    const ana = await verifiedUser(t.app, t.db, 600_000);
    const beto = await verifiedUser(t.app, t.db);
    // $800 + $800 + $800 = $2,400 a day: no transfer near $999, each day just under $2,500.
    for (const day of [0, 1]) {
      at(day * 24 + 1);
      for (let i = 0; i < 3; i++) await paid(ana, beto, 800);
    }
    const [hit] = await hitsOf('structuring', `user:${ana.id}`);
    expect(hit?.reason).toMatch(/2 days whose outgoing total was just under a line/);
    expect(hit?.reason).toContain('$2,400.00 under $2,500.00');
    expect(hit?.transfer_ids).toHaveLength(6);
  });

  it('counts a day as US Eastern time does, whatever the date in UTC', async () => {
    // 01:30 UTC is the evening before in New York: three sends from 23:30 to 01:30 UTC are one
    // Eastern day of $2,400 (two UTC dates), and the same a day later. Days counted by the UTC
    // date would be $800, $2,400 and $1,600: one day near the line, no hit.
    const evening = new Date();
    evening.setUTCDate(evening.getUTCDate() + 2);
    evening.setUTCHours(1, 30, 0, 0);
    at(0);
    const ana = await verifiedUser(t.app, t.db, 600_000);
    const beto = await verifiedUser(t.app, t.db);
    for (const day of [0, 1]) {
      for (const hoursBefore of [2, 1, 0]) {
        t.now = new Date(evening.getTime() + (day * 24 - hoursBefore) * HOUR);
        await paid(ana, beto, 800);
      }
    }
    const [hit, ...more] = await hitsOf('structuring', `user:${ana.id}`);
    expect(more).toEqual([]);
    expect(hit?.reason).toMatch(/2 days whose outgoing total was just under a line/);
    expect(hit?.transfer_ids).toHaveLength(6);
  });

  it('does not fire on two transfers near the limit, nor on three spread over a week', async () => {
    at(0);
    const ana = await verifiedUser(t.app, t.db, 400_000);
    const beto = await verifiedUser(t.app, t.db);
    await paid(ana, beto, 950);
    at(10);
    await paid(ana, beto, 970);
    at(80);
    await paid(ana, beto, 960);
    at(170);
    await paid(ana, beto, 980);
    expect(await hitsOf('structuring', `user:${ana.id}`)).toEqual([]);
  });
});

describe('a new account sending much more than it received', () => {
  it('fires when an account days old sends $1,000+ loaded by itself, and not when others paid it', async () => {
    at(0);
    const nuevo = await verifiedUser(t.app, t.db, 150_000);
    const [beto, caro] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    at(48);
    await paid(nuevo, beto, 600);
    expect(await hitsOf('new_account_outflow', `user:${nuevo.id}`)).toEqual([]);
    await paid(nuevo, caro, 500);
    const [hit, ...more] = await hitsOf('new_account_outflow', `user:${nuevo.id}`);
    expect(more).toEqual([]);
    expect(hit?.reason).toBe(
      'An account 2 days old sent $1,100.00 and received $0.00 from others (fires at $1,000.00 ' +
        'sent and 3 times what was received, within 30 days of opening).',
    );
    expect(hit?.transfer_ids).toHaveLength(2);
    // More sending by the same new account: the one hit stands.
    await paid(nuevo, caro, 100);
    expect(await hitsOf('new_account_outflow', `user:${nuevo.id}`)).toHaveLength(1);

    // Paid $500 by others, sending $1,100 on: under three times what it received.
    at(0);
    const paidBy = await verifiedUser(t.app, t.db, 110_000);
    await paid(caro, paidBy, 500);
    await paid(paidBy, beto, 600);
    await paid(paidBy, beto, 500);
    expect(await hitsOf('new_account_outflow', `user:${paidBy.id}`)).toEqual([]);
  });

  it('does not fire once the account is older than 30 days', async () => {
    at(31 * 24);
    const older = await verifiedUser(t.app, t.db, 150_000);
    const beto = await verifiedUser(t.app, t.db);
    // Made now, sending 31 days on (the ledger's clock).
    await paid(older, beto, 700);
    await paid(older, beto, 700);
    expect(await hitsOf('new_account_outflow', `user:${older.id}`)).toEqual([]);
  });
});

describe('one recipient paid by many unrelated senders', () => {
  it('fires on a Pago user paid by five unrelated people; not when two of them are related', async () => {
    at(0);
    const mula = await verifiedUser(t.app, t.db);
    const senders = [];
    for (let i = 0; i < 5; i++) senders.push(await alone(30_000));
    for (const [i, sender] of senders.slice(0, 4).entries()) {
      at(i * 10);
      await paid(sender, mula, 250);
    }
    expect(await hitsOf('many_senders_one_recipient', `user:${mula.id}`)).toEqual([]);
    at(50);
    await paid(senders[4] as MoneyUser, mula, 250);
    const [hit] = await hitsOf('many_senders_one_recipient', `user:${mula.id}`);
    expect(hit).toMatchObject({ user_id: mula.id, status: 'open' });
    expect(hit?.transfer_ids).toHaveLength(5);
    expect(hit?.reason).toMatch(
      /was paid \$1,250\.00 by 5 unrelated senders \(5 in all\) within 7 days/,
    );

    // Another recipient: six senders, two of whom have paid each other (friends) and two of whom
    // share a home (the helper's one address): four groups.
    at(0);
    const tienda = await verifiedUser(t.app, t.db);
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await alone(30_000));
    for (let i = 0; i < 2; i++) others.push(await verifiedUser(t.app, t.db, 30_000));
    await paid(others[0] as MoneyUser, others[1] as MoneyUser, 10);
    for (const sender of others) await paid(sender, tienda, 250);
    expect(await hitsOf('many_senders_one_recipient', `user:${tienda.id}`)).toEqual([]);
  });

  it('fires on one recipient abroad (name, country and account) however each sender wrote the name', async () => {
    at(0);
    const names = ['María', 'Maria', 'MARÍA', 'maría', 'Maria '];
    const transfers: string[] = [];
    for (const firstName of names) {
      const sender = await alone(40_000);
      const recipient = await saveRecipient(t, sender, {
        country: 'MX',
        phone: '+525512345678',
        method: 'bank_deposit',
        fields: { clabe: CLABE },
        firstName,
        lastName: 'López Ruiz',
      });
      const sent = await sendHome(t, sender, recipient, 250);
      expect(sent.statusCode, sent.body).toBe(201);
      transfers.push(sent.json().id);
    }
    await monitoring().scan();
    const hits = await t.db
      .selectFrom('monitoring_hits')
      .selectAll()
      .where('rule_code', '=', 'many_senders_one_recipient')
      .where('subject', 'like', 'abroad:%')
      .execute();
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      user_id: null,
      subject: `abroad:maria lopez ruiz|MX|clabe:${CLABE}`,
    });
    expect([...(hits[0]?.transfer_ids ?? [])].sort()).toEqual([...transfers].sort());
    expect(hits[0]?.figures).toMatchObject({ recipient: 'María López Ruiz (MX, clabe ••9411)' });
  });
});

describe('a change of phone, e-mail or password, then a large send', () => {
  const changePassword = (user: MoneyUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/security/password',
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'Brand-New-Secret-77' },
    });

  it('fires on $500 or more sent within 24 hours of a new password', async () => {
    at(0);
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const beto = await verifiedUser(t.app, t.db);
    await paid(ana, beto, 400);
    expect((await changePassword(ana)).statusCode).toBe(200);
    const changes = await t.db
      .selectFrom('monitoring_account_changes')
      .selectAll()
      .where('user_id', '=', ana.id)
      .execute();
    expect(changes.map((c) => c.field)).toEqual(['password']);
    // The $400 before the change does not count; $300 + $250 after it do.
    await paid(ana, beto, 300);
    expect(await hitsOf('credential_change_then_send', `user:${ana.id}`)).toEqual([]);
    const last = await paid(ana, beto, 250);
    const [hit] = await hitsOf('credential_change_then_send', `user:${ana.id}`);
    expect(hit?.reason).toMatch(/^password changed at .+; \$550\.00 sent within 24 hours after it/);
    expect(hit?.transfer_ids).toContain(last);
    expect(hit?.transfer_ids).toHaveLength(2);
  });

  it('records a new e-mail and a new phone, and does not fire on small sends or on a send days later', async () => {
    at(0);
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const beto = await verifiedUser(t.app, t.db);
    await t.db
      .updateTable('users')
      .set({ phone: '+12125550199' })
      .where('id', '=', ana.id)
      .execute();
    await t.db
      .updateTable('users')
      .set({ email: `new-${ana.email}` })
      .where('id', '=', ana.id)
      .execute();
    // Unchanged values write nothing; a first phone is not a change.
    await t.db.updateTable('users').set({ name: 'Ana Nueva' }).where('id', '=', ana.id).execute();
    const fields = await t.db
      .selectFrom('monitoring_account_changes')
      .select('field')
      .where('user_id', '=', ana.id)
      .orderBy('id')
      .execute();
    expect(fields.map((f) => f.field)).toEqual(['phone', 'email']);
    await paid(ana, beto, 100);
    expect(await hitsOf('credential_change_then_send', `user:${ana.id}`)).toEqual([]);
    // The changes were a day and an hour ago: a large send now is not "within hours" of them.
    await sql`update monitoring_account_changes set changed_at = now() - interval '25 hours'
      where user_id = ${ana.id}`.execute(t.db);
    await paid(ana, beto, 700);
    expect(await hitsOf('credential_change_then_send', `user:${ana.id}`)).toEqual([]);
  });
});

describe('the evaluation pass', () => {
  it('skips a rule an admin turned off, and evaluates transfers whose commit came late', async () => {
    at(0);
    await monitoring().updateRule('new_account_outflow', { enabled: false });
    const nuevo = await verifiedUser(t.app, t.db, 150_000);
    const beto = await verifiedUser(t.app, t.db);
    await paid(nuevo, beto, 600);
    await paid(nuevo, beto, 600);
    expect(await hitsOf('new_account_outflow', `user:${nuevo.id}`)).toEqual([]);
    await monitoring().updateRule('new_account_outflow', { enabled: true });

    // A transfer made before the last pass but committed after it (its id is older than where
    // the pass stopped): the next pass still reads it, within the overlap.
    const scan = await t.db
      .selectFrom('monitoring_scan')
      .select('scanned_to')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('monitoring_scan')
      .set({ scanned_to: new Date(scan.scanned_to.getTime() + 60_000) })
      .execute();
    const late = await paid(nuevo, beto, 100);
    expect(late >= uuidV7Floor(new Date(scan.scanned_to.getTime() - 1000))).toBe(true);
    const [hit] = await hitsOf('new_account_outflow', `user:${nuevo.id}`);
    expect(hit?.transfer_ids).toContain(late);
  });

  it('refuses thresholds a rule does not take', async () => {
    await expect(
      monitoring().updateRule('structuring', { thresholds: { windowHours: 0 } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      monitoring().updateRule('structuring', { thresholds: { surprise: 1 } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const after = await monitoring().updateRule('structuring', {
      thresholds: { windowHours: 48 },
    });
    expect(after.thresholds).toMatchObject({ windowHours: 48, minNearTransfers: 3 });
    await monitoring().updateRule('structuring', { thresholds: { windowHours: 72 } });
  });
});

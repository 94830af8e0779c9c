import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { fundAtPartner, openBankAccount } from '../../../test/banking-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  postQuote,
  verifiedUser,
} from '../../../test/money-helpers';
import { saveAbroad, THUNES_TEST_TIMINGS, until } from '../../../test/remittance-helpers';
import { buildTestApp } from '../../../test/test-app';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

describe('sending money', () => {
  it('refuses users whose identity is not verified, with a clear code', async () => {
    const user = await signUp(t.app, { phone: nextUsPhone() });
    const response = await moneyPost(t.app, user, '/api/transactions/send', {
      recipientName: '+525512345678',
      recipientCountry: 'MX',
      amountUsd: 10,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: { code: 'identity_not_verified' },
      message: 'Verify your identity before moving money.',
    });
    expect(
      (await postQuote(t.app, user, { recipientCountry: 'MX', amountUsd: 10 })).statusCode,
    ).toBe(403);
  });

  it('requires an Idempotency-Key', async () => {
    const user = await verifiedUser(t.app, t.db, 10_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/send',
      headers: bearer(user.token),
      payload: { recipientName: '+525512345678', recipientCountry: 'MX', amountUsd: 10 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('idempotency_key_required');
  });

  it('pays a Pago user instantly and free when the phone is theirs', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const response = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 25.5,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'p2p',
      status: 'completed',
      direction: 'out',
      amountCents: 2550,
      feeCents: 0,
    });
    expect(response.json().counterparty).toMatchObject({
      userId: beto.id,
      username: beto.username,
    });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 2550);
    expect(await balanceOf(t.app, beto)).toBe(2550);
    const seenByBeto = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${response.json().id}`,
      headers: bearer(beto.token),
    });
    expect(seenByBeto.json()).toMatchObject({
      direction: 'in',
      amountCents: 2550,
      feeCents: 0,
      details: {},
    });
  });

  it('sends a remittance on a quote: debits amount and fee, delivers, and keeps the quoted rate', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    await saveAbroad(t, ana, '+525598765432', 'MX');
    const q = (
      await postQuote(t.app, ana, {
        recipientCountry: 'MX',
        amountUsd: 100,
        speed: 'express',
        recipientPhone: '+525598765432',
      })
    ).json();
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: '+525598765432',
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      quoteId: q.quoteId,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'remittance',
      status: 'processing',
      amountCents: 10_000,
      feeCents: 848,
      totalCents: 10_848,
    });
    expect(sent.json().details).toMatchObject({
      fxRate: '17.88500000',
      payoutAmount: '1788.50',
      payoutCurrency: 'MXN',
    });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 10_848);

    const receiptOf = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/transactions/${sent.json().id}`,
        headers: bearer(ana.token),
      });
    await until(t, async () => (await receiptOf()).json().status === 'delivered');
    const receipt = await receiptOf();
    expect(receipt.json().status).toBe('delivered');
    // The first status is written when it changes, from the transfer: same times as before.
    expect(receipt.json().statusHistory).toEqual([
      { status: 'processing', at: sent.json().createdAt, note: null },
      { status: 'delivered', at: t.now.toISOString(), note: null },
    ]);

    const reuse = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: '+525598765432',
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      quoteId: q.quoteId,
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('quote_expired');
  });

  it('refunds a failed payout in full, fee included', async () => {
    const ana = await verifiedUser(t.app, t.db, 20_000);
    await saveAbroad(t, ana, '+573001230000', 'CO');
    const q = (
      await postQuote(t.app, ana, {
        recipientCountry: 'CO',
        amountUsd: 100,
        recipientPhone: '+573001230000',
      })
    ).json();
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: '+573001230000',
      recipientCountry: 'CO',
      amountUsd: 100,
      quoteId: q.quoteId,
    });
    expect(sent.statusCode).toBe(201);
    expect(await balanceOf(t.app, ana)).toBe(20_000 - 10_649);
    await until(t, async () => (await balanceOf(t.app, ana)) === 20_000);
    const receipt = (
      await t.app.inject({
        method: 'GET',
        url: `/api/transactions/${sent.json().id}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(receipt.status).toBe('refunded');
    expect(receipt.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'processing',
      'failed',
      'refunded',
    ]);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/transactions?type=remittance_refund',
        headers: bearer(ana.token),
      })
    ).json();
    expect(list.items[0]).toMatchObject({
      kind: 'remittance_refund',
      direction: 'in',
      amountCents: 10_649,
    });
    // A refunded transfer gives its room back to the limits.
    const limits = (
      await t.app.inject({ method: 'GET', url: '/api/limits', headers: bearer(ana.token) })
    ).json();
    expect(limits.day.usedCents).toBe(0);
  });

  it('refuses a send without a quote, with an expired quote and with a changed amount', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const base = { recipientName: '+525511112222', recipientCountry: 'MX', amountUsd: 50 };
    await saveAbroad(t, ana, base.recipientName, 'MX');
    expect((await moneyPost(t.app, ana, '/api/transactions/send', base)).json().error.code).toBe(
      'quote_required',
    );
    const q = (
      await postQuote(t.app, ana, {
        recipientCountry: 'MX',
        amountUsd: 50,
        recipientPhone: base.recipientName,
      })
    ).json();
    expect(
      (
        await moneyPost(t.app, ana, '/api/transactions/send', {
          ...base,
          amountUsd: 51,
          quoteId: q.quoteId,
        })
      ).json().error.code,
    ).toBe('quote_mismatch');
    t.now = new Date(t.now.getTime() + 11 * 60_000);
    const expired = await moneyPost(t.app, ana, '/api/transactions/send', {
      ...base,
      quoteId: q.quoteId,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This quote has expired. Get a new quote.');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('refuses more than the balance, saying what is available', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 1000), await verifiedUser(t.app, t.db)];
    const response = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 10.01,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'insufficient_funds', details: { balanceCents: 1000 } },
      message: 'Insufficient funds. Your balance is $10.00.',
    });
  });

  it('refuses sending to yourself', async () => {
    const ana = await verifiedUser(t.app, t.db, 1000);
    const response = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: ana.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    expect(response.json().error.code).toBe('self_transfer');
  });
});

describe('receipts keep the names as they were', () => {
  const rename = (user: MoneyUser, name: string) =>
    t.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
  const receipt = async (user: MoneyUser, id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/transactions/${id}`,
        headers: bearer(user.token),
      })
    ).json();

  it('shows both sides the names of when the money moved: P2P, request payment, bank transfer', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 50_000),
      await verifiedUser(t.app, t.db, 50_000),
    ];
    await rename(ana, 'Ana Before');
    await rename(beto, 'Beto Before');
    const p2p = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    const request = await moneyPost(t.app, ana, '/api/requests/create', {
      requestedFrom: beto.phone,
      amountUsd: 2,
      requestNote: 'lunch',
    });
    const paid = await moneyPost(t.app, beto, `/api/requests/${request.json().id}/pay`, {});
    const anaBank = await openBankAccount(t.app, ana);
    await openBankAccount(t.app, beto);
    await fundAtPartner(t.app, anaBank.accountId, 300);
    const book = await moneyPost(t.app, ana, '/api/unit/payments/send', {
      receiver: beto.phone,
      amount: 300,
    });
    const ids = [p2p.json().id, paid.json().transferId, book.json().id];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    await rename(ana, 'Ana After');
    await rename(beto, 'Beto After');
    for (const id of ids) {
      const [byAna, byBeto] = [await receipt(ana, id), await receipt(beto, id)];
      expect(byAna.counterparty.name).toBe('Beto Before');
      expect(byBeto.counterparty.name).toBe('Ana Before');
      expect(byAna.details).not.toHaveProperty('partyNames');
    }
    const activity = (
      await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(beto.token) })
    ).json();
    expect(
      activity.items
        .filter((t: { id: string }) => ids.includes(t.id))
        .map((t: { counterparty: { name: string } }) => t.counterparty.name),
    ).toEqual(['Ana Before', 'Ana Before', 'Ana Before']);
  });
});

describe('idempotency', () => {
  it('replays the first response for the same key and body, and refuses the key with another body', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const first = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    const again = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await balanceOf(t.app, ana)).toBe(9000);
    const other = await moneyPost(
      t.app,
      ana,
      '/api/transactions/send',
      { ...body, amountUsd: 11 },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('stores a refusal too: the replay of a refused send is the same refusal', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 500), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const first = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(first.statusCode).toBe(422);
    await moneyPost(t.app, ana, '/api/wallet/test-deposit', { amount: 5000 });
    const replay = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.body).toBe(first.body);
  });

  /** `count` requests at once from a wallet of `depositCents`, all $10.00 with one key. */
  async function sameKeyAtOnce(depositCents: number, count: number) {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, depositCents),
      await verifiedUser(t.app, t.db),
    ];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const responses = await Promise.all(
      Array.from({ length: count }, () =>
        moneyPost(t.app, ana, '/api/transactions/send', body, key),
      ),
    );
    expect(new Set(responses.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    return { ana, beto, key, responses };
  }

  it('makes one transfer of 50 concurrent requests with one key, all answered alike', async () => {
    const { beto } = await sameKeyAtOnce(10_000, 50);
    expect(await balanceOf(t.app, beto)).toBe(1000);
  });

  it('answers a send with the transfer as its receipt shows it, and replays it byte for byte after a rename', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    await t.db
      .updateTable('users')
      .set({ legal_name: 'Beto "Legal" Ñandú' })
      .where('id', '=', beto.id)
      .execute();
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 1.25 };
    const first = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(first.statusCode).toBe(201);
    const { statusHistory, ...receipt } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/transactions/${first.json().id}`,
        headers: bearer(ana.token),
      })
    ).json();
    // A status that never changed is the transfer's own: no history row, the same receipt.
    expect(statusHistory).toEqual([
      { status: 'completed', at: first.json().createdAt, note: null },
    ]);
    const rows = await t.db
      .selectFrom('transfer_status_history')
      .select('id')
      .where('transfer_id', '=', first.json().id)
      .execute();
    expect(rows).toEqual([]);
    expect(first.json()).toEqual(receipt);
    expect(first.json().counterparty).toEqual({
      userId: beto.id,
      name: 'Beto "Legal" Ñandú',
      username: beto.username,
      phone: beto.phone,
    });
    await t.db
      .updateTable('users')
      .set({ username: `renamed${Date.now()}` })
      .where('id', '=', beto.id)
      .execute();
    const again = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect([again.statusCode, again.body]).toEqual([201, first.body]);
    expect(await balanceOf(t.app, ana)).toBe(10_000 - 125);
  });

  it('checks the key before anything else: a reused key with another body is 409 even to oneself', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 1 };
    expect((await moneyPost(t.app, ana, '/api/transactions/send', body, key)).statusCode).toBe(201);
    for (const other of [
      { ...body, recipientName: ana.phone },
      { ...body, amountUsd: 5000 },
      { ...body, recipientName: '+525512345678' },
    ]) {
      const reused = await moneyPost(t.app, ana, '/api/transactions/send', other, key);
      expect([reused.statusCode, reused.json().error.code]).toEqual([
        409,
        'idempotency_key_reused',
      ]);
    }
    expect(await balanceOf(t.app, ana)).toBe(9900);
  });

  it('answers 30 concurrent refused requests with one key alike, and stores the refusal once', async () => {
    const { ana, key, responses } = await sameKeyAtOnce(500, 30);
    expect(responses[0]?.json().error.code).toBe('insufficient_funds');
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .select(['status_code'])
      .where('user_id', '=', ana.id)
      .where('key', '=', key)
      .execute();
    expect(keys).toEqual([{ status_code: 422 }]);
  });

  it('leaves nothing behind when the send fails after the money moved, and the same key then sends once', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    // Storing the answer is the last write of the send, after ledger_post: make it fail, for Ana.
    await sql`
      create function crash_for_test() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${sql.lit(ana.id)}::uuid and new.status_code > 0 then
          raise exception 'crash after the ledger call';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`
      create trigger crash_for_test before insert or update on idempotency_keys
      for each row execute function crash_for_test()`.execute(t.db);
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    try {
      const crashed = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
      expect(crashed.statusCode).toBe(500);
      expect(crashed.json().error.code).toBe('internal_error');
    } finally {
      await sql`drop trigger crash_for_test on idempotency_keys`.execute(t.db);
      await sql`drop function crash_for_test()`.execute(t.db);
    }
    expect(await balanceOf(t.app, ana)).toBe(10_000);
    expect(await balanceOf(t.app, beto)).toBe(0);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'p2p')
      .execute();
    expect(transfers).toEqual([]);
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', ana.id)
      .where('key', '=', key)
      .execute();
    expect(keys).toEqual([]);
    const retried = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(retried.statusCode).toBe(201);
    const replayed = await moneyPost(t.app, ana, '/api/transactions/send', body, key);
    expect(replayed.body).toBe(retried.body);
    expect(await balanceOf(t.app, beto)).toBe(1000);
  });

  it('keeps keys per user: two users may use the same key', async () => {
    const [ana, beto, carla] = [
      await verifiedUser(t.app, t.db, 1000),
      await verifiedUser(t.app, t.db, 1000),
      await verifiedUser(t.app, t.db),
    ];
    const key = randomUUID();
    const body = { recipientName: carla.phone, recipientCountry: 'MX', amountUsd: 1 };
    expect((await moneyPost(t.app, ana, '/api/transactions/send', body, key)).statusCode).toBe(201);
    expect((await moneyPost(t.app, beto, '/api/transactions/send', body, key)).statusCode).toBe(
      201,
    );
    expect(await balanceOf(t.app, carla)).toBe(200);
  });
});

describe('one P2P send: the statement owns the rule', () => {
  /** A test-only trigger on `table` running `body` (PL/pgSQL), dropped after `run`. */
  async function withTrigger<T>(table: string, body: string, run: () => Promise<T>): Promise<T> {
    await sql`create function race_for_test() returns trigger language plpgsql as $$
      begin ${sql.raw(body)} return new; end $$`.execute(t.db);
    await sql`create trigger race_for_test after insert or update on ${sql.table(table)}
      for each row execute function race_for_test()`.execute(t.db);
    try {
      return await run();
    } finally {
      await sql`drop trigger race_for_test on ${sql.table(table)}`.execute(t.db);
      await sql`drop function race_for_test()`.execute(t.db);
    }
  }

  /** Ana with $100.00, and Beto, a user whose phone is not verified (no Pago user's, yet). */
  async function senderAndUnverifiedPhone() {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 10_000), await verifiedUser(t.app, t.db)];
    await t.db
      .updateTable('users')
      .set({ phone_verified: false })
      .where('id', '=', beto.id)
      .execute();
    return { ana, beto, body: { recipientName: beto.phone, amountUsd: 12 } };
  }

  it('sends P2P through the statement when the phone becomes a Pago user’s after it looked', async () => {
    const { ana, beto, body } = await senderAndUnverifiedPhone();
    // The statement finds no Pago user with the phone and leaves the send to the handler; the
    // look-up budget the handler's path takes first is when Beto's phone gets verified.
    const sent = await withTrigger(
      'rate_limits',
      `update users set phone_verified = true where id = '${beto.id}'::uuid and not phone_verified;`,
      () => moneyPost(t.app, ana, '/api/transactions/send', body, 'race-key-1'),
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'p2p', status: 'completed', amountCents: 1200 });
    expect(sent.json().counterparty).toMatchObject({ userId: beto.id, username: beto.username });
    expect(await balanceOf(t.app, beto)).toBe(1200);
    const replayed = await moneyPost(t.app, ana, '/api/transactions/send', body, 'race-key-1');
    expect(replayed.body).toBe(sent.body);
    const rows = await t.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'metadata'])
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'p2p')
      .execute();
    expect(rows).toHaveLength(1);
    // Written by transfer_send: the names as they were, for both receipts.
    expect(rows[0]?.metadata).toMatchObject({ partyNames: { counterparty: expect.any(String) } });
  });

  it('answers 503 and stores nothing when the recipient keeps changing between the two', async () => {
    const { ana, beto, body } = await senderAndUnverifiedPhone();
    // Inside the handler's own transaction (its key reservation, status 0), so its rollback
    // unverifies the phone again: the statement never sees it, the handler always does.
    const sent = await withTrigger(
      'idempotency_keys',
      `if new.status_code = 0 then
         update users set phone_verified = true where id = '${beto.id}'::uuid;
       end if;`,
      () => moneyPost(t.app, ana, '/api/transactions/send', body, 'race-key-2'),
    );
    expect(sent.statusCode).toBe(503);
    expect(sent.json().error.code).toBe('service_unavailable');
    expect(await balanceOf(t.app, ana)).toBe(10_000);
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', ana.id)
      .where('key', '=', 'race-key-2')
      .execute();
    expect(keys).toEqual([]);
  });
});

describe('limits', () => {
  it('takes $999.00 in one transfer and refuses $999.01', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 300_000), await verifiedUser(t.app, t.db)];
    const over = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 999.01,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      error: { code: 'limit_exceeded', details: { limit: 'per_transaction', limitCents: 99_900 } },
      message: 'The most you can send in one transfer is $999.00.',
    });
    expect(
      (
        await moneyPost(t.app, ana, '/api/transactions/send', {
          recipientName: beto.phone,
          recipientCountry: 'MX',
          amountUsd: 999,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('counts the day in US Eastern time and says how much room is left', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 600_000), await verifiedUser(t.app, t.db)];
    const send = (amountUsd: number) =>
      moneyPost(t.app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd,
      });
    // 23:30 in New York on Nov 24 (04:30 UTC on the 25th).
    t.now = new Date('2026-11-25T04:30:00Z');
    expect((await send(999)).statusCode).toBe(201);
    expect((await send(999)).statusCode).toBe(201);
    expect((await send(502)).statusCode).toBe(201);
    const over = await send(0.01);
    expect(over.json()).toMatchObject({
      error: { code: 'limit_exceeded', details: { limit: 'daily', remainingCents: 0 } },
      message: 'This is over your daily limit of $2,500.00. You can still send $0.00 today.',
    });
    const limits = (
      await t.app.inject({ method: 'GET', url: '/api/limits', headers: bearer(ana.token) })
    ).json();
    expect(limits).toEqual({
      perTransactionCents: 99_900,
      day: { limitCents: 250_000, usedCents: 250_000, remainingCents: 0 },
      month: { limitCents: 1_000_000, usedCents: 250_000, remainingCents: 750_000 },
    });
    // Midnight in New York: a new day, though UTC was already on the 25th.
    t.now = new Date('2026-11-25T05:00:00Z');
    expect((await send(10)).statusCode).toBe(201);
  });

  it('counts the month in US Eastern time', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 1_200_000),
      await verifiedUser(t.app, t.db),
    ];
    const send = (amountUsd: number) =>
      moneyPost(t.app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd,
      });
    for (let day = 1; day <= 5; day++) {
      t.now = new Date(`2026-12-0${day}T15:00:00Z`);
      expect((await send(999)).statusCode).toBe(201);
      expect((await send(999)).statusCode).toBe(201);
    }
    t.now = new Date('2026-12-31T15:00:00Z');
    const over = await send(10.01);
    expect(over.json().error.details).toEqual({
      limit: 'monthly',
      limitCents: 1_000_000,
      remainingCents: 1000,
    });
    expect(over.json().message).toBe(
      'This is over your monthly limit of $10,000.00. You can still send $10.00 this month.',
    );
    expect((await send(10)).statusCode).toBe(201);
    // 23:59 on Dec 31 in New York is still December; 00:00 on Jan 1 is a new month.
    t.now = new Date('2027-01-01T04:59:00Z');
    expect((await send(1)).statusCode).toBe(422);
    t.now = new Date('2027-01-01T05:00:00Z');
    expect((await send(1)).statusCode).toBe(201);
    t.now = new Date('2026-11-20T15:00:00Z');
  });

  // On the real clock: each request reads its own time, so a send that started later may commit
  // first. A frozen clock gives every request the same instant and hides that race.
  it('lets exactly 2 of many parallel $999.00 sends through in one day, on the real clock', async () => {
    const realClockApp = await buildTestApp(t.db);
    const easternDay = () =>
      new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    try {
      for (let round = 0; round < 6; round++) {
        const [ana, beto] = [
          await verifiedUser(realClockApp, t.db, 500_000),
          await verifiedUser(realClockApp, t.db),
        ];
        const day = easternDay();
        const responses = await Promise.all(
          Array.from({ length: 40 }, () =>
            moneyPost(realClockApp, ana, '/api/transactions/send', {
              recipientName: beto.phone,
              recipientCountry: 'MX',
              amountUsd: 999,
            }),
          ),
        );
        // A round across midnight in New York spans two days, where 4 may pass: run another.
        if (easternDay() !== day) continue;
        expect(await balanceOf(realClockApp, beto)).toBeLessThanOrEqual(250_000);
        expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
        expect(
          responses
            .filter((r) => r.statusCode !== 201)
            .every((r) => r.statusCode === 422 && r.json().error.details.limit === 'daily'),
        ).toBe(true);
      }
    } finally {
      await realClockApp.close();
    }
  });
});

describe('concurrency', () => {
  it('lets exactly 50 of 200 parallel $10.00 transfers through from a wallet of $500.00', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        moneyPost(t.app, ana, '/api/transactions/send', {
          recipientName: beto.phone,
          recipientCountry: 'MX',
          amountUsd: 10,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(50);
    expect(
      responses
        .filter((r) => r.statusCode === 422)
        .every((r) => r.json().error.code === 'insufficient_funds'),
    ).toBe(true);
    // Load shedding may still answer 503 for up to a health-check interval after the burst (190
    // requests waited for a connection): poll until it reads.
    await expect.poll(() => balanceOf(t.app, ana)).toBe(0);
    expect(await balanceOf(t.app, beto)).toBe(50_000);
  });

  it('never deadlocks with transfers in both directions between two wallets', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 20_000),
      await verifiedUser(t.app, t.db, 20_000),
    ];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? moneyPost(t.app, ana, '/api/transactions/send', {
              recipientName: beto.phone,
              recipientCountry: 'MX',
              amountUsd: 1,
            })
          : moneyPost(t.app, beto, '/api/transactions/send', {
              recipientName: ana.phone,
              recipientCountry: 'MX',
              amountUsd: 1,
            }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect((await balanceOf(t.app, ana)) + (await balanceOf(t.app, beto))).toBe(40_000);
  });
});

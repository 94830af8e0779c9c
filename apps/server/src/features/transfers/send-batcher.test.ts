import { createHash, randomUUID } from 'node:crypto';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
import { hashToken, PAYEE_LOOKUP_RULES } from '../accounts/accounts.service';
import { createSendBatcher } from './send-batcher';
import type { SendInput } from './transfers.repository';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));

/** The answer's slots as the service writes them: JSON strings holding a NUL. */
const SLOTS = ['\u0000id', '\u0000to', '\u0000name', '\u0000username'].map((slot) =>
  JSON.stringify(slot),
);

/** A send as the service builds it, with an answer that shows what the statement filled in. */
function send(from: MoneyUser, phone: string, amountCents: number, key: string, body = 'a') {
  return {
    userId: from.id as string | null,
    tokenHash: null as Buffer | null,
    key,
    requestHash: createHash('sha256').update(body).digest(),
    phone,
    country: 'MX',
    amountCents,
    speed: null,
    quoteId: null,
    metadata: { recipientPhone: phone, recipientCountry: 'MX' },
    now: new Date(),
    limits: TRANSFER_LIMITS,
    statusCode: 201,
    answer: `{"id":${SLOTS[0]},"to":${SLOTS[1]}}`,
    slots: SLOTS,
    ip: '203.0.113.7',
  } satisfies SendInput;
}

/**
 * Every user's name screened, as the screening job leaves a clean name: the statement sends only
 * between screened parties (P2011 otherwise; the service screens first, see the last test).
 */
async function allScreened() {
  await sql`update users set sanctions_name_changed_at = null`.execute(t.db);
}

/** Each promise's outcome: its answer, or the SQLSTATE it was refused with. */
function outcomes(promises: Promise<unknown>[]) {
  return Promise.all(
    promises.map((promise) =>
      promise.then(
        (answer) => ({ answer }),
        (error: { code?: string }) => ({ refused: error.code }),
      ),
    ),
  );
}

describe('sends in batches', () => {
  it('runs a tick of sends as one transaction, each with the outcome it has alone', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const [beto, carla] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    await allScreened();
    const batcher = createSendBatcher(t.db, {
      sessionIdleMinutes: 30,
      lookupRules: PAYEE_LOOKUP_RULES,
    });
    const [k1, k2] = [randomUUID(), randomUUID()];
    const results = await outcomes([
      batcher.send(send(ana, beto.phone, 3000, k1)),
      // The same key and body again, in the same batch: the first's answer.
      batcher.send(send(ana, beto.phone, 3000, k1)),
      // The same key with another body: refused as a reused key.
      batcher.send(send(ana, beto.phone, 3000, k1, 'b')),
      batcher.send(send(ana, carla.phone, 5000, k2)),
      // $20.00 left: refused for funds, and its own writes only are undone.
      batcher.send(send(ana, beto.phone, 3000, randomUUID())),
      // No Pago user has this phone: no answer, the caller sends it another way.
      batcher.send(send(ana, nextUsPhone(), 100, randomUUID())),
      batcher.send(send(ana, ana.phone, 100, randomUUID())),
      // Money beto received earlier in this same batch is his to send.
      batcher.send(send(beto, carla.phone, 1000, randomUUID())),
    ]);

    const first = results[0] as {
      answer: { userId: string; stored: { status_code: number; response: string } };
    };
    expect(first.answer.userId).toBe(ana.id);
    expect(first.answer.stored.status_code).toBe(201);
    const { id, to } = JSON.parse(first.answer.stored.response);
    expect(to).toBe(beto.id);
    expect(results[1]).toEqual(first);
    expect(results.slice(2).map((r) => ('refused' in r ? r.refused : 'answer'))).toEqual([
      'P2005',
      'answer',
      'P2001',
      'answer',
      'P2006',
      'answer',
    ]);
    expect(results[5]).toEqual({ answer: { userId: ana.id, stored: undefined } });

    // One statement carried all eight.
    expect(batcher.counts()).toEqual({ statements: 1, sends: 8 });
    const transfers = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers
      where kind = 'p2p' and user_id in (${ana.id}, ${beto.id})`.execute(t.db);
    expect(transfers.rows[0]?.n).toBe(3);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balanceOf(t.app, ana)).toBe(2000);
    expect(await balanceOf(t.app, beto)).toBe(2000);
    expect(await balanceOf(t.app, carla)).toBe(6000);
  });

  it('announces the receivers’ notifications after a statement that sent money, and only then', async () => {
    const ana = await verifiedUser(t.app, t.db, 1_000);
    const beto = await verifiedUser(t.app, t.db);
    await allScreened();
    let announced = 0;
    const batcher = createSendBatcher(t.db, {
      sessionIdleMinutes: 30,
      lookupRules: PAYEE_LOOKUP_RULES,
      afterSent: () => {
        announced += 1;
      },
    });
    // Refused for funds: nothing committed, nothing to announce.
    expect(await outcomes([batcher.send(send(ana, beto.phone, 5_000, randomUUID()))])).toEqual([
      { refused: 'P2001' },
    ]);
    expect(announced).toBe(0);
    await batcher.send(send(ana, beto.phone, 300, randomUUID()));
    expect(announced).toBe(1);
  });

  it('checks the session of a send that names its sender by token, and sends only for a live, verified one', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const unverified = await signUp(t.app, { phone: nextUsPhone() });
    await allScreened();
    const bySession = (user: { token: string }, input: SendInput) => ({
      ...input,
      userId: null,
      tokenHash: hashToken(user.token),
    });
    const batcher = createSendBatcher(t.db, {
      sessionIdleMinutes: 30,
      lookupRules: PAYEE_LOOKUP_RULES,
    });
    const [sent, unknown, notVerified] = await Promise.all([
      batcher.send(bySession(ana, send(ana, beto.phone, 1000, randomUUID()))),
      batcher.send(bySession({ token: 'x'.repeat(43) }, send(ana, beto.phone, 1000, randomUUID()))),
      batcher.send(bySession(unverified, send(ana, beto.phone, 1000, randomUUID()))),
    ]);
    expect(batcher.counts()).toEqual({ statements: 1, sends: 3 });
    expect(sent?.userId).toBe(ana.id);
    expect(sent?.stored?.status_code).toBe(201);
    // Refused sessions: nothing done for them.
    expect(unknown).toEqual({ userId: null, stored: undefined });
    expect(notVerified).toEqual({ userId: null, stored: undefined });
    expect(await balanceOf(t.app, ana)).toBe(9000);
    expect(await balanceOf(t.app, beto)).toBe(1000);
  });

  it('runs each send alone when the batch fails whole, and only the failing one fails', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    await allScreened();
    // A serialization failure ends a whole batch (not one item): so does this trigger, for 42.42.
    await sql`
      create function fail_batch_for_test() returns trigger language plpgsql as $$
      begin
        if new.amount_cents = 4242 then
          raise exception 'could not serialize' using errcode = '40001';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`
      create trigger fail_batch_for_test before insert on ledger_transfers
      for each row execute function fail_batch_for_test()`.execute(t.db);
    try {
      const batcher = createSendBatcher(t.db, {
        sessionIdleMinutes: 30,
        lookupRules: PAYEE_LOOKUP_RULES,
      });
      const results = await outcomes([
        batcher.send(send(ana, beto.phone, 1000, randomUUID())),
        batcher.send(send(ana, beto.phone, 4242, randomUUID())),
        batcher.send(send(ana, beto.phone, 2000, randomUUID())),
      ]);
      expect(results.map((r) => ('refused' in r ? r.refused : r.answer && 201))).toEqual([
        201,
        '40001',
        201,
      ]);
    } finally {
      await sql`drop trigger fail_batch_for_test on ledger_transfers`.execute(t.db);
      await sql`drop function fail_batch_for_test()`.execute(t.db);
    }
    expect(await balanceOf(t.app, ana)).toBe(7000);
    expect(await balanceOf(t.app, beto)).toBe(3000);
  });

  it('answers concurrent HTTP sends between many wallets exactly, in every direction', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => verifiedUser(t.app, t.db, 1500)),
    );
    // Each sends $1.00 to each other one, 3 times: 90 sends, every balance back where it started.
    const responses = await Promise.all(
      users.flatMap((from) =>
        users
          .filter((to) => to !== from)
          .flatMap((to) =>
            Array.from({ length: 3 }, () =>
              moneyPost(t.app, from, '/api/transactions/send', {
                recipientName: to.phone,
                recipientCountry: 'MX',
                amountUsd: 1,
              }),
            ),
          ),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((code) => code !== 201)).toEqual([]);
    for (const user of users) expect(await balanceOf(t.app, user)).toBe(1500);
  });

  it('answers who you are before what you sent, though the send checks the session itself', async () => {
    const ana = await verifiedUser(t.app, t.db, 1000);
    const beto = await verifiedUser(t.app, t.db);
    const unverified = await signUp(t.app, { phone: nextUsPhone() });
    const expired = await verifiedUser(t.app, t.db, 1000);
    await sql`update sessions set revoked_at = now() where user_id = ${expired.id}`.execute(t.db);
    const valid = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 1 };
    const invalid = { recipientName: beto.phone, amountUsd: 'one' };
    const post = (user: { token: string }, payload: object, key: string | null = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/transactions/send',
        headers: { ...bearer(user.token), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    const code = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await response;
      return [r.statusCode, (r.json() as { error: { code: string } }).error?.code];
    };
    expect(await code(post(expired, valid))).toEqual([401, 'unauthorized']);
    expect(await code(post(expired, invalid))).toEqual([401, 'unauthorized']);
    expect(await code(post(expired, valid, null))).toEqual([401, 'unauthorized']);
    expect(await code(post(unverified, valid))).toEqual([403, 'identity_not_verified']);
    expect(await code(post(unverified, invalid))).toEqual([403, 'identity_not_verified']);
    expect(await code(post(ana, invalid))).toEqual([400, 'validation_failed']);
    expect(await code(post(ana, valid, null))).toEqual([400, 'idempotency_key_required']);
    expect(await code(post({ token: 'short' }, valid))).toEqual([401, 'unauthorized']);
    expect((await post(ana, valid)).statusCode).toBe(201);
    expect(await balanceOf(t.app, beto)).toBe(100);
  });

  it('leaves a send whose party awaits screening to the service, which screens first', async () => {
    const ana = await verifiedUser(t.app, t.db, 1000);
    const beto = await verifiedUser(t.app, t.db);
    await allScreened();
    // Beto changed his name: it awaits screening.
    await sql`update users set sanctions_name_changed_at = now() where id = ${beto.id}`.execute(
      t.db,
    );
    const batcher = createSendBatcher(t.db, {
      sessionIdleMinutes: 30,
      lookupRules: PAYEE_LOOKUP_RULES,
    });
    const key = randomUUID();
    expect(await outcomes([batcher.send(send(ana, beto.phone, 100, key))])).toEqual([
      { refused: 'P2011' },
    ]);
    const { rows: keys } = await sql`
      select 1 from idempotency_keys where user_id = ${ana.id} and key = ${key}`.execute(t.db);
    expect(keys).toEqual([]);
    expect(await balanceOf(t.app, beto)).toBe(0);

    // Over HTTP the service screens his name, then the statement sends it.
    const response = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(await balanceOf(t.app, beto)).toBe(100);
    const { rows } = await sql<{ changed: Date | null }>`
      select sanctions_name_changed_at as changed from users where id = ${beto.id}`.execute(t.db);
    expect(rows).toEqual([{ changed: null }]);
  });
});

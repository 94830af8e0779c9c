import { createHash, randomUUID } from 'node:crypto';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
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
    userId: from.id,
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
  } satisfies SendInput;
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
    const batcher = createSendBatcher(t.db);
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

    const first = results[0] as { answer: { status_code: number; response: string } };
    expect(first.answer.status_code).toBe(201);
    const { id, to } = JSON.parse(first.answer.response);
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
    expect(results[5]).toEqual({ answer: undefined });

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

  it('runs each send alone when the batch fails whole, and only the failing one fails', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
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
      const batcher = createSendBatcher(t.db);
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
});

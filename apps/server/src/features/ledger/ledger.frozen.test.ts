import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

// The freeze read from the sender's wallet row that ledger_post locks (migration 0057), not from
// a `users` look-up by a trigger on every transfer. features/ops/freeze-guard.test.ts holds the
// HTTP behaviour (423 account_frozen); these hold the copy and the kinds.
let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db, { logLevel: 'error' });
});
afterAll(() => app.close());

const setFrozen = (userId: string, frozen: boolean) =>
  (frozen
    ? sql`update users set frozen_at = now(), frozen_reason = 'review' where id = ${userId}`
    : sql`update users set frozen_at = null, frozen_reason = null where id = ${userId}`
  ).execute(db);

const walletFrozen = async (userId: string) =>
  (
    await sql<{
      frozen: boolean;
    }>`select frozen from ledger_accounts where user_id = ${userId}`.execute(db)
  ).rows.map((r) => r.frozen);

/** One unit from `from`'s wallet to `to`'s, of `kind` and `status`, by ledger_post directly. */
function post(kind: string, status: string, from: string, to: string) {
  return sql`
    select id from ledger_post(${kind}, ${status}, ${from}, ${to}, 1, 0, false, null, '{}'::jsonb,
      null, now(), ${JSON.stringify([
        { user_id: from, amount: -1 },
        { user_id: to, amount: 1 },
      ])}::jsonb, ${JSON.stringify(TRANSFER_LIMITS)}::jsonb)`.execute(db);
}

const sqlState = (p: Promise<unknown>) =>
  p.then(
    () => 'posted',
    (e: { code?: string }) => e.code,
  );

describe('the freeze on the wallet row', () => {
  it('follows the person: frozen and unfrozen, by whoever updates users', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    expect(await walletFrozen(ana.id)).toEqual([false]);
    await setFrozen(ana.id, true);
    expect(await walletFrozen(ana.id)).toEqual([true]);
    await setFrozen(ana.id, false);
    expect(await walletFrozen(ana.id)).toEqual([false]);
  });

  it('refuses every outgoing kind of a frozen sender and posts money in, clearings and refunds', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    const beto = await verifiedUser(app, db, 1_000);
    await setFrozen(ana.id, true);
    for (const kind of [
      'p2p',
      'request_payment',
      'remittance',
      'bill_payment',
      'bank_withdrawal',
    ]) {
      expect([kind, await sqlState(post(kind, 'completed', ana.id, beto.id))]).toEqual([
        kind,
        'P2010',
      ]);
    }
    expect(await sqlState(post('card_purchase', 'processing', ana.id, beto.id))).toBe('P2010');
    // The network's clearing of an authorization approved before the freeze still posts.
    expect(await sqlState(post('card_purchase', 'completed', ana.id, beto.id))).toBe('posted');
    // Money in still lands.
    expect(await sqlState(post('p2p', 'completed', beto.id, ana.id))).toBe('posted');
    await setFrozen(ana.id, false);
    expect(await sqlState(post('p2p', 'completed', ana.id, beto.id))).toBe('posted');
  });

  it('is copied to a wallet opened after the freeze', async () => {
    const ana = await verifiedUser(app, db, 1_000);
    const nuevo = await verifiedUser(app, db);
    await sql`delete from ledger_accounts where user_id = ${nuevo.id} and balance_cents = 0
      and not exists (select 1 from ledger_entries e where e.account_id = ledger_accounts.id)`.execute(
      db,
    );
    expect(await walletFrozen(nuevo.id)).toEqual([]);
    await setFrozen(nuevo.id, true);
    expect(await sqlState(post('p2p', 'completed', ana.id, nuevo.id))).toBe('posted');
    expect(await walletFrozen(nuevo.id)).toEqual([true]);
    expect(await sqlState(post('p2p', 'completed', nuevo.id, ana.id))).toBe('P2010');
  });

  it('reads no users row through a trigger on ledger_transfers any more', async () => {
    const { rows } = await sql<{ name: string }>`
      select tgname as name from pg_trigger
      where tgrelid = 'ledger_transfers'::regclass and not tgisinternal`.execute(db);
    expect(rows.map((r) => r.name)).not.toContain('ledger_transfers_frozen_guard');
  });
});

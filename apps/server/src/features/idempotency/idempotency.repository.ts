import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Claims (user, key), with its answer when it is already known (else a reservation the same
 * transaction completes); undefined when the row exists already (a replay, or a concurrent twin).
 */
export async function insertKey(
  tx: Database,
  row: {
    userId: string;
    key: string;
    requestHash: Buffer;
    stored?: { statusCode: number; body: string };
  },
) {
  const inserted = await sql<{ key: string }>`
    insert into idempotency_keys (user_id, key, request_hash, status_code, response)
    values (${row.userId}, ${row.key}, ${row.requestHash}, ${row.stored?.statusCode ?? 0},
      ${row.stored?.body ?? ''})
    on conflict do nothing returning key`.execute(tx);
  return inserted.rows[0];
}

/** The row under (user, key): its request, status (0: reserved, still under way) and answer. */
function keyRow(db: Database, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key);
}

export const getStoredResponse = (tx: Database, userId: string, key: string) =>
  keyRow(tx, userId, key).executeTakeFirstOrThrow();

/** The row under (user, key), if any. */
export const findStoredResponse = (db: Database, userId: string, key: string) =>
  keyRow(db, userId, key).executeTakeFirst();

/** The row under (user, key), locked: whoever settles a reserved request holds it. */
export const lockStoredResponse = (tx: Database, userId: string, key: string) =>
  keyRow(tx, userId, key).forUpdate().executeTakeFirst();

export async function storeResponse(
  tx: Database,
  userId: string,
  key: string,
  stored: { statusCode: number; body: string },
) {
  await tx
    .updateTable('idempotency_keys')
    .set({ status_code: stored.statusCode, response: stored.body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** The money work's savepoint: a refusal rolls back to it and keeps the key row. */
export async function markMoneyWork(tx: Database) {
  await sql`savepoint money_work`.execute(tx);
}

export async function undoMoneyWork(tx: Database) {
  await sql`rollback to savepoint money_work`.execute(tx);
}

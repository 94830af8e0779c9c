import { sql } from 'kysely';
import type { Database } from '../../db/database';

export async function countEventsSince(
  db: Database,
  key: string,
  seconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function oldestEventSince(
  db: Database,
  key: string,
  seconds: number,
): Promise<Date | null> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.min('at').as('oldest'))
    .where('key', '=', key)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return row?.oldest ?? null;
}

export async function insertEvent(db: Database, key: string): Promise<void> {
  await db.insertInto('rate_limit_events').values({ key }).execute();
}

export async function deleteEvents(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('key', '=', key).execute();
}

/** Counters only matter within their window; the longest window we use is a day. */
export async function pruneEvents(db: Database): Promise<void> {
  await db
    .deleteFrom('rate_limit_events')
    .where('at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

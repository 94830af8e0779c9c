import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type TakeResult = {
  allowed: boolean;
  /** The counted events of the window after this attempt, oldest first. */
  hits: Date[];
  /** This attempt's time as PostgreSQL prints it (microseconds, which a Date would lose). */
  at: string;
  /** The same in milliseconds. */
  atMs: Date;
};

/**
 * One statement: drops the events that left the window, and records one more only if fewer than
 * `limit` remain. ON CONFLICT DO UPDATE locks the key's row and evaluates against its newest
 * version, so concurrent takes on one key are serialized and never pass the same count.
 */
export async function takeHit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<TakeResult> {
  const since = sql`statement_timestamp() - make_interval(secs => ${windowSeconds})`;
  const recent = sql`rate_limit_recent(r.hits, ${since})`;
  const result = await sql<TakeResult>`
    insert into rate_limits as r (key, hits, allowed, updated_at)
    values (
      ${key},
      case when ${limit} > 0 then array[statement_timestamp()] else '{}'::timestamptz[] end,
      ${limit} > 0,
      statement_timestamp()
    )
    on conflict (key) do update set
      allowed = cardinality(${recent}) < ${limit},
      hits = ${recent} || case when cardinality(${recent}) < ${limit}
        then array[statement_timestamp()] else '{}'::timestamptz[] end,
      updated_at = statement_timestamp()
    returning allowed, hits, statement_timestamp()::text as at, statement_timestamp() as "atMs"`.execute(
    db,
  );
  const row = result.rows[0];
  if (!row) throw new Error('rate limit take returned no row');
  return row;
}

/** Removes one recorded event (an attempt that turned out not to count). */
export async function removeHit(db: Database, key: string, at: string): Promise<void> {
  await sql`
    update rate_limits
    set hits = hits[:array_position(hits, ${at}::timestamptz) - 1]
      || hits[array_position(hits, ${at}::timestamptz) + 1:]
    where key = ${key} and array_position(hits, ${at}::timestamptz) is not null`.execute(db);
}

export async function deleteKey(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Counters only matter within their window; the longest window we use is a day. */
export async function pruneKeys(db: Database): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('updated_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

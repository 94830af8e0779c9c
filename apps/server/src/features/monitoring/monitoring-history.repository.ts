import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { NOT_SENT, OUTGOING_KINDS } from './monitoring.repository';

// What the rules sum over a person's history, summed by PostgreSQL: a sender of thousands of
// transfers costs the job an index scan and a few rows, never its whole history in JavaScript.

/** A transfer just under a line, or a US Eastern day whose outgoing total is. */
export type NearLine = { id: string; amountCents: number; lineCents: number };
export type NearDay = { day: string; totalCents: number; lineCents: number; ids: string[] };

/** The first line in `lines` that `cents` is just under (at most `nearPercent` below). */
function justUnder(cents: number, lines: number[], nearPercent: number): number | undefined {
  return lines.find((line) => cents < line && cents >= (line * (100 - nearPercent)) / 100);
}

/**
 * Structuring's figures over a person's outgoing transfers in [from, to] (all but failed): the
 * transfers each just under one of `transferLinesCents`, and the US Eastern days whose total is
 * just under one of `dayLinesCents`, oldest first. PostgreSQL sums the days and returns only the
 * transfers near a line; a day's transfer ids are read only when `minNearDays` days are near. A
 * sender of thousands of transfers a day costs one index scan, not its history in the job.
 */
export async function nearLines(
  db: Database,
  userId: string,
  from: Date,
  to: Date,
  th: {
    nearPercent: number;
    transferLinesCents: number[];
    dayLinesCents: number[];
    minNearDays: number;
  },
): Promise<{ transfers: NearLine[]; days: NearDay[] }> {
  const lines = th.transferLinesCents;
  // Only amounts that can be near some line come back (an empty range when there are no lines).
  const low = lines.length
    ? Math.floor(Math.min(...lines.map((l) => (l * (100 - th.nearPercent)) / 100)))
    : 0;
  const high = lines.length ? Math.max(...lines) : 0;
  // The person's outgoing transfers in the window: the figures and the near days' ids read these.
  const inWindow = sql`user_id = ${userId} and kind = any(${[...OUTGOING_KINDS]}::text[])
    and created_at >= ${from} and created_at <= ${to} and status <> 'failed'`;
  const { rows } = await sql<{ id: string | null; day: string | null; cents: string }>`
    with sent as (
      select id, amount_cents, created_at from ledger_transfers where ${inWindow}
    )
    select * from (
      select null::text as id, (created_at at time zone 'America/New_York')::date::text as day,
        sum(amount_cents) as cents, min(created_at) as at, '' as tie
      from sent group by 2
      union all
      select id::text, null, amount_cents, created_at, id::text from sent
      where amount_cents >= ${low} and amount_cents < ${high}
    ) figures order by at, tie`.execute(db);
  const transfers = rows.flatMap((r) => {
    const line = r.id === null ? undefined : justUnder(Number(r.cents), lines, th.nearPercent);
    return r.id === null || line === undefined
      ? []
      : [{ id: r.id, amountCents: Number(r.cents), lineCents: line }];
  });
  const days = rows.flatMap((r) => {
    const line =
      r.day === null ? undefined : justUnder(Number(r.cents), th.dayLinesCents, th.nearPercent);
    return r.day === null || line === undefined
      ? []
      : [{ day: r.day, totalCents: Number(r.cents), lineCents: line, ids: [] as string[] }];
  });
  if (days.length > 0 && days.length >= th.minNearDays) {
    const { rows: ids } = await sql<{ id: string; day: string }>`
      select id::text, (created_at at time zone 'America/New_York')::date::text as day
      from ledger_transfers
      where ${inWindow}
        and (created_at at time zone 'America/New_York')::date = any(${days.map((d) => d.day)}::date[])
      order by created_at, id`.execute(db);
    for (const row of ids) days.find((d) => d.day === row.day)?.ids.push(row.id);
  }
  return { transfers, days };
}

/** What a person sent (not failed or refunded) up to `to`, summed in SQL. */
export async function sentTotal(db: Database, userId: string, to: Date): Promise<number> {
  const { rows } = await sql<{ cents: string | null }>`
    select coalesce(sum(amount_cents), 0) as cents from ledger_transfers
    where user_id = ${userId} and kind = any(${[...OUTGOING_KINDS]}::text[])
      and created_at <= ${to} and status <> all(${[...NOT_SENT]}::text[])`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}

/** The ids of the last `limit` transfers a person sent up to `to`, oldest first. */
export async function lastSent(
  db: Database,
  userId: string,
  to: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', 'in', OUTGOING_KINDS)
    .where('created_at', '<=', to)
    .where('status', 'not in', NOT_SENT)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id).reverse();
}

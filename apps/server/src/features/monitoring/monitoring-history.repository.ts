import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { NOT_SENT, OUTGOING_KINDS } from './monitoring.repository';

// What the rules sum over a person's history, summed by PostgreSQL: a sender of thousands of
// transfers costs the job an index scan and a few rows, never its whole history in JavaScript.

/** A transfer just under a line, or a US Eastern day whose outgoing total is. */
export type NearLine = { id: string; amountCents: number; lineCents: number };
export type NearDay = { day: string; totalCents: number; lineCents: number; ids: string[] };

/**
 * Structuring's figures over a person's outgoing transfers in [from, to] (all but failed), summed
 * in SQL: the transfers each just under one of `transferLines` (at most `nearPercent` below; the
 * first such line in the list), and the US Eastern days whose total is just under one of
 * `dayLines`, with their transfers, oldest first. A sender of thousands of transfers a day costs
 * an index scan, not its history copied into the job.
 */
export async function nearLines(
  db: Database,
  userId: string,
  from: Date,
  to: Date,
  lines: { nearPercent: number; transferLinesCents: number[]; dayLinesCents: number[] },
): Promise<{ transfers: NearLine[]; days: NearDay[] }> {
  const { rows } = await sql<{
    id: string | null;
    day: string | null;
    cents: string;
    line: string;
    ids: string[] | null;
  }>`
    with sent as materialized (
      select id, amount_cents, created_at,
        to_char(created_at at time zone 'America/New_York', 'YYYY-MM-DD') as day
      from ledger_transfers
      where user_id = ${userId} and kind = any(${[...OUTGOING_KINDS]}::text[])
        and created_at >= ${from} and created_at <= ${to} and status <> 'failed'
    ), days as (
      select day, sum(amount_cents) as total, min(created_at) as first_at,
        array_agg(id::text order by created_at, id) as ids
      from sent group by day
    )
    select * from (
      select s.id::text as id, null as day, s.amount_cents::numeric as cents, l.line,
        null::text[] as ids, s.created_at as at, s.id::text as tie
      from sent s cross join lateral (
        select x.line from unnest(${lines.transferLinesCents}::bigint[]) with ordinality x(line, n)
        where s.amount_cents < x.line
          and s.amount_cents >= x.line * (100 - ${lines.nearPercent}::numeric) / 100
        order by x.n limit 1
      ) l
      union all
      select null, d.day, d.total, l.line, d.ids, d.first_at, d.day
      from days d cross join lateral (
        select x.line from unnest(${lines.dayLinesCents}::bigint[]) with ordinality x(line, n)
        where d.total < x.line and d.total >= x.line * (100 - ${lines.nearPercent}::numeric) / 100
        order by x.n limit 1
      ) l
    ) near order by at, tie`.execute(db);
  return {
    transfers: rows.flatMap((r) =>
      r.id === null ? [] : [{ id: r.id, amountCents: Number(r.cents), lineCents: Number(r.line) }],
    ),
    days: rows.flatMap((r) =>
      r.day === null
        ? []
        : [
            {
              day: r.day,
              totalCents: Number(r.cents),
              lineCents: Number(r.line),
              ids: r.ids ?? [],
            },
          ],
    ),
  };
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

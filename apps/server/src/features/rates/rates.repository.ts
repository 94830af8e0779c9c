import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { RateOrderStatus } from '../../db/schema';

export async function insertSample(
  db: Database,
  sample: { currency: string; marketRate: string; customerRate: string; at: Date },
): Promise<void> {
  await db
    .insertInto('fx_rate_samples')
    .values({
      currency: sample.currency,
      market_rate: sample.marketRate,
      customer_rate: sample.customerRate,
      sampled_at: sample.at,
    })
    .execute();
}

export type LatestSample = { currency: string; rate: string; marketRate: string; sampledAt: Date };

/** The latest sample of each of `currencies` (those never sampled are absent). */
export async function latestSamples(
  db: Database,
  currencies: readonly string[],
): Promise<Map<string, LatestSample>> {
  if (currencies.length === 0) return new Map();
  const { rows } = await sql<{
    currency: string;
    customer_rate: string;
    market_rate: string;
    sampled_at: Date;
  }>`
    select c.currency, s.customer_rate::text, s.market_rate::text, s.sampled_at
    from unnest(${sql.val([...currencies])}::text[]) as c (currency)
    cross join lateral (
      select customer_rate, market_rate, sampled_at from fx_rate_samples f
      where f.currency = c.currency order by sampled_at desc, id desc limit 1
    ) s`.execute(db);
  return new Map(
    rows.map((r) => [
      r.currency,
      {
        currency: r.currency,
        rate: r.customer_rate,
        marketRate: r.market_rate,
        sampledAt: r.sampled_at,
      },
    ]),
  );
}

/** One point per US Eastern day of the last `days` with samples: the day's last, low and high. */
export async function dailyPoints(db: Database, currency: string, now: Date, days: number) {
  const { rows } = await sql<{
    date: string;
    rate: string;
    market_rate: string;
    low: string;
    high: string;
  }>`
    with s as (
      select (sampled_at at time zone 'America/New_York')::date as day, customer_rate,
        market_rate, sampled_at, id
      from fx_rate_samples
      where currency = ${currency}
        and sampled_at <= ${now}::timestamptz
        and (sampled_at at time zone 'America/New_York')::date
          > (${now}::timestamptz at time zone 'America/New_York')::date - ${days}::int
    )
    select to_char(day, 'YYYY-MM-DD') as date,
      (array_agg(customer_rate order by sampled_at desc, id desc))[1]::text as rate,
      (array_agg(market_rate order by sampled_at desc, id desc))[1]::text as market_rate,
      min(customer_rate)::text as low, max(customer_rate)::text as high
    from s group by day order by day`.execute(db);
  return rows;
}

/** Currencies an alert or a waiting rate order watches. */
export async function watchedCurrencies(db: Database): Promise<string[]> {
  const { rows } = await sql<{ currency: string }>`
    select currency from rate_alerts where deleted_at is null
    union select currency from rate_orders where status = 'waiting'`.execute(db);
  return rows.map((r) => r.currency);
}

// Rate alerts.

export type AlertRow = {
  id: string;
  user_id: string;
  currency: string;
  target_rate: string;
  created_at: Date;
  last_fired_on: string | null;
};

const alertColumns = sql`a.id, a.user_id, a.currency, a.target_rate::text as target_rate, a.created_at,
  (select to_char(max(f.day), 'YYYY-MM-DD') from rate_alert_fires f where f.alert_id = a.id) as last_fired_on`;

export async function listAlerts(db: Database, userId: string): Promise<AlertRow[]> {
  const { rows } = await sql<AlertRow>`
    select ${alertColumns} from rate_alerts a
    where a.user_id = ${userId} and a.deleted_at is null order by a.created_at desc, a.id`.execute(
    db,
  );
  return rows;
}

export async function countAlerts(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rate_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAlert(
  db: Database,
  alert: { userId: string; currency: string; targetRate: string },
): Promise<AlertRow> {
  const { id } = await db
    .insertInto('rate_alerts')
    .values({ user_id: alert.userId, currency: alert.currency, target_rate: alert.targetRate })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows } =
    await sql<AlertRow>`select ${alertColumns} from rate_alerts a where a.id = ${id}`.execute(db);
  return rows[0] as AlertRow;
}

/** Deletes the user's alert; false when it is not theirs or already gone. */
export async function deleteAlert(db: Database, userId: string, id: string, now: Date) {
  const done = await db
    .updateTable('rate_alerts')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Alerts on `currency` reached by `rate` that have not fired on the US Eastern day of `now`. */
export async function alertsToFire(db: Database, currency: string, rate: string, now: Date) {
  const { rows } = await sql<{ id: string; user_id: string; target_rate: string }>`
    select a.id, a.user_id, a.target_rate::text from rate_alerts a
    where a.currency = ${currency} and a.deleted_at is null and a.target_rate <= ${rate}::numeric
      and not exists (select 1 from rate_alert_fires f where f.alert_id = a.id
        and f.day = (${now}::timestamptz at time zone 'America/New_York')::date)`.execute(db);
  return rows;
}

/**
 * The claim that an alert fires today: true for the one caller that inserted the row (the
 * primary key is alert and day), in the transaction that also writes the notification.
 */
export async function claimFire(tx: Database, alertId: string, rate: string, now: Date) {
  const { rows } = await sql<{ alert_id: string }>`
    insert into rate_alert_fires (alert_id, day, rate, fired_at)
    select ${alertId}, (${now}::timestamptz at time zone 'America/New_York')::date, ${rate}::numeric, ${now}
    where exists (select 1 from rate_alerts where id = ${alertId} and deleted_at is null)
    on conflict do nothing returning alert_id`.execute(tx);
  return rows.length === 1;
}

// Rate orders.

export type OrderRow = {
  id: string;
  user_id: string;
  recipient_id: string;
  recipient_name: string;
  currency: string;
  amount_cents: number;
  held_cents: number;
  speed: 'standard' | 'express';
  target_rate: string;
  last_date: string;
  at_last_date: 'send' | 'cancel';
  status: RateOrderStatus;
  hold_transfer_id: string;
  sent_transfer_id: string | null;
  sent_rate: string | null;
  failure_reason: string | null;
  created_at: Date;
  finished_at: Date | null;
  /** The order's last date has come (US Eastern), as of the query's `now`. */
  last_day_reached: boolean;
};

const orderColumns = (now: Date) => sql`o.id, o.user_id, o.recipient_id,
  o.recipient_name, o.currency, o.amount_cents,
  o.held_cents, o.speed, o.target_rate::text as target_rate,
  to_char(o.last_date, 'YYYY-MM-DD') as last_date, o.at_last_date, o.status, o.hold_transfer_id,
  o.sent_transfer_id, o.sent_rate::text as sent_rate, o.failure_reason, o.created_at,
  o.finished_at,
  o.last_date <= (${now}::timestamptz at time zone 'America/New_York')::date as last_day_reached`;

export async function listOrders(db: Database, userId: string, now: Date): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select ${orderColumns(now)} from rate_orders o
    where o.user_id = ${userId} order by o.created_at desc, o.id limit 100`.execute(db);
  return rows;
}

/** One order, locked for update when `lock` (in the caller's transaction). */
export async function findOrder(
  db: Database,
  id: string,
  now: Date,
  opts: { userId?: string; lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const { rows } = await sql<OrderRow>`
    select ${orderColumns(now)} from rate_orders o
    where o.id = ${id}
      ${opts.userId ? sql`and o.user_id = ${opts.userId}` : sql``}
    ${opts.lock ? sql`for update of o` : sql``}`.execute(db);
  return rows[0];
}

/** Waiting orders due a look: their currency's rate reached their target, or their last day came. */
export async function dueOrders(db: Database, now: Date, limit = 50): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select ${orderColumns(now)} from rate_orders o
    left join lateral (
      select customer_rate from fx_rate_samples f where f.currency = o.currency
      order by sampled_at desc, id desc limit 1
    ) s on true
    where o.status = 'waiting'
      and (s.customer_rate >= o.target_rate
        or o.last_date <= (${now}::timestamptz at time zone 'America/New_York')::date)
    order by o.created_at limit ${limit}`.execute(db);
  return rows;
}

export async function sumWaiting(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rate_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('held_cents'), sql<string>`0`).as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(
  tx: Database,
  order: {
    id: string;
    userId: string;
    recipientId: string;
    recipientName: string;
    currency: string;
    amountCents: number;
    heldCents: number;
    speed: 'standard' | 'express';
    targetRate: string;
    lastDate: string;
    atLastDate: 'send' | 'cancel';
    holdTransferId: string;
  },
): Promise<void> {
  await tx
    .insertInto('rate_orders')
    .values({
      id: order.id,
      user_id: order.userId,
      recipient_id: order.recipientId,
      recipient_name: order.recipientName,
      currency: order.currency,
      amount_cents: order.amountCents,
      held_cents: order.heldCents,
      speed: order.speed,
      target_rate: order.targetRate,
      last_date: order.lastDate,
      at_last_date: order.atLastDate,
      hold_transfer_id: order.holdTransferId,
    })
    .execute();
}

/** Closes a waiting order (the caller holds its row lock). */
export async function finishOrder(
  tx: Database,
  id: string,
  end: {
    status: Exclude<RateOrderStatus, 'waiting'>;
    releaseTransferId: string;
    sentTransferId?: string | null;
    sentRate?: string | null;
    failureReason?: string | null;
    now: Date;
  },
): Promise<void> {
  await tx
    .updateTable('rate_orders')
    .set({
      status: end.status,
      release_transfer_id: end.releaseTransferId,
      sent_transfer_id: end.sentTransferId ?? null,
      sent_rate: end.sentRate ?? null,
      failure_reason: end.failureReason ?? null,
      finished_at: end.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * "Colecta": siblings chip in toward one transfer home (issue 29 part 5, docs/colectas.md).
 * - `colectas`: one collection, its organiser, target, saved recipient (a snapshot of the name
 *   and country its members see) and date; `collected_cents` is what its held contributions add
 *   up to, kept under the row's lock; `transfer_id` the one remittance, once sent;
 * - `colecta_members`: the organiser and each person invited (who may see and contribute);
 * - `colecta_contributions`: each contribution, `held` until it is sent (moved to the
 *   organiser's wallet for the remittance) or released (given back); `settled_transfer_id` is
 *   the transfer that did either, and a contribution leaves `held` once (the claim);
 * - the `colecta_holding` account (Pago's) where the held money sits, and the transfer kinds
 *   `colecta_contribution` (wallet → holding), `colecta_release` (holding → the contributor's
 *   wallet) and `colecta_collected` (holding → the organiser's wallet, right before the send).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The kinds join whatever list the constraint holds when this runs (see migration 0055).
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'ledger_transfers_kind_check'`.execute(db);
  const kinds = [...(rows[0]?.def ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] as string);
  if (kinds.length === 0) throw new Error('ledger_transfers_kind_check not found');
  const list = [
    ...new Set([...kinds, 'colecta_contribution', 'colecta_release', 'colecta_collected']),
  ]
    .map((k) => `'${k}'`)
    .join(', ');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_kind_check
    check (kind in (${sql.raw(list)}))`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('colecta_holding')`.execute(db);

  await sql`
    create table colectas (
      id uuid primary key default gen_random_uuid(),
      organiser_id uuid not null references users (id),
      recipient_id uuid not null references remittance_recipients (id),
      recipient_name text not null,
      recipient_country text not null,
      title text not null check (length(btrim(title)) between 1 and 80),
      target_cents bigint not null check (target_cents > 0),
      collected_cents bigint not null default 0 check (collected_cents >= 0),
      send_by text not null check (send_by ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      speed text not null check (speed in ('standard', 'express')),
      status text not null default 'open' check (status in ('open', 'sent', 'cancelled')),
      cancelled_reason text check (cancelled_reason in ('organiser', 'expired')),
      transfer_id uuid unique references ledger_transfers (id),
      last_send_error text,
      -- The automatic send (target reached) is tried once; after a failure the organiser sends.
      auto_send_failed boolean not null default false,
      delivery_notified boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint colectas_sent_has_transfer check ((status = 'sent') = (transfer_id is not null)),
      constraint colectas_cancel_reason check ((status = 'cancelled') = (cancelled_reason is not null))
    )`.execute(db);
  await sql`create index colectas_open on colectas (send_by) where status = 'open'`.execute(db);
  await sql`create index colectas_sent_undelivered on colectas (created_at)
    where status = 'sent' and not delivery_notified`.execute(db);

  await sql`
    create table colecta_members (
      colecta_id uuid not null references colectas (id),
      user_id uuid not null references users (id),
      role text not null check (role in ('organiser', 'invited')),
      created_at timestamptz not null default now(),
      primary key (colecta_id, user_id)
    )`.execute(db);
  await sql`create index colecta_members_user on colecta_members (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table colecta_contributions (
      id uuid primary key default gen_random_uuid(),
      colecta_id uuid not null references colectas (id),
      user_id uuid not null references users (id),
      amount_cents bigint not null check (amount_cents > 0),
      hold_transfer_id uuid not null unique references ledger_transfers (id),
      status text not null default 'held' check (status in ('held', 'sent', 'released')),
      settled_transfer_id uuid references ledger_transfers (id),
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint colecta_contributions_settled check ((status = 'held') = (settled_transfer_id is null)),
      foreign key (colecta_id, user_id) references colecta_members (colecta_id, user_id)
    )`.execute(db);
  await sql`create index colecta_contributions_colecta on colecta_contributions (colecta_id)`.execute(
    db,
  );
  await sql`create index colecta_contributions_held on colecta_contributions (user_id)
    where status = 'held'`.execute(db);
  // A release gives back one contribution: one release transfer per contribution, ever.
  await sql`create unique index colecta_contributions_release on colecta_contributions (settled_transfer_id)
    where status = 'released'`.execute(db);
}

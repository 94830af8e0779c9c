import { type Kysely, sql } from 'kysely';

/**
 * Notifications, one per event and user. A notification row is its own outbox: it is
 * written in the transaction of the event (for money, by a trigger on the ledger transfer, so the
 * batched P2P send stays one statement), announced by NOTIFY (delivered by PostgreSQL only at
 * commit, never for a rolled-back one) and e-mailed by a job that takes `email_status = 'pending'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      type text not null,
      actor_id uuid references users(id) on delete set null,
      data jsonb not null default '{}',
      created_at timestamptz not null default now(),
      read_at timestamptz,
      email_status text not null default 'pending'
        check (email_status in ('pending', 'sent', 'skipped'))
    )`.execute(db);
  await sql`create index notifications_user_created on notifications (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_email_pending on notifications (created_at)
    where email_status = 'pending'`.execute(db);

  // The types whose e-mail the user turned off (absent: all on).
  await sql`
    create table notification_settings (
      user_id uuid primary key references users(id) on delete cascade,
      email_off text[] not null default '{}'
    )`.execute(db);

  // Single-use tickets for the live stream, which the browser's EventSource opens without headers:
  // each made by a signed-in call, stored hashed, good for a minute and for its session only.
  await sql`
    create table notification_stream_tickets (
      ticket_hash bytea primary key,
      user_id uuid not null references users(id) on delete cascade,
      session_hash bytea not null,
      expires_at timestamptz not null
    )`.execute(db);

  // Every process holding streams listens on this channel; the payload names user and row.
  // notifications_announce: db/functions/notifications_announce.sql.

  // Money events, from the ledger itself: whoever posts the transfer (ledger_post, the batched
  // transfer_send_batch) or moves its status writes its notification in the same transaction.
  // (A deposit return is told by the funding service, which knows whether it was asked for.)
  // notifications_from_transfer: db/functions/notifications_from_transfer.sql.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_stream_tickets`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`drop table notifications`.execute(db);
}

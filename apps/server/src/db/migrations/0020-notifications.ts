import { type Kysely, sql } from 'kysely';

/**
 * Issue 14: notifications, one per event and user. A notification row is its own outbox: it is
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
  await sql`
    create function notifications_announce() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pago_notifications', NEW.user_id::text || ':' || NEW.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notifications_announce after insert on notifications
      for each row execute function notifications_announce()`.execute(db);

  // Money events, from the ledger itself: whoever posts the transfer (ledger_post, the batched
  // transfer_send_batch) or moves its status writes its notification in the same transaction.
  // (A deposit return is told by the funding service, which knows whether it was asked for.)
  await sql`
    create function notifications_from_transfer() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'UPDATE' and NEW.kind = 'bank_transfer' then
        -- a bank transfer reaches its receiver when the partner has made it (not when reserved)
        insert into notifications (user_id, type, actor_id, data, created_at)
        values (NEW.counterparty_user_id, 'money_received', NEW.user_id,
          jsonb_build_object('amountCents', NEW.amount_cents, 'transferId', NEW.id),
          NEW.updated_at);
      elsif TG_OP = 'UPDATE' then
        -- a remittance the payout partner delivered: deposited, or ready to pick up in cash
        insert into notifications (user_id, type, data, created_at)
        values (NEW.user_id, case when NEW.metadata ->> 'payoutMethod' = 'cash_pickup'
            then 'remittance_pickup_ready' else 'remittance_delivered' end, jsonb_build_object(
          'amountCents', NEW.amount_cents, 'transferId', NEW.id,
          'phone', NEW.metadata ->> 'recipientPhone', 'country', NEW.metadata ->> 'recipientCountry'),
          NEW.updated_at);
      elsif NEW.kind = 'p2p' then
        insert into notifications (user_id, type, actor_id, data, created_at)
        values (NEW.counterparty_user_id, 'money_received', NEW.user_id,
          jsonb_build_object('amountCents', NEW.amount_cents, 'transferId', NEW.id),
          NEW.created_at);
      elsif NEW.kind = 'request_payment' then
        insert into notifications (user_id, type, actor_id, data, created_at)
        values (NEW.counterparty_user_id, 'request_paid', NEW.user_id, jsonb_build_object(
          'amountCents', NEW.amount_cents, 'transferId', NEW.id,
          'requestId', NEW.metadata ->> 'requestId', 'note', NEW.metadata ->> 'note'),
          NEW.created_at);
      elsif NEW.kind = 'remittance_refund' then
        insert into notifications (user_id, type, data, created_at)
        values (NEW.user_id, 'remittance_refunded', jsonb_build_object(
          'amountCents', NEW.amount_cents, 'transferId', NEW.metadata ->> 'refundOf',
          'phone', NEW.metadata ->> 'recipientPhone'), NEW.created_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notifications_from_transfer after insert on ledger_transfers
      for each row
      when ((NEW.kind in ('p2p', 'request_payment')
          and NEW.counterparty_user_id is not null and NEW.counterparty_user_id <> NEW.user_id)
        -- a refund the sender asked for by cancelling is no news to them
        or (NEW.kind = 'remittance_refund' and NEW.metadata ->> 'cause' is distinct from 'cancelled'))
      execute function notifications_from_transfer()`.execute(db);
  await sql`
    create trigger notifications_from_transfer_status after update of status on ledger_transfers
      for each row
      when ((NEW.kind = 'remittance' and NEW.status = 'delivered' and OLD.status <> 'delivered')
        or (NEW.kind = 'bank_transfer' and NEW.status = 'completed' and OLD.status <> 'completed'
          and NEW.counterparty_user_id is not null))
      execute function notifications_from_transfer()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger notifications_from_transfer_status on ledger_transfers`.execute(db);
  await sql`drop trigger notifications_from_transfer on ledger_transfers`.execute(db);
  await sql`drop function notifications_from_transfer()`.execute(db);
  await sql`drop table notification_stream_tickets`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`drop function notifications_announce()`.execute(db);
}

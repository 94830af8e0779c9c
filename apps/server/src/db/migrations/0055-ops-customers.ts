import { type Kysely, sql } from 'kysely';

/**
 * The operations console's customer actions (docs/ops-console.md):
 * - `users.frozen_at` / `frozen_reason`: a frozen account moves no money out (the ledger refuses
 *   a customer's outgoing kinds, the card authorization declines); money in still lands;
 * - `staff_notes`: staff's notes on a customer;
 * - `staff_refunds`: a staff refund of a transfer, at most one per transfer (the primary key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column frozen_at timestamptz,
      add column frozen_reason text check (frozen_reason is null or length(frozen_reason) <= 1000),
      add constraint users_frozen_together check ((frozen_at is null) = (frozen_reason is null))
  `.execute(db);
  await sql`
    create table staff_notes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      staff_id uuid not null references staff (id),
      text text not null check (length(btrim(text)) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_notes_user on staff_notes (user_id, created_at desc)`.execute(db);
  await sql`
    create table staff_refunds (
      transfer_id uuid primary key references ledger_transfers (id),
      refund_transfer_id uuid not null unique references ledger_transfers (id),
      user_id uuid not null references users (id),
      staff_id uuid not null references staff (id),
      approval_id uuid references staff_approvals (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  // The one choke point of money out: every transfer, whoever posts it (ledger_post from the
  // services, transfer_send in one call, the batch), is inserted here. A customer's own outgoing
  // kinds are refused for a frozen account (SQLSTATE P2010); money in, returns, reversals and
  // fees (what the customer did not start) still post.
  await sql`
    create function ledger_transfers_frozen_guard() returns trigger language plpgsql as $$
    begin
      if NEW.kind in ('p2p', 'request_payment', 'remittance', 'bill_payment', 'bank_transfer',
                      'bank_withdrawal', 'card_purchase', 'card_atm_withdrawal')
         and exists (select 1 from users where id = NEW.user_id and frozen_at is not null) then
        raise exception 'account % is frozen', NEW.user_id using errcode = 'P2010';
      end if;
      return NEW;
    end $$`.execute(db);
  await sql`create trigger ledger_transfers_frozen_guard before insert on ledger_transfers
    for each row execute function ledger_transfers_frozen_guard()`.execute(db);
}

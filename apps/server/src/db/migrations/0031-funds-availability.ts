import { type Kysely, sql } from 'kysely';

/**
 * Issue 22, funds availability for money from banks (docs/funds-availability.md).
 *
 * - `funding_transfers.on_hold_cents`, `hold_business_days`: the part of a deposit that stays held
 *   after the bank settles it and for how many banking days, decided (and shown) when the user
 *   asks for it; `available_at`: when that part is released (set at settlement). The wallet's
 *   `held_cents` keeps counting it, so the guard trigger of 0015 refuses it to every path that
 *   spends, under the wallet row's lock, as it refuses unsettled deposits.
 * - The guard says when it is a hold, rather than a lack of money, that refuses: the refusal's
 *   detail then carries the amount on hold and its earliest release (`onHoldCents`, `availableAt`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table funding_transfers
      add column on_hold_cents bigint not null default 0 check (on_hold_cents >= 0),
      add column hold_business_days integer not null default 0 check (hold_business_days >= 0),
      add column available_at timestamptz`.execute(db);
  // The release job's search: holds of settled deposits, by when they are due.
  await sql`
    create index funding_transfers_holds on funding_transfers (available_at)
      where status = 'settled' and on_hold_cents > 0`.execute(db);
  await sql`
    create or replace function funding_guard_wallet() returns trigger language plpgsql as $$
    declare
      v_on_hold bigint;
      v_until timestamptz;
    begin
      if new.balance_cents < new.held_cents + new.owed_cents
         and coalesce(current_setting('pago.collecting_debt', true), '') <> 'on' then
        select coalesce(sum(on_hold_cents), 0), min(available_at) into v_on_hold, v_until
          from funding_transfers
          where user_id = new.user_id and status = 'settled' and on_hold_cents > 0;
        -- Without the holds the money would be there: the hold is what refuses.
        if v_on_hold > 0 and new.balance_cents >= new.held_cents - v_on_hold + new.owed_cents then
          raise exception 'funds on hold' using errcode = 'P2001',
            detail = json_build_object('balanceCents',
              greatest(0, old.balance_cents - old.held_cents - old.owed_cents),
              'onHoldCents', v_on_hold, 'availableAt', v_until)::text;
        end if;
        raise exception 'insufficient funds' using errcode = 'P2001',
          detail = json_build_object('balanceCents',
            greatest(0, old.balance_cents - old.held_cents - old.owed_cents))::text;
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function funding_guard_wallet() returns trigger language plpgsql as $$
    begin
      if new.balance_cents < new.held_cents + new.owed_cents
         and coalesce(current_setting('pago.collecting_debt', true), '') <> 'on' then
        raise exception 'insufficient funds' using errcode = 'P2001',
          detail = json_build_object('balanceCents',
            greatest(0, old.balance_cents - old.held_cents - old.owed_cents))::text;
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop index funding_transfers_holds`.execute(db);
  await sql`
    alter table funding_transfers
      drop column on_hold_cents, drop column hold_business_days, drop column available_at`.execute(
    db,
  );
}

import { type Kysely, sql } from 'kysely';

/**
 * Funds availability for money from banks (docs/funds-availability.md).
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
  // funding_guard_wallet: db/functions/funding_guard_wallet.sql.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index funding_transfers_holds`.execute(db);
  await sql`
    alter table funding_transfers
      drop column on_hold_cents, drop column hold_business_days, drop column available_at`.execute(
    db,
  );
}

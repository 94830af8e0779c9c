import { type Kysely, sql } from 'kysely';

/**
 * The freeze read from the wallet the transfer already locks (issue 28, ledger):
 * - `ledger_accounts.frozen`: a copy of `users.frozen_at is not null` on the person's wallet,
 *   kept by the `users_frozen_to_wallet` trigger (db/functions/users_frozen_to_wallet.sql) and
 *   set by `ledger_post` when it opens a wallet;
 * - `ledger_post` refuses a frozen sender's outgoing transfer (P2010) from the wallet row it
 *   locks `for update`, so the `ledger_transfers_frozen_guard` trigger of migration 0055 (one
 *   `users` look-up and one trigger call a transfer) goes. `ledger_post` is the only writer of
 *   `ledger_transfers`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts add column frozen boolean not null default false`.execute(
    db,
  );
  await sql`
    update ledger_accounts a set frozen = true
    from users u where u.id = a.user_id and u.frozen_at is not null`.execute(db);
  await sql`drop trigger if exists ledger_transfers_frozen_guard on ledger_transfers`.execute(db);
  await sql`drop function if exists ledger_transfers_frozen_guard()`.execute(db);
  // Its file is gone: forget its recorded hash (the table exists once functions were applied).
  await sql`
    do $$ begin
      if to_regclass('db_function') is not null then
        delete from db_function where name = 'ledger_transfers_frozen_guard';
      end if;
    end $$`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Banks linked through Plaid: an item per login at a bank (its access token encrypted with
 * PLAID_TOKEN_KEY, never in clear) and the accounts the user shared from it. Only what the
 * user reads is kept of an account (name, mask, type); the full account number stays at Plaid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table plaid_items (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      item_id text not null unique,
      access_token_encrypted text not null,
      institution_id text,
      institution_name text not null,
      status text not null default 'good' check (status in ('good', 'login_required')),
      error_code text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index plaid_items_user on plaid_items (user_id, created_at)`.execute(db);
  await sql`
    create table plaid_accounts (
      id uuid primary key default gen_random_uuid(),
      item_id uuid not null references plaid_items (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      account_id text not null,
      name text not null,
      official_name text,
      mask text,
      type text not null,
      subtype text,
      created_at timestamptz not null default now(),
      unique (item_id, account_id)
    )`.execute(db);
  await sql`create index plaid_accounts_user on plaid_accounts (user_id, created_at)`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The Plaid fake's banking side, as Plaid keeps it: link tokens for Auth (no IDV template, an
 * item webhook, the item of update mode), items with their access tokens and test user, the accounts of each item with
 * their numbers and balances, public tokens awaiting exchange, and processor tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sandbox_plaid_link_tokens
      alter column template_id drop not null,
      add column products text[] not null default '{identity_verification}',
      add column webhook text,
      add column item_id text`.execute(db);
  await sql`
    create table sandbox_plaid_items (
      item_id text primary key,
      access_token text not null unique,
      client_user_id text,
      institution_id text not null,
      username text not null,
      products text[] not null,
      webhook text,
      error_code text,
      removed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_plaid_accounts (
      account_id text primary key,
      item_id text not null references sandbox_plaid_items (item_id) on delete cascade,
      position integer not null,
      name text not null,
      official_name text,
      mask text not null,
      type text not null,
      subtype text not null,
      account_number text not null,
      routing_number text not null,
      wire_routing text not null,
      available_cents bigint not null,
      current_cents bigint not null
    )`.execute(db);
  await sql`create index sandbox_plaid_accounts_item on sandbox_plaid_accounts (item_id, position)`.execute(
    db,
  );
  await sql`
    create table sandbox_plaid_public_tokens (
      token text primary key,
      item_id text not null references sandbox_plaid_items (item_id) on delete cascade,
      expires_at timestamptz not null,
      exchanged_at timestamptz
    )`.execute(db);
  await sql`
    create table sandbox_plaid_processor_tokens (
      token text primary key,
      item_id text not null references sandbox_plaid_items (item_id) on delete cascade,
      account_id text not null,
      processor text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Customer token verifications at the Unit fake (sandbox mode only): Unit's
 * `POST /customers/{customerId}/token/verification` (schemas/token/tokenPaths.json) texts a code
 * to the customer's phone and answers a verificationToken; a customer token of a sensitive scope
 * then needs both (docs/unit-card-secure-data.md). The fake's code goes to the sandbox SMS outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_unit_token_verifications (
      token_hash text primary key,
      customer_id text not null,
      code text not null,
      attempts integer not null default 0,
      used_at timestamptz,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_unit_token_verifications`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Phones verified by SMS code: a verified phone belongs to one account (a partial unique index,
 * which is also the index recipients are looked up by), the verifications we asked Twilio Verify
 * for (our own attempt count and expiry), and the state of the sandbox Twilio fake.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index users_verified_phone_key on users (phone) where phone_verified`.execute(
    db,
  );

  await sql`
    create table phone_verifications (
      id bigserial primary key,
      user_id uuid not null references users (id) on delete cascade,
      phone text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      attempts integer not null default 0,
      verified_at timestamptz,
      closed_at timestamptz
    )`.execute(db);
  await sql`create index phone_verifications_phone on phone_verifications (phone, created_at desc)`.execute(
    db,
  );
  await sql`create index phone_verifications_user on phone_verifications (user_id, created_at desc)`.execute(
    db,
  );
  // Its sandbox_* tables moved to db/sandbox-migrations (sandbox mode only).
}

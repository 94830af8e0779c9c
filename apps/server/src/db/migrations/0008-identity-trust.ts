import { type Kysely, sql } from 'kysely';

/**
 * Identity tied to the account holder, and requests that cannot flood an inbox: the legal name
 * and birth date a vendor verified (on the attempt and, once verified, on the user), why an
 * approved attempt was refused on our side, and indexes for limiting and paging requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table identity_attempts
      add column legal_name text,
      add column birth_date text check (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      add column failure_reason text`.execute(db);
  await sql`
    alter table users
      add column legal_name text,
      add column legal_birth_date text check (legal_birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`.execute(
    db,
  );

  // The inbox pages on (created_at, id); request limits count per requester → payer.
  await sql`drop index money_requests_payer`.execute(db);
  await sql`drop index money_requests_requester`.execute(db);
  await sql`create index money_requests_payer on money_requests (payer_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index money_requests_requester on money_requests (requester_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index money_requests_pair on money_requests (requester_id, payer_id, created_at)`.execute(
    db,
  );
}

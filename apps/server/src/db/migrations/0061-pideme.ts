import { type Kysely, sql } from 'kysely';

/**
 * "Pídeme" (docs/pideme.md): a sender's private link for one saved remittance recipient, the
 * requests the relative makes through it, and a request's photo of the bill.
 * - `pideme_links`: the token is derived from APP_SECRET and the link's random id; only its
 *   SHA-256 is kept, to find the link. At most one link of a pair is not revoked (a partial
 *   unique index); it stops working at `expires_at`, moved on by each request.
 * - `pideme_requests`: an amount in the recipient's currency, the reason, and what the sender did;
 *   `transfer_id` is the remittance that paid it (unique: a request is paid once).
 * - `pideme_request_photos`: the photo's bytes, shown to the sender only.
 * A recipient deleted takes its links and their requests with it (the transfers stay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pideme_links (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      recipient_id uuid not null references remittance_recipients (id) on delete cascade,
      token_hash bytea not null unique,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    create unique index pideme_links_one_active on pideme_links (user_id, recipient_id)
    where revoked_at is null`.execute(db);
  await sql`
    create table pideme_requests (
      id uuid primary key default gen_random_uuid(),
      link_id uuid not null references pideme_links (id) on delete cascade,
      user_id uuid not null references users (id),
      recipient_id uuid not null references remittance_recipients (id) on delete cascade,
      amount numeric(12, 2) not null check (amount > 0),
      currency text not null,
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'paid', 'declined')),
      transfer_id uuid unique references ledger_transfers (id),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      check ((status = 'paid') = (transfer_id is not null))
    )`.execute(db);
  await sql`create index pideme_requests_user on pideme_requests (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index pideme_requests_link on pideme_requests (link_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table pideme_request_photos (
      request_id uuid primary key references pideme_requests (id) on delete cascade,
      content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pideme_request_photos`.execute(db);
  await sql`drop table pideme_requests`.execute(db);
  await sql`drop table pideme_links`.execute(db);
}

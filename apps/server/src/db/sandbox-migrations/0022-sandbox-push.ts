import { type Kysely, sql } from 'kysely';

/**
 * The sandbox push service (sandbox mode only, docs/push.md): every message web-push delivered
 * to a subscription whose endpoint is /sandbox/push/send/<token>, encrypted as sent
 * (RFC 8291 aes128gcm), with the VAPID key and subject it was authorized with (RFC 8292).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_push_messages (
      id bigserial primary key,
      token text not null,
      ttl integer not null,
      urgency text,
      topic text,
      vapid_key text not null,
      vapid_subject text not null,
      body bytea not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  // Subscriptions the sandbox says are gone (its "unsubscribed" button): their pushes get 410.
  await sql`create table sandbox_push_gone (token text primary key, gone_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`create index sandbox_push_messages_token on sandbox_push_messages (token, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_push_gone`.execute(db);
  await sql`drop table sandbox_push_messages`.execute(db);
}

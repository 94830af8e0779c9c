import { type Kysely, sql } from 'kysely';

/**
 * Web Push (issue 29 part 6, docs/push.md):
 * - `push_subscriptions`: one browser's subscription (its push service endpoint and its keys),
 *   per device and session: gone with the session's sign-out, when the push service answers
 *   404/410, or moved to whoever subscribes the same endpoint next (one browser, one owner);
 * - `push_outbox`: a notification still to push, written by the `notifications_push_outbox`
 *   trigger (db/functions) only for users with a subscription, and taken by the
 *   `notification-pushes` job under a row lock, so each is pushed once;
 * - `notification_settings.push_off`: the types the user does not want pushed, beside the e-mail
 *   ones (`email_off`), on the same settings page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      session_id uuid not null references sessions (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      device text not null,
      created_at timestamptz not null default now(),
      last_pushed_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
  await sql`create index push_subscriptions_session on push_subscriptions (session_id)`.execute(db);
  await sql`
    create table push_outbox (
      notification_id uuid primary key references notifications (id) on delete cascade,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index push_outbox_due on push_outbox (next_attempt_at)`.execute(db);
  await sql`
    alter table notification_settings add column push_off text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists notifications_push_outbox on notifications`.execute(db);
  await sql`drop function if exists notifications_push_outbox()`.execute(db);
  await sql`alter table notification_settings drop column push_off`.execute(db);
  await sql`drop table push_outbox`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}

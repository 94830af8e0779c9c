import { type Kysely, sql } from 'kysely';

/**
 * The sandbox mailbox keeps the headers Pago gave each message (Content-Language,
 * List-Unsubscribe, List-Unsubscribe-Post), as a real inbox shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_mail add column if not exists headers jsonb not null default '{}'`.execute(
    db,
  );
}

import { type Kysely, sql } from 'kysely';

/**
 * The Stripe fake's side, as Stripe keeps it: its API objects (payment methods, payment intents,
 * refunds, disputes) stored whole as the JSON it answers, and the idempotency keys it has seen
 * with the answer each first got. Its events leave through the sandbox webhook outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_stripe_objects (
      id text primary key,
      object text not null,
      payment_intent text,
      data jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_stripe_objects_intent on sandbox_stripe_objects (payment_intent, object) where payment_intent is not null`.execute(
    db,
  );
  await sql`
    create table sandbox_stripe_idempotency_keys (
      key text primary key,
      request text not null,
      status integer not null,
      body text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table sandbox_webhook_outbox drop constraint if exists sandbox_webhook_outbox_vendor_check`.execute(
    db,
  );
  await sql`alter table sandbox_webhook_outbox add constraint sandbox_webhook_outbox_vendor_check check (vendor in ('plaid', 'persona', 'unit', 'thunes', 'stripe'))`.execute(
    db,
  );
}

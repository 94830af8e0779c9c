import { type Kysely, sql } from 'kysely';

/**
 * Card funding through Stripe (features/card-funding).
 *
 * - `card_fundings`: each top-up by debit or credit card, reserved before Stripe is called (it
 *   counts toward the card limits from then on), with the card as Stripe reported it, the fee
 *   charged on top, the PaymentIntent and where it stands: `pending` (Stripe not answered yet),
 *   `requires_action` (3-D Secure), `succeeded` (in the wallet: `transfer_id`), `declined` or
 *   `failed` (nothing moved), `disputed` (charged back: `reversal_transfer_id`), then
 *   `dispute_won` (given back: `reinstatement_transfer_id`) or `dispute_lost`. A top-up left
 *   `pending` (its request died, or Stripe did not answer) is asked for again by a sweep.
 * - `card_payment_methods`: which user first used a Stripe PaymentMethod, so no other user can
 *   charge it.
 * - `stripe_webhook_events`: each Stripe event applied once, by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table card_fundings (
      id uuid primary key default uuidv7(),
      user_id uuid not null references users (id) on delete restrict,
      -- The request's Idempotency-Key: the recovery sweep stores the answer under it.
      request_key text not null,
      payment_method_id text not null,
      brand text not null,
      funding text not null check (funding in ('debit', 'credit', 'prepaid', 'unknown')),
      last4 text not null,
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null check (fee_cents >= 0),
      payment_intent_id text unique,
      status text not null default 'pending' check (status in ('pending', 'requires_action',
        'succeeded', 'declined', 'failed', 'disputed', 'dispute_won', 'dispute_lost')),
      decline_code text,
      authentication_url text,
      dispute_id text,
      transfer_id uuid references ledger_transfers (id) on delete restrict,
      reversal_transfer_id uuid references ledger_transfers (id) on delete restrict,
      reinstatement_transfer_id uuid references ledger_transfers (id) on delete restrict,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index card_fundings_user on card_fundings (user_id, created_at)`.execute(db);
  // The recovery sweep's look-up: top-ups Stripe has not answered yet.
  await sql`create index card_fundings_pending on card_fundings (updated_at) where status = 'pending'`.execute(
    db,
  );
  await sql`
    create table card_payment_methods (
      payment_method_id text primary key,
      user_id uuid not null references users (id) on delete restrict,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table stripe_webhook_events (
      event_id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stripe_webhook_events`.execute(db);
  await sql`drop table card_payment_methods`.execute(db);
  await sql`drop table card_fundings`.execute(db);
}

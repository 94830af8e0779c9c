import { type Kysely, sql } from 'kysely';

const KINDS_BEFORE = `'deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return', 'card_purchase',
        'card_atm_withdrawal', 'card_refund', 'card_fee'`;

/**
 * Card spending authorized in real time by the ledger.
 *
 * - `card_authorizations`: every authorization request the partner sent for a card, once per
 *   partner id (unique), with Pago's decision, the hold's transfer and what became of it
 *   (pending → cleared | reversed | expired; declined ones stay as the record of the decline).
 * - `card_network_messages`: the partner's card transactions Pago applied (clearing, reversal,
 *   refund), once per partner transaction id.
 * - Transfer kind `card_release`: a hold given back (reversed, expired, or cleared for less).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}, 'card_release'))`.execute(db);
  await sql`
    create table card_authorizations (
      id uuid primary key default gen_random_uuid(),
      partner_authorization_id text not null unique,
      card_id uuid not null references cards (id),
      user_id uuid not null references users (id),
      kind text not null check (kind in ('purchase', 'atm')),
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null default 0 check (fee_cents >= 0),
      atm_network text check (atm_network in ('in', 'out', 'international')),
      status text not null
        check (status in ('declined', 'pending', 'cleared', 'reversed', 'expired')),
      decline_reason text,
      transfer_id uuid references ledger_transfers (id),
      cleared_cents bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((status = 'declined') = (decline_reason is not null)),
      check ((status = 'declined') = (transfer_id is null))
    )`.execute(db);
  await sql`create index card_authorizations_card on card_authorizations (card_id, created_at)`.execute(
    db,
  );
  await sql`create index card_authorizations_user on card_authorizations (user_id, created_at)`.execute(
    db,
  );
  await sql`
    create index card_authorizations_pending on card_authorizations (created_at)
      where status = 'pending'`.execute(db);
  await sql`
    create table card_network_messages (
      partner_transaction_id text primary key,
      kind text not null check (kind in ('clearing', 'reversal', 'refund')),
      card_id uuid not null references cards (id),
      authorization_id uuid references card_authorizations (id),
      transfer_id uuid references ledger_transfers (id),
      amount_cents bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table card_network_messages`.execute(db);
  await sql`drop table card_authorizations`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}))`.execute(db);
}

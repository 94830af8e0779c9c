import { type Kysely, sql } from 'kysely';

const KINDS_BEFORE = `'deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal', 'bank_deposit',
        'bank_deposit_return', 'bank_withdrawal', 'bank_withdrawal_return', 'card_purchase',
        'card_atm_withdrawal', 'card_refund', 'card_fee', 'card_release'`;

const NEW_KINDS = [
  'ach_received',
  'ach_received_return',
  'check_deposit',
  'check_deposit_return',
  'cash_deposit',
  'card_funding',
  'card_funding_reversal',
  'bill_payment_return',
  'card_dispute_credit',
  'card_dispute_reversal',
];

const NEW_ROLES = [
  'received_ach_clearing',
  'check_deposit_clearing',
  'cash_deposit_clearing',
  'card_funding_clearing',
  'card_dispute_clearing',
];

/**
 * The ledger's side of every way money reaches an account: the transfer kinds of received ACH
 * (direct deposit), check and cash deposits, card funding and their returns, bill payment returns
 * and card dispute credits, and Pago's clearing accounts for each (seeded here, so no money
 * transaction ever creates one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = NEW_KINDS.map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}, ${sql.raw(kinds)}))`.execute(db);
  for (const role of NEW_ROLES) {
    await sql`insert into ledger_accounts (system_role) values (${role})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const role of NEW_ROLES) {
    await sql`delete from ledger_accounts where system_role = ${role}`.execute(db);
  }
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}))`.execute(db);
}

import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Difference } from './banking.repository';

/**
 * What the ledger says the partner should hold in total, term by term (cents). The wallets and
 * Pago's fee revenue are the money; the other terms say where part of it is not (yet) at the
 * partner, or what the partner holds that is Pago's own.
 */
export type LedgerTotal = {
  /** Σ of every wallet plus Pago's fee revenue account, and what rate orders and colectas hold of wallets. */
  walletsAndFees: number;
  /** Sandbox test money: in wallets, never at the partner (backed by the omnibus's funding). */
  testMoney: number;
  /** Money added by card: the card acquirer holds it, not the banking partner. */
  atCardAcquirer: number;
  /** Sent abroad through the payout partner: out of the wallets, paid from Pago's payout funding. */
  sentAbroad: number;
  /** Pago's own money put into the omnibus (its funding movements the partner made). */
  omnibusFunding: number;
  /**
   * Booked in the ledger, not yet moved at the partner: ACH payments the partner has not sent
   * (deposits pulled in: minus; withdrawals and bank payments out: plus), card spending not yet
   * cleared (its amount: an ATM fee is already in Pago's fee revenue), bill checks not yet cashed,
   * received ACH still held.
   */
  inFlight: number;
};

export async function ledgerTotal(db: Database): Promise<LedgerTotal> {
  const { rows } = await sql<{
    wallets_and_fees: string;
    test_money: string;
    card_funding_clearing: string;
    payout_clearing: string;
    omnibus_funding: string;
    ach_in_flight: string;
    processing_out: string;
    received_held: string;
  }>`
    select
      (select coalesce(sum(balance_cents), 0) from ledger_accounts
        -- Money rate orders reserve (docs/rates.md) and colecta contributions held
        -- (docs/colectas.md) are still the users', at the partner.
        where user_id is not null
          or system_role in ('fee_revenue', 'rate_order_holds', 'colecta_holding'))::text as wallets_and_fees,
      (select coalesce(sum(amount_cents), 0) from ledger_transfers
        where kind = 'deposit' and status not in ('failed', 'refunded'))::text as test_money,
      (select coalesce(sum(balance_cents), 0) from ledger_accounts
        where system_role = 'card_funding_clearing')::text as card_funding_clearing,
      (select coalesce(sum(balance_cents), 0) from ledger_accounts
        where system_role like 'payout\\_clearing:%')::text as payout_clearing,
      (select coalesce(sum(amount_cents), 0) from partner_omnibus_movements
        where kind = 'funding' and status in ('Sent', 'Settled'))::text as omnibus_funding,
      (select coalesce(sum(case when direction = 'Debit' then -amount_cents else amount_cents end), 0)
        from unit_payments
        where payment_type = 'achPayment' and unit_payment_id is not null and status = 'Pending'
      )::text as ach_in_flight,
      ((select coalesce(sum(amount_cents), 0) from ledger_transfers
        where status = 'processing' and kind in ('card_purchase', 'card_atm_withdrawal'))
      -- A bill paid by ACH leaves the partner account when made; one paid by check when Processed.
      + (select coalesce(sum(t.amount_cents), 0) from bill_payments b
          join ledger_transfers t on t.id = b.transfer_id
        where b.method = 'check' and t.status = 'processing'
          and coalesce(b.partner_status, '') <> 'Processed'))::text as processing_out,
      (select coalesce(sum(amount_cents), 0) from ledger_transfers
        where status = 'processing' and kind = 'ach_received'
          and coalesce((metadata->>'advanced')::boolean, false) = false)::text as received_held
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger totals: no row');
  return {
    walletsAndFees: Number(row.wallets_and_fees),
    testMoney: Number(row.test_money),
    atCardAcquirer: -Number(row.card_funding_clearing),
    sentAbroad: Number(row.payout_clearing),
    omnibusFunding: Number(row.omnibus_funding),
    inFlight: Number(row.ach_in_flight) + Number(row.processing_out) - Number(row.received_held),
  };
}

/** The partner total the ledger expects: the wallets and fees, less what is elsewhere or in flight. */
export function expectedPartnerTotal(t: LedgerTotal): number {
  return (
    t.walletsAndFees - t.testMoney - t.atCardAcquirer + t.sentAbroad + t.omnibusFunding + t.inFlight
  );
}

/**
 * The total check: the partner's money (every customer account and the omnibus) equals the sum
 * of the wallets and Pago's fee revenue, once what is elsewhere or in flight is accounted for.
 * A difference is `total_mismatch`, with both sums and the ledger's terms in `expected`.
 */
export function totalDifference(partnerTotal: number, ledger: LedgerTotal): Difference | null {
  const expected = expectedPartnerTotal(ledger);
  if (expected === partnerTotal) return null;
  return {
    kind: 'total_mismatch',
    userId: null,
    transferId: null,
    unitId: null,
    expected: `${expected} ${JSON.stringify(ledger)}`,
    actual: String(partnerTotal),
  };
}

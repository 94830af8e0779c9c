import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ThunesClient, ThunesTransaction } from '../../providers/thunes/thunes-client';
import { ThunesError } from '../../providers/thunes/thunes-client';

/** Remittances looked at: every one still open, and the closed ones of the last days. */
const WINDOW_DAYS = 30;
/** A remittance the partner has not heard of is a difference only after the job had its chance. */
const GRACE_MINUTES = 10;

/** What a reconciliation with the payout partner found wrong, for one remittance (or the balance). */
export type PayoutDifference = {
  transferId: string | null;
  kind: /** Pago moved the money and expects the partner to have it; the partner has no such transaction. */
    | 'missing_at_partner'
    /** The partner paid it out (or holds it to pay); the ledger gave the money back to the sender. */
    | 'paid_but_refunded'
    /** The partner did not pay it, or took it back; the ledger has not refunded the sender. */
    | 'refund_missing'
    /** The partner completed it; the ledger still shows it in progress. */
    | 'delivery_not_recorded'
    /** The partner charges the prefunded balance another amount than its quotation said. */
    | 'source_amount_mismatch'
    /** The recipient gets another amount than Pago disclosed. */
    | 'payout_amount_mismatch'
    /** The prefunded balance will not cover a day like the busiest of the last week. */
    | 'balance_low';
  expected: string | null;
  actual: string | null;
};

type Row = {
  transfer_id: string;
  status: string;
  created_at: Date;
  partner_source_amount: string | null;
  total_to_recipient: string | null;
  refunded_at: Date | null;
};

const sameAmount = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && Number(a) === Number(b);

/** The differences between one remittance in the ledger and what the partner says of it. */
export function compare(
  row: Row,
  partner: ThunesTransaction | null,
  now: Date,
): PayoutDifference[] {
  const at = (kind: PayoutDifference['kind'], expected: string | null, actual: string | null) => ({
    transferId: row.transfer_id,
    kind,
    expected,
    actual,
  });
  if (!partner) {
    const waited = now.getTime() - row.created_at.getTime() > GRACE_MINUTES * 60_000;
    return row.status !== 'refunded' && row.status !== 'failed' && waited
      ? [at('missing_at_partner', row.status, null)]
      : [];
  }
  const found: PayoutDifference[] = [];
  const statusClass = partner.status.slice(0, 1);
  const refunded = row.status === 'refunded' || row.refunded_at !== null;
  if (['5', '6', '7'].includes(statusClass) && refunded) {
    found.push(at('paid_but_refunded', partner.status, row.status));
  }
  if (['3', '4', '8', '9'].includes(statusClass) && !refunded) {
    found.push(at('refund_missing', row.status, partner.status));
  }
  if (statusClass === '7' && row.status === 'processing') {
    found.push(at('delivery_not_recorded', partner.status, row.status));
  }
  if (
    classConfirmed(statusClass) &&
    !sameAmount(partner.source.amount, row.partner_source_amount)
  ) {
    found.push(at('source_amount_mismatch', row.partner_source_amount, partner.source.amount));
  }
  if (
    classConfirmed(statusClass) &&
    row.total_to_recipient !== null &&
    !sameAmount(partner.destination.amount, row.total_to_recipient)
  ) {
    found.push(at('payout_amount_mismatch', row.total_to_recipient, partner.destination.amount));
  }
  return found;
}

/** Money that moved or will move at the partner: confirmed onwards, but not rejected or cancelled. */
function classConfirmed(statusClass: string) {
  return ['2', '5', '6', '7', '8'].includes(statusClass);
}

/**
 * Reconciliation with the payout partner: each remittance of the window against the partner's
 * transaction of the same id (ours, its external id), and the prefunded balance against the
 * volume it must carry. Each run and what it found is stored; differences are logged.
 */
export function createPayoutReconciliation({
  db,
  thunes,
  log,
  clock,
}: {
  db: Database;
  thunes: ThunesClient | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  clock: () => Date;
}) {
  /** The partner's transaction for our transfer, or null when it has none. */
  async function partnerOf(client: ThunesClient, transferId: string) {
    try {
      return await client.getTransactionByExternalId(transferId);
    } catch (error) {
      if (error instanceof ThunesError && error.kind === 'refused' && error.httpStatus === 404) {
        return null;
      }
      throw error;
    }
  }

  return {
    available: thunes !== null,

    async reconcile() {
      const client = thunes;
      if (!client) return null;
      const now = clock();
      const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
      const rows = await db
        .selectFrom('remittance_payouts as p')
        .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
        .select([
          'p.transfer_id',
          't.status',
          't.created_at',
          'p.partner_source_amount',
          'p.refunded_at',
          sql<string | null>`p.disclosure ->> 'totalToRecipient'`.as('total_to_recipient'),
        ])
        .where('p.partner_quotation_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('t.created_at', '>=', since),
            eb.and([eb('p.settled_at', 'is', null), eb('p.refunded_at', 'is', null)]),
          ]),
        )
        .orderBy('t.created_at')
        .execute();
      const differences: PayoutDifference[] = [];
      for (const row of rows) {
        differences.push(...compare(row, await partnerOf(client, row.transfer_id), now));
      }
      // The busiest day of the last week, as what tomorrow may ask of the prefunded balance.
      const { rows: volume } = await sql<{ busiest: string | null }>`
        select max(day_total)::text as busiest from (
          select sum(partner_source_amount) as day_total from remittance_payouts
          where confirming_at >= ${new Date(now.getTime() - 7 * 86_400_000)}::timestamptz
            and partner_source_amount is not null
          group by date_trunc('day', confirming_at)) days`.execute(db);
      const expected = volume[0]?.busiest ?? '0';
      const usd = (await client.listBalances()).find((b) => b.currency === 'USD');
      const available = usd?.available ?? '0';
      const low = Number(available) < Number(expected);
      if (low) {
        differences.push({ transferId: null, kind: 'balance_low', expected, actual: available });
      }
      const run = await db.transaction().execute(async (tx) => {
        const stored = await tx
          .insertInto('payout_reconciliation_runs')
          .values({
            finished_at: clock(),
            transfers_checked: rows.length,
            differences: differences.length,
            balance_available: available,
            expected_volume: expected,
            balance_low: low,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (differences.length > 0) {
          await tx
            .insertInto('payout_reconciliation_differences')
            .values(
              differences.map((d) => ({
                run_id: stored.id,
                transfer_id: d.transferId,
                kind: d.kind,
                expected: d.expected,
                actual: d.actual,
              })),
            )
            .execute();
        }
        return stored;
      });
      for (const d of differences)
        log.warn({ runId: run.id, ...d }, 'payout reconciliation difference');
      log.info(
        {
          runId: run.id,
          checked: rows.length,
          differences: differences.length,
          available,
          expected,
        },
        'payout reconciliation finished',
      );
      return {
        runId: run.id,
        transfersChecked: rows.length,
        differences,
        balance: { available, expectedVolume: expected, low },
      };
    },
  };
}

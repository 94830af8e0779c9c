import { randomInt } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { SandboxThunesTimings } from '../../config';
import type { Database } from '../../db/database';
import type { SandboxThunesQuotationsTable, SandboxThunesTransactionsTable } from '../../db/schema';
import {
  THUNES_STATUS_CLASSES,
  type ThunesStatusClass,
} from '../../providers/thunes/thunes-schemas';
import { enqueueWebhook } from '../webhooks/outbox';
import { type FakePayer, findPayer } from './thunes-fake-payers';

export type QuotationRow = Selectable<SandboxThunesQuotationsTable>;
export type TransactionRow = Selectable<SandboxThunesTransactionsTable>;

/** Transaction states the fake uses: five digits, the class first (docs/thunes.md). */
export const STATUS_MESSAGES: Record<string, string> = {
  '10000': 'CREATED',
  '20000': 'CONFIRMED',
  '20110': 'CONFIRMED-UNDER-REVIEW-SLS',
  '40000': 'CANCELLED',
  '50000': 'SUBMITTED',
  '60000': 'AVAILABLE',
  '70000': 'COMPLETED',
  '80000': 'REVERSED',
  '90200': 'DECLINED-INVALID-BENEFICIARY',
};

/**
 * The test conventions, by the last four digits of the beneficiary's phone (its `msisdn`, or the
 * credit party's): 0000 is declined after confirmation, 9999 is held for compliance before it goes
 * on, 8888 completes and is then reversed; any other number is paid.
 */
export type Scenario = 'paid' | 'declined' | 'held' | 'reversed';
export function scenarioOf(beneficiaryNumber: string): Scenario {
  const digits = beneficiaryNumber.replace(/\D/g, '');
  if (digits.endsWith('0000')) return 'declined';
  if (digits.endsWith('9999')) return 'held';
  if (digits.endsWith('8888')) return 'reversed';
  return 'paid';
}

/** Where a confirmed transaction goes next on its own, or null when it stays. */
export function nextStatus(status: string, scenario: string, isCashPickup: boolean): string | null {
  switch (status) {
    case '20000':
      return scenario === 'declined' ? '90200' : scenario === 'held' ? '20110' : '50000';
    case '20110':
      return '50000';
    case '50000':
      return isCashPickup ? '60000' : '70000';
    case '60000':
      return '70000';
    case '70000':
      return scenario === 'reversed' ? '80000' : null;
    default:
      return null;
  }
}

/** How long a transaction waits in `status` before its next move (null: it does not move). */
export function waitIn(
  status: string,
  scenario: string,
  isCashPickup: boolean,
  timings: SandboxThunesTimings,
): number | null {
  if (nextStatus(status, scenario, isCashPickup) === null) return null;
  if (status === '20110') return timings.holdMs;
  if (status === '60000') return timings.pickupMs;
  return timings.stepMs;
}

/** A cancel is taken while no money has reached the beneficiary: before submission, or cash not yet picked up. */
export const CANCELLABLE = ['10000', '20000', '20110', '60000'];

export const isCashPickup = (payer: FakePayer | undefined) => payer?.service.id === 3;

/** Thunes writes date-times without fractions. */
const dateTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
/** A decimal column as the JSON number with exactly its digits. */
const amount = (decimal: string) => Number(decimal);

function payerSummary(payer: FakePayer | undefined, quotation: QuotationRow) {
  return {
    id: quotation.payer_id,
    name: payer?.name ?? '',
    currency: quotation.destination_currency,
    country_iso_code: payer?.country_iso_code ?? '',
    service: payer?.service,
  };
}

/** Quotations → Quotation. */
export function quotationResource(row: QuotationRow) {
  const source = {
    country_iso_code: row.source_country,
    currency: row.source_currency,
    amount: amount(row.source_amount),
  };
  return {
    id: row.id,
    external_id: row.external_id,
    payer: payerSummary(findPayer(row.payer_id), row),
    mode: row.mode,
    transaction_type: row.transaction_type,
    source,
    destination: { currency: row.destination_currency, amount: amount(row.destination_amount) },
    sent_amount: { currency: row.source_currency, amount: amount(row.source_amount) },
    wholesale_fx_rate: amount(row.wholesale_fx_rate),
    fee: { currency: row.source_currency, amount: amount(row.fee) },
    creation_date: dateTime(row.created_at),
    expiration_date: dateTime(row.expires_at),
  };
}

/** Transactions → Transaction (a callback carries the same object). */
export function transactionResource(row: TransactionRow, quotation: QuotationRow) {
  const q = quotationResource(quotation);
  const statusClass = row.status[0] as ThunesStatusClass;
  return {
    id: row.id,
    status: row.status,
    status_message: STATUS_MESSAGES[row.status] ?? '',
    status_class: statusClass,
    status_class_message: THUNES_STATUS_CLASSES[statusClass],
    external_id: row.external_id,
    external_code: null,
    transaction_type: q.transaction_type,
    payer_transaction_reference: row.status === '10000' ? null : `SBX${row.id}`,
    payer_transaction_code: row.payer_transaction_code,
    creation_date: dateTime(row.created_at),
    expiration_date: q.expiration_date,
    credit_party_identifier: row.credit_party,
    source: q.source,
    destination: q.destination,
    payer: q.payer,
    sender: row.sender,
    beneficiary: row.beneficiary,
    sent_amount: q.sent_amount,
    wholesale_fx_rate: q.wholesale_fx_rate,
    fee: q.fee,
    purpose_of_remittance: row.purpose_of_remittance,
    callback_url: row.callback_url,
  };
}

export async function getQuotationRow(db: Database, id: number): Promise<QuotationRow | undefined> {
  return db
    .selectFrom('sandbox_thunes_quotations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Moves a transaction from `from` to `to` (only if it is still in `from`), schedules its next
 * move and queues the status callback. Undefined when another request moved it first.
 */
export async function moveTransaction(
  db: Database,
  row: TransactionRow,
  to: string,
  timings: SandboxThunesTimings,
): Promise<TransactionRow | undefined> {
  const quotation = await getQuotationRow(db, row.quotation_id);
  if (!quotation) return undefined;
  const pickup = isCashPickup(findPayer(quotation.payer_id));
  const wait = waitIn(to, row.scenario, pickup, timings);
  return db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('sandbox_thunes_transactions')
      .set({
        status: to,
        updated_at: sql<Date>`now()`,
        next_status_at:
          wait === null ? null : sql<Date>`now() + make_interval(secs => ${wait / 1000})`,
        // The code the beneficiary shows at the counter, once the cash is there.
        ...(to === '60000' ? { payer_transaction_code: String(randomInt(1e9, 1e10)) } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirst();
    if (moved?.callback_url) {
      await enqueueWebhook(tx, 'thunes', moved.callback_url, transactionResource(moved, quotation));
    }
    return moved;
  });
}

/** The sandbox tick: every transaction whose wait is over takes its next step. */
export async function advanceThunesTransactions(
  db: Database,
  timings: SandboxThunesTimings,
): Promise<number> {
  const due = await db
    .selectFrom('sandbox_thunes_transactions')
    .selectAll()
    .where('next_status_at', '<=', sql<Date>`now()`)
    .orderBy('id')
    .limit(50)
    .execute();
  let moved = 0;
  for (const row of due) {
    const quotation = await getQuotationRow(db, row.quotation_id);
    const to = nextStatus(
      row.status,
      row.scenario,
      isCashPickup(findPayer(quotation?.payer_id ?? 0)),
    );
    if (to === null) {
      await db
        .updateTable('sandbox_thunes_transactions')
        .set({ next_status_at: null })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .execute();
      continue;
    }
    if (await moveTransaction(db, row, to, timings)) moved += 1;
  }
  return moved;
}

/** The prefunded account the fake starts with, in USD. */
export const FAKE_OPENING_BALANCE = '1000000.00';

/**
 * Account → Balances: completed transactions' sent amounts have left the balance; confirmed ones
 * not yet completed are pending; cancelled, declined and reversed ones gave theirs back.
 */
export async function fakeBalance(db: Database) {
  const sums = await sql<{ completed: string; pending: string }>`
    select
      coalesce(sum(q.source_amount + q.fee) filter (where t.status like '7%'), 0)::text as completed,
      coalesce(sum(q.source_amount + q.fee) filter (where left(t.status, 1) in ('2', '5', '6')), 0)::text as pending
    from sandbox_thunes_transactions t join sandbox_thunes_quotations q on q.id = t.quotation_id`.execute(
    db,
  );
  const row = sums.rows[0] ?? { completed: '0', pending: '0' };
  const balance = await sql<{ balance: string; available: string }>`
    select (${FAKE_OPENING_BALANCE}::numeric - ${row.completed}::numeric)::text as balance,
      (${FAKE_OPENING_BALANCE}::numeric - ${row.completed}::numeric - ${row.pending}::numeric)::text as available`.execute(
    db,
  );
  const { balance: total = FAKE_OPENING_BALANCE, available = FAKE_OPENING_BALANCE } =
    balance.rows[0] ?? {};
  return {
    id: 1,
    currency: 'USD',
    balance: amount(total),
    pending: amount(row.pending),
    available: amount(available),
    credit_facility: 0,
  };
}

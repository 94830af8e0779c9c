import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { FakeAccount } from './unit-fake.repository';
import { periodBounds, renderStatementPdf } from './unit-statement-pdf';

/**
 * The fake's monthly statements. Unit lists one statement per account and month
 * (`attributes.period` "2026-11") and renders it as HTML or PDF in English or Spanish. The fake
 * keeps no statement rows: a statement's id is the account's id followed by the period's digits
 * ("100123" + "202611"), and the PDF is rendered from the account's transactions when asked.
 */

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const statementId = (accountId: string, period: string) =>
  `${accountId}${period.replace('-', '')}`;

/** The account id and period a statement id names, or null. */
export function parseStatementId(id: string): { accountId: string; period: string } | null {
  const match = /^(\d{1,12})(\d{4})(\d{2})$/.exec(id);
  if (!match) return null;
  const period = `${match[2]}-${match[3]}`;
  return PERIOD.test(period) ? { accountId: match[1] as string, period } : null;
}

const periodOf = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The periods an account has statements for, newest first: every month from its opening to the
 * current one. *Unit* issues a statement once a month has closed; the fake lists the month under
 * way too (a statement to date), so a sandbox account has one from its first day.
 */
export function statementPeriods(account: FakeAccount, now = new Date()): string[] {
  const periods: string[] = [];
  const cursor = new Date(
    Date.UTC(account.created_at.getUTCFullYear(), account.created_at.getUTCMonth(), 1),
  );
  const current = periodOf(now);
  for (;;) {
    const period = periodOf(cursor);
    periods.unshift(period);
    if (period >= current || periods.length > 600) break;
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return periods;
}

type ApplicationAttributes = {
  fullName?: { first?: string; last?: string };
  address?: {
    street?: string;
    street2?: string | null;
    city?: string;
    state?: string;
    postalCode?: string;
  };
};

/** Renders one statement of an account as Unit does, from the fake's own records. */
export async function statementPdf(
  db: Database,
  account: FakeAccount,
  period: string,
  language: 'en' | 'es',
): Promise<Uint8Array> {
  const { start, end } = periodBounds(period);
  const [application, before, rows] = await Promise.all([
    db
      .selectFrom('sandbox_unit_applications')
      .select('attributes')
      .where('customer_id', '=', account.customer_id)
      .executeTakeFirst(),
    db
      .selectFrom('sandbox_unit_transactions')
      .select('balance')
      .where('account_id', '=', account.id)
      .where('created_at', '<', start)
      .orderBy('created_at', 'desc')
      .orderBy(sql`id::bigint`, 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('sandbox_unit_transactions')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .orderBy('created_at')
      .orderBy(sql`id::bigint`)
      .execute(),
  ]);
  const attributes = (application?.attributes ?? {}) as ApplicationAttributes;
  const address = attributes.address ?? {};
  const opening = Number(before?.balance ?? 0);
  const transactions = rows.map((row) => ({
    createdAt: row.created_at,
    summary: row.summary,
    amount: row.direction === 'Debit' ? -Number(row.amount) : Number(row.amount),
    balance: Number(row.balance),
  }));
  return renderStatementPdf({
    language,
    orgName: 'Pago',
    holder: {
      name: [attributes.fullName?.first, attributes.fullName?.last].filter(Boolean).join(' '),
      addressLines: [
        address.street ?? '',
        address.street2 ?? '',
        `${address.city ?? ''}, ${address.state ?? ''} ${address.postalCode ?? ''}`.trim(),
      ].filter((line) => line && line !== ','),
    },
    accountNumber: account.account_number,
    routingNumber: account.routing_number,
    period,
    opening,
    closing: transactions.at(-1)?.balance ?? opening,
    transactions,
  });
}

import type { Database } from '../../db/database';
import { SANDBOX_REFERENCE_RATES } from './sandbox-rates';

/** A decimal's text without trailing fractional zeros ("18.50000000" → "18.5"). */
export function plainRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** A rate the fake accepts: positive, at most 12 whole digits and 8 decimals. */
export const SANDBOX_RATE_PATTERN = /^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,8})?$/;

/**
 * The Thunes fake's market rate for `currency` now (units per dollar): the moved rate when one was
 * set through `POST /sandbox/fx/rates`, else the reference table's; '1' for a currency it lacks.
 */
export async function sandboxRate(db: Database, currency: string): Promise<string> {
  const moved = await db
    .selectFrom('sandbox_fx_rates')
    .select('rate')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return moved ? plainRate(moved.rate) : (SANDBOX_REFERENCE_RATES[currency] ?? '1');
}

/** Every currency of the table with its rate now, and whether it was moved. */
export async function sandboxRates(db: Database) {
  const moved = await db.selectFrom('sandbox_fx_rates').selectAll().execute();
  const byCurrency = new Map(moved.map((row) => [row.currency, row]));
  return Object.entries(SANDBOX_REFERENCE_RATES).map(([currency, reference]) => {
    const row = byCurrency.get(currency);
    return {
      currency,
      rate: row ? plainRate(row.rate) : reference,
      referenceRate: reference,
      moved: row !== undefined,
      movedAt: row?.updated_at.toISOString() ?? null,
    };
  });
}

/** Moves (or with `rate` null, resets to the reference) the rate of a currency of the table. */
export async function moveSandboxRate(
  db: Database,
  currency: string,
  rate: string | null,
): Promise<void> {
  if (rate === null) {
    await db.deleteFrom('sandbox_fx_rates').where('currency', '=', currency).execute();
    return;
  }
  await db
    .insertInto('sandbox_fx_rates')
    .values({ currency, rate })
    .onConflict((c) => c.column('currency').doUpdateSet({ rate, updated_at: new Date() }))
    .execute();
}

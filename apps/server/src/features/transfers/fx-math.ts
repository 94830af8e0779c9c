/**
 * Exchange arithmetic on exact decimals: rates are scaled to 8 decimal places as BigInt, so no
 * float ever touches an amount. Rates and payouts are rounded down (in the customer's disfavour
 * by less than one minor unit, as every remittance provider does, and stated on the quote).
 */
const SCALE = 100_000_000n;

/** Currencies paid out in whole units (ISO 4217 exponent 0). */
const ZERO_DECIMAL = new Set(['CLP', 'PYG']);

export function parseRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) throw new Error(`Not a rate: ${rate}`);
  return BigInt(match[1] as string) * SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
}

export function formatScaled(value: bigint, decimals: number): string {
  const unit = 10n ** BigInt(8 - decimals);
  const truncated = value / unit;
  const divisor = 10n ** BigInt(decimals);
  const whole = truncated / divisor;
  const fraction = truncated % divisor;
  return decimals === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(decimals, '0')}`;
}

/** market × (1 − spread), rounded down to 6 decimals. */
export function customerRate(marketRate: string, spreadBps: number): string {
  const market = parseRate(marketRate);
  const rate = (market * BigInt(10_000 - spreadBps)) / 10_000n;
  return formatScaled(rate, 6);
}

/** What `amountCents` US cents buy at `rate`, in the payout currency's minor units, rounded down. */
export function payoutAmount(amountCents: number, rate: string, currency: string): string {
  const scaled = (BigInt(amountCents) * parseRate(rate)) / 100n;
  return formatScaled(scaled, ZERO_DECIMAL.has(currency) ? 0 : 2);
}

/** Whole US cents. $12.34 is 1234. Never a float amount after parsing user input. */
export type Cents = number & { readonly __brand: 'Cents' };

export type Locale = 'es' | 'en';

/** The largest amount parseAmount accepts: $100,000,000,000.00. Far above any limit, far below 2^53. */
export const MAX_PARSED_CENTS = 10_000_000_000_000 as Cents;

export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Not a whole number of cents: ${n}`);
  }
  // Normalise -0 so it never prints as "-0.00".
  return (n === 0 ? 0 : n) as Cents;
}

/**
 * Parses what a person types into an amount field, with string and integer operations only.
 *
 * Accepted: surrounding whitespace, an optional leading "$", digits, and "." / "," separators.
 * Which separator means what:
 * - A separator followed by 1–2 final digits (or by nothing, as in "12.") is the decimal
 *   separator, in either locale: "12,50" and "12.50" are both 1250.
 * - A separator followed by exactly 3 digits is a thousands separator when the locale groups
 *   with that character, otherwise a 3-decimal amount (rejected). 'en' groups with "," only,
 *   so "1,234" is 123400 and "1.234" is null. 'es' groups with "," (es-US, Mexico) or "."
 *   (Spain and most of South America), so "1.234" and "1,234" are both 123400.
 * - Thousands groups must be well formed ("1,234,567"; not "12,34,567" nor "0,123") and use
 *   one character, different from the decimal separator.
 * Rejected (null): empty, a sign, letters, more than 2 decimals, a repeated decimal separator,
 * or more than MAX_PARSED_CENTS. "0" parses to 0: whether zero is allowed is the caller's rule.
 */
export function parseAmount(input: string, locale: Locale = 'en'): Cents | null {
  const body = input.trim().replace(/^\$\s*/, '');
  if (!/^[\d.,]+$/.test(body)) return null;

  const groupChars = locale === 'es' ? ',.' : ',';
  const lastSep = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  let whole = body;
  let fraction = '';

  if (lastSep >= 0) {
    const sep = body.charAt(lastSep);
    const tail = body.slice(lastSep + 1);
    const isGrouping = tail.length === 3 && groupChars.includes(sep);
    if (!isGrouping) {
      if (tail.length > 2) return null;
      whole = body.slice(0, lastSep);
      fraction = tail;
      // The decimal separator may appear only once.
      if (whole.includes(sep)) return null;
    }
  }

  if (whole === '' && fraction === '') return null;
  if (/[.,]/.test(whole)) {
    const groupSep = whole.includes(',') ? ',' : '.';
    if (!groupChars.includes(groupSep)) return null;
    const groups = whole.split(groupSep);
    const [first, ...rest] = groups;
    if (rest.length === 0 || !first || !/^[1-9]\d{0,2}$/.test(first)) return null;
    if (!rest.every((g) => /^\d{3}$/.test(g))) return null;
    whole = groups.join('');
  }

  const digits = whole.replace(/^0+/, '');
  // 12 integer digits already exceed MAX_PARSED_CENTS; checking length first keeps the
  // arithmetic below inside the safe-integer range.
  if (digits.length > 12) return null;
  const total =
    Number.parseInt(digits || '0', 10) * 100 + Number.parseInt(fraction.padEnd(2, '0'), 10);
  return total > MAX_PARSED_CENTS ? null : cents(total);
}

/**
 * A JSON number of dollars (the API's `amountUsd`) as whole cents, from its decimal text, never
 * by float multiplication: the number's shortest round-trip decimal string (`String(n)`, what a
 * client's JSON serializer writes) is parsed like a typed amount. `19.99` → 1999; `0.29` → 29
 * (where `0.29 * 100` is 28.999999999999996). Null for more than two decimals (`1.005`, and
 * `0.1 + 0.2`, whose text is "0.30000000000000004"), exponent notation (`1e-7`, `1e21`), a
 * negative or non-finite number, or more than MAX_PARSED_CENTS.
 */
export function dollarsToCents(amountUsd: number): Cents | null {
  if (!Number.isFinite(amountUsd)) return null;
  return parseAmount(String(amountUsd), 'en');
}

/**
 * amount × basisPoints / 10000, rounded half-up (half away from zero for negatives, so a
 * refund mirrors its charge). BigInt keeps the product exact where amount × bps passes 2^53.
 */
export function percentOf(amount: Cents, basisPoints: number): Cents {
  cents(amount);
  if (!Number.isSafeInteger(basisPoints)) {
    throw new RangeError(`Basis points must be a whole number: ${basisPoints}`);
  }
  const product = BigInt(amount) * BigInt(basisPoints);
  const magnitude = ((product < 0n ? -product : product) + 5000n) / 10000n;
  return cents(Number(product < 0n ? -magnitude : magnitude));
}

export function addCents(...xs: Cents[]): Cents {
  let sum = 0;
  for (const x of xs) {
    // Each step is checked: a sum past 2^53 would silently lose cents.
    sum = cents(cents(x) + sum);
  }
  return cents(sum);
}

/** Exact decimal dollars: 1234 → "12.34", -5 → "-0.05". */
export function centsToDecimalString(amount: Cents): string {
  const n = cents(amount);
  const abs = Math.abs(n);
  const fraction = abs % 100;
  const whole = (abs - fraction) / 100;
  return `${n < 0 ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
}

// es-US (not es/es-MX/es-419) prints "$1,234.50": the "$" sign and comma grouping a US
// Spanish reader sees on every price, where "es" gives "1234,50 US$" and es-MX "USD 1,234.50".
const INTL_LOCALE: Record<Locale, string> = { es: 'es-US', en: 'en-US' };

const usdFormatters = new Map<Locale, Intl.NumberFormat>();

export function formatUsd(amount: Cents, locale: Locale): string {
  let formatter = usdFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    usdFormatters.set(locale, formatter);
  }
  // A decimal string is formatted exactly; no conversion of the amount to a float.
  return formatter.format(centsToDecimalString(amount) as Intl.StringNumericLiteral);
}

/** The Intl locale tag used for money and percentages in each app language. */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

import { describe, expect, it } from 'vitest';
import {
  addCents,
  type Cents,
  cents,
  centsToDecimalString,
  dollarsToCents,
  formatUsd,
  type Locale,
  MAX_PARSED_CENTS,
  parseAmount,
  percentOf,
} from './money';

const c = (n: number) => n as Cents;

describe('cents', () => {
  it.each([0, 1, 1234, -5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])(
    'accepts %d',
    (n) => {
      expect(cents(n)).toBe(n);
    },
  );

  it.each([0.5, 12.34, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 2 ** 60])(
    'rejects %d',
    (n) => {
      expect(() => cents(n)).toThrow(RangeError);
    },
  );

  it('turns -0 into 0', () => {
    expect(Object.is(cents(-0), 0)).toBe(true);
  });
});

describe('parseAmount', () => {
  it.each<[string, Locale, number | null]>([
    // plain amounts
    ['12.3', 'en', 1230],
    ['12', 'en', 1200],
    ['0.01', 'en', 1],
    ['0.1', 'en', 10],
    ['0', 'en', 0],
    ['0.00', 'en', 0],
    ['007.50', 'en', 750],
    ['999', 'en', 99900],
    ['999.99', 'en', 99999],
    ['.5', 'en', 50],
    ['12.', 'en', 1200],
    [',5', 'es', 50],
    // decimal comma with 1–2 final digits, either locale
    ['12,50', 'en', 1250],
    ['12,50', 'es', 1250],
    ['12,5', 'es', 1250],
    ['0,01', 'es', 1],
    // decimal point in es (es-US writes it that way)
    ['12.50', 'es', 1250],
    ['12.5', 'es', 1250],
    // thousands groups
    ['1,234.56', 'en', 123456],
    ['1,234.56', 'es', 123456],
    ['1.234,56', 'es', 123456],
    ['1,234', 'en', 123400],
    ['1,234', 'es', 123400],
    ['1.234', 'es', 123400],
    ['12,345,678', 'en', 1234567800],
    ['12.345.678', 'es', 1234567800],
    ['1,234,567.89', 'en', 123456789],
    ['1.234.567,89', 'es', 123456789],
    ['1,000.', 'en', 100000],
    // currency sign and spaces
    ['$12.50', 'en', 1250],
    ['$ 12.50', 'en', 1250],
    ['  $12.50  ', 'en', 1250],
    ['\u00a0$1,234.50\u00a0', 'es', 123450],
    ['\t42\n', 'en', 4200],
    // largest value
    ['100000000000', 'en', 10_000_000_000_000],
    ['100,000,000,000.00', 'en', 10_000_000_000_000],
    ['0000000000000000001', 'en', 100],
  ])('%j (%s) → %j', (input, locale, expected) => {
    expect(parseAmount(input, locale)).toBe(expected);
  });

  it.each<[string, Locale]>([
    // empty
    ['', 'en'],
    ['   ', 'en'],
    ['$', 'en'],
    ['.', 'en'],
    [',', 'es'],
    ['$.', 'en'],
    // negative or signed
    ['-12', 'en'],
    ['-$12', 'en'],
    ['$-12', 'en'],
    ['+12', 'en'],
    // more than 2 decimals
    ['12.345', 'en'],
    ['0.001', 'en'],
    ['1,2345', 'es'],
    ['1.2345', 'es'],
    // letters, symbols, exponent, spaces inside
    ['abc', 'en'],
    ['12a', 'en'],
    ['1e3', 'en'],
    ['12 50', 'en'],
    ['12USD', 'en'],
    ['US$12', 'en'],
    ['€12', 'es'],
    ['12$', 'en'],
    ['0x10', 'en'],
    ['Infinity', 'en'],
    ['NaN', 'en'],
    ['١٢', 'en'],
    // multiple decimal separators
    ['1.2.3', 'en'],
    ['1,2,3', 'es'],
    ['1.234.567', 'en'],
    ['12.50.', 'en'],
    ['1,234,56', 'en'],
    ['1.23,45', 'es'],
    ['..5', 'en'],
    // '.' never groups in en
    ['1.234', 'en'],
    ['1.234,56', 'en'],
    // malformed groups
    ['12,34,567', 'en'],
    ['1234,567', 'en'],
    ['0,123', 'en'],
    ['0.123', 'es'],
    [',123', 'en'],
    ['1,234.567', 'en'],
    ['1,234.567', 'es'],
    ['1.234,567', 'es'],
    ['1,,234', 'en'],
    // too large
    ['100000000000.01', 'en'],
    ['999999999999', 'en'],
    ['1000000000000', 'en'],
    ['99999999999999999999999', 'en'],
  ])('%j (%s) → null', (input, locale) => {
    expect(parseAmount(input, locale)).toBeNull();
  });

  it('defaults to en', () => {
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('1,234')).toBe(123400);
  });

  it.each<Locale>(['es', 'en'])('reads back what formatUsd prints (%s)', (locale) => {
    for (const amount of [0, 1, 9, 10, 99, 100, 1234, 99900, 123456, 250000, 1000000, 123456789]) {
      expect(parseAmount(formatUsd(c(amount), locale), locale)).toBe(amount);
    }
  });

  it('never returns more than MAX_PARSED_CENTS', () => {
    expect(MAX_PARSED_CENTS).toBe(10_000_000_000_000);
  });
});

describe('percentOf', () => {
  it.each([
    // [amount, bps, expected]
    [10000, 150, 150],
    [10000, 250, 250],
    [5000, 290, 145],
    [99900, 150, 1499], // 1498.5 → up
    [100, 150, 2], // 1.5 → up
    [1, 150, 0], // 0.015 → down
    [33, 150, 0], // 0.495 → down
    [34, 150, 1], // 0.51 → up
    [20, 250, 1], // 0.5 → up
    [19, 250, 0], // 0.475 → down
    [60, 250, 2], // 1.5 → up
    [25, 200, 1], // 0.5 → up
    [24, 200, 0], // 0.48 → down
    [75, 200, 2], // 1.5 → up
    [0, 250, 0],
    [12345, 0, 0],
    [12345, 10000, 12345],
    [12345, 20000, 24690],
    [1, 5000, 1], // 0.5 → up
    [1, 4999, 0],
    [-100, 150, -2], // half away from zero
    [-1, 5000, -1],
    [-33, 150, 0],
    [100, -150, -2],
    // the product passes 2^53 and stays exact
    [4_000_000_000_000_000, 9999, 3_999_600_000_000_000],
    [Number.MAX_SAFE_INTEGER, 10000, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 5000, 4_503_599_627_370_496],
  ])('%d × %d bps → %d', (amount, bps, expected) => {
    expect(percentOf(c(amount), bps)).toBe(expected);
  });

  it.each([
    [c(100), 1.5],
    [c(100), Number.NaN],
    [1.5 as Cents, 100],
    [c(Number.MAX_SAFE_INTEGER), 20000],
  ])('rejects %d × %d', (amount, bps) => {
    expect(() => percentOf(amount, bps)).toThrow(RangeError);
  });

  it('returns 0, not -0', () => {
    expect(Object.is(percentOf(c(-1), 150), 0)).toBe(true);
  });
});

describe('addCents', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[5], 5],
    [[449, 399], 848],
    [[150, 299, 399], 848],
    [[10, -10], 0],
    [[-5, -6], -11],
    [[Number.MAX_SAFE_INTEGER - 1, 1], Number.MAX_SAFE_INTEGER],
  ])('%j → %d', (xs, expected) => {
    expect(addCents(...xs.map(c))).toBe(expected);
  });

  it.each<number[][]>([
    [[Number.MAX_SAFE_INTEGER, 1]],
    [[Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]],
    [[0.1, 0.2]],
  ])('rejects %j', (xs) => {
    expect(() => addCents(...xs.map(c))).toThrow(RangeError);
  });
});

describe('centsToDecimalString', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1234, '12.34'],
    [99900, '999.00'],
    [1000000, '10000.00'],
    [-5, '-0.05'],
    [-1234, '-12.34'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%d → %s', (amount, expected) => {
    expect(centsToDecimalString(c(amount))).toBe(expected);
  });

  it('rejects a fractional amount', () => {
    expect(() => centsToDecimalString(12.5 as Cents)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each<[number, Locale, string]>([
    [1234, 'en', '$12.34'],
    [1234, 'es', '$12.34'],
    [0, 'en', '$0.00'],
    [0, 'es', '$0.00'],
    [1, 'en', '$0.01'],
    [50000, 'es', '$500.00'],
    [123456, 'en', '$1,234.56'],
    [123456, 'es', '$1,234.56'],
    [1000000, 'es', '$10,000.00'],
    [-1234, 'en', '-$12.34'],
    [-5, 'es', '-$0.05'],
    [-0, 'en', '$0.00'],
    [Number.MAX_SAFE_INTEGER, 'en', '$90,071,992,547,409.91'],
  ])('%d (%s) → %s', (amount, locale, expected) => {
    expect(formatUsd(c(amount), locale)).toBe(expected);
  });
});

describe('dollarsToCents', () => {
  // What a JSON amount in dollars is, read from the number's shortest decimal text.
  it.each([
    [0.29, 29], // 0.29 * 100 is 28.999999999999996
    [19.99, 1999],
    [999, 99_900],
    [0.01, 1],
    [1.1, 110],
    [4.35, 435], // 4.35 * 100 is 434.99999999999994
    [1_000_000, 100_000_000],
    [0, 0],
    [100_000_000_000, 10_000_000_000_000],
  ])('reads %d as %d cents', (dollars, expected) => {
    expect(dollarsToCents(dollars)).toBe(expected);
  });

  it.each([
    ['1.005', 1.005],
    ['1e-7', 1e-7],
    ['0.1 + 0.2', 0.1 + 0.2], // "0.30000000000000004"
    ['10.000000001', 10.000000001], // within 1e-6 of whole cents: the old check let it through
    ['12.345', 12.345],
    ['-5', -5],
    ['1e21', 1e21],
    ['over MAX_PARSED_CENTS', 100_000_000_000.01],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s', (_, dollars) => {
    expect(dollarsToCents(dollars)).toBeNull();
  });
});

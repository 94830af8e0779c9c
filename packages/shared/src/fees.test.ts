import { describe, expect, it } from 'vitest';
import {
  ATM_FEES,
  CARD_FEES,
  CORRIDOR_COUNTRIES,
  CORRIDOR_FIXED_FEES,
  CORRIDORS,
  type CorridorCountry,
  type CorridorCurrency,
  corridorFixedFee,
  DELIVERY_TIMES,
  DEPOSIT_FEES,
  FEE_CHANGE_NOTICE_DAYS,
  FEE_SCHEDULE,
  type FeePrice,
  FUNDING_FEES,
  type FundingMethod,
  FX_SPREADS,
  formatBps,
  fundingFee,
  fxSpreadBps,
  getCorridor,
  INSTANT_TRANSFER_FEE,
  internationalFee,
  internationalFeeBreakdown,
  isCorridorCountry,
  REGION_FEES,
  type Region,
  SAME_DAY_HOURS,
  TRADITIONAL_REMITTANCE,
  TRANSFER_LIMITS,
  type TransferSpeed,
} from './fees';
import type { Cents, Locale } from './money';

const c = (n: number) => n as Cents;

function rowPrice(id: string): FeePrice | undefined {
  for (const section of FEE_SCHEDULE) {
    const row = section.rows.find((r) => r.id === id);
    if (row) return row.price;
  }
  return undefined;
}

describe('corridors', () => {
  it.each<[CorridorCountry, Region, CorridorCurrency]>([
    ['MX', 'mexico', 'MXN'],
    ['GT', 'central_america', 'GTQ'],
    ['BZ', 'central_america', 'BZD'],
    ['SV', 'central_america', 'USD'],
    ['HN', 'central_america', 'HNL'],
    ['NI', 'central_america', 'NIO'],
    ['CR', 'central_america', 'CRC'],
    ['PA', 'central_america', 'USD'],
    ['CO', 'south_america', 'COP'],
    ['VE', 'south_america', 'VES'],
    ['GY', 'south_america', 'GYD'],
    ['SR', 'south_america', 'SRD'],
    ['BR', 'south_america', 'BRL'],
    ['EC', 'south_america', 'USD'],
    ['PE', 'south_america', 'PEN'],
    ['BO', 'south_america', 'BOB'],
    ['PY', 'south_america', 'PYG'],
    ['UY', 'south_america', 'UYU'],
    ['AR', 'south_america', 'ARS'],
    ['CL', 'south_america', 'CLP'],
  ])('%s is in %s, paid out in %s', (country, region, currency) => {
    expect(isCorridorCountry(country)).toBe(true);
    expect(getCorridor(country)).toEqual({ country, region, currency });
  });

  it('lists exactly the 20 corridors, once each', () => {
    expect(CORRIDORS).toHaveLength(20);
    expect(new Set(CORRIDOR_COUNTRIES).size).toBe(20);
    expect(CORRIDOR_COUNTRIES).toEqual(CORRIDORS.map((x) => x.country));
  });

  it.each<unknown>(['US', 'CA', 'ES', 'mx', '', 'MEX', null, undefined, 52])(
    '%j is not a corridor',
    (value) => {
      expect(isCorridorCountry(value)).toBe(false);
    },
  );

  it('getCorridor refuses a non-corridor at runtime', () => {
    expect(() => getCorridor('US' as CorridorCountry)).toThrow(RangeError);
  });
});

describe('internationalFee', () => {
  it.each<[CorridorCountry, number, TransferSpeed, number]>([
    // examples required by the brief
    ['MX', 10000, 'standard', 449],
    ['MX', 10000, 'express', 848],
    ['CO', 10000, 'standard', 649],
    ['EC', 10000, 'standard', 549],
    ['GT', 10000, 'standard', 549],
    ['SV', 10000, 'standard', 549],
    ['BR', 10000, 'standard', 649],
    ['BR', 10000, 'express', 1248],
    // every corridor, both speeds, $100.00
    ['GT', 10000, 'express', 1048],
    ['BZ', 10000, 'standard', 549],
    ['BZ', 10000, 'express', 1048],
    ['SV', 10000, 'express', 1048],
    ['HN', 10000, 'standard', 549],
    ['HN', 10000, 'express', 1048],
    ['NI', 10000, 'standard', 549],
    ['NI', 10000, 'express', 1048],
    ['CR', 10000, 'standard', 549],
    ['CR', 10000, 'express', 1048],
    ['PA', 10000, 'standard', 549],
    ['PA', 10000, 'express', 1048],
    ['CO', 10000, 'express', 1248],
    ['VE', 10000, 'standard', 649],
    ['VE', 10000, 'express', 1248],
    ['GY', 10000, 'standard', 649],
    ['GY', 10000, 'express', 1248],
    ['SR', 10000, 'standard', 649],
    ['SR', 10000, 'express', 1248],
    ['EC', 10000, 'express', 1148], // Ecuador's own $2.99 fixed fee + South America's $5.99
    ['PE', 10000, 'standard', 649],
    ['PE', 10000, 'express', 1248],
    ['BO', 10000, 'standard', 649],
    ['BO', 10000, 'express', 1248],
    ['PY', 10000, 'standard', 649],
    ['PY', 10000, 'express', 1248],
    ['UY', 10000, 'standard', 649],
    ['UY', 10000, 'express', 1248],
    ['AR', 10000, 'standard', 649],
    ['AR', 10000, 'express', 1248],
    ['CL', 10000, 'standard', 649],
    ['CL', 10000, 'express', 1248],
    // rounding edges: the percentage part rounds half-up, the rest is exact
    ['MX', 1, 'standard', 299], // 0.015¢ → 0
    ['CR', 1, 'standard', 349], // 0.02¢ → 0
    ['AR', 1, 'express', 998], // 0.025¢ → 0
    ['MX', 0, 'standard', 299],
    ['MX', 100, 'standard', 301], // 1.5¢ → 2
    ['MX', 33, 'standard', 299], // 0.495¢ → 0
    ['MX', 34, 'standard', 300], // 0.51¢ → 1
    ['GT', 25, 'standard', 350], // 0.5¢ → 1
    ['GT', 24, 'standard', 349], // 0.48¢ → 0
    ['CO', 20, 'standard', 400], // 0.5¢ → 1
    ['CO', 19, 'standard', 399], // 0.475¢ → 0
    ['EC', 60, 'standard', 301], // 1.5¢ → 2
    ['MX', 99900, 'standard', 1798], // $999.00: 1498.5¢ → 1499
    ['MX', 99900, 'express', 2197],
    ['GT', 99900, 'standard', 2347], // 1998¢
    ['GT', 99900, 'express', 2846],
    ['BR', 99900, 'standard', 2897], // 2497.5¢ → 2498
    ['BR', 99900, 'express', 3496],
    ['EC', 99900, 'standard', 2797],
    ['PE', 12345, 'standard', 708], // 308.625¢ → 309
  ])('%s %d¢ %s → %d¢', (country, amount, speed, expected) => {
    expect(internationalFee(country, c(amount), speed)).toBe(expected);
  });

  it('rejects a negative amount', () => {
    expect(() => internationalFee('MX', c(-100), 'standard')).toThrow(RangeError);
  });

  it.each<[CorridorCountry, TransferSpeed, number, number, number]>([
    ['MX', 'express', 150, 299, 399],
    ['EC', 'express', 250, 299, 599],
    ['SV', 'standard', 200, 349, 0],
  ])('breaks %s %s $100 into %d + %d + %d', (country, speed, pct, fixed, express) => {
    expect(internationalFeeBreakdown(country, c(10000), speed)).toEqual({
      percentCents: pct,
      fixedCents: fixed,
      expressCents: express,
      totalCents: pct + fixed + express,
    });
  });
});

describe('corridorFixedFee', () => {
  it.each<[CorridorCountry, number]>([
    // spec's per-currency table
    ['MX', 299],
    ['GT', 349],
    ['HN', 349],
    ['CO', 399],
    ['PE', 399],
    ['EC', 299], // beats South America's $3.99
    // regional fallback
    ['BZ', 349],
    ['SV', 349],
    ['PA', 349],
    ['BR', 399],
    ['CL', 399],
  ])('%s → %d¢', (country, expected) => {
    expect(corridorFixedFee(country)).toBe(expected);
  });

  it('keys only corridors paid out in the listed currency', () => {
    for (const fee of CORRIDOR_FIXED_FEES) {
      expect(getCorridor(fee.country).currency).toBe(fee.currency);
    }
  });
});

describe('fundingFee', () => {
  it.each<[number, FundingMethod, number]>([
    [5000, 'debit_card', 175],
    [5000, 'credit_card', 205],
    [5000, 'bank', 0],
    [10000, 'debit_card', 320],
    [10000, 'credit_card', 380],
    [99900, 'bank', 0],
    [1, 'debit_card', 30],
    [0, 'credit_card', 30],
    [50, 'debit_card', 31], // 1.45¢ → 1
    [100, 'credit_card', 34], // 3.5¢ → 4
    [99900, 'debit_card', 2927], // 2897.1¢ → 2897
    [99900, 'credit_card', 3527], // 3496.5¢ → 3497
  ])('%d¢ by %s → %d¢', (amount, method, expected) => {
    expect(fundingFee(c(amount), method)).toBe(expected);
  });

  it('rejects a negative amount', () => {
    expect(() => fundingFee(c(-1), 'debit_card')).toThrow(RangeError);
  });
});

describe('fxSpreadBps', () => {
  it.each<[CorridorCurrency, number]>([
    ['MXN', 200],
    ['GTQ', 250],
    ['BZD', 250],
    ['HNL', 250],
    ['NIO', 250],
    ['CRC', 250],
    ['COP', 250],
    ['VES', 250],
    ['GYD', 250],
    ['SRD', 250],
    ['BRL', 250],
    ['PEN', 250],
    ['BOB', 250],
    ['PYG', 250],
    ['UYU', 250],
    ['ARS', 250],
    ['CLP', 250],
    ['USD', 0], // no exchange for SV, PA, EC
  ])('%s → %d bps', (currency, expected) => {
    expect(fxSpreadBps(currency)).toBe(expected);
  });
});

describe('spec §9 figures', () => {
  it.each<[string, unknown, unknown]>([
    ['Mexico %', REGION_FEES.mexico.bps, 150],
    ['Mexico fixed', REGION_FEES.mexico.fixedCents, 299],
    ['Mexico express', REGION_FEES.mexico.expressExtraCents, 399],
    ['Central America %', REGION_FEES.central_america.bps, 200],
    ['Central America fixed', REGION_FEES.central_america.fixedCents, 349],
    ['Central America express', REGION_FEES.central_america.expressExtraCents, 499],
    ['South America %', REGION_FEES.south_america.bps, 250],
    ['South America fixed', REGION_FEES.south_america.fixedCents, 399],
    ['South America express', REGION_FEES.south_america.expressExtraCents, 599],
    ['instant transfer', INSTANT_TRANSFER_FEE, 175],
    ['per transaction limit', TRANSFER_LIMITS.perTransaction, 99900],
    ['daily limit', TRANSFER_LIMITS.daily, 250000],
    ['monthly limit', TRANSFER_LIMITS.monthly, 1000000],
    ['replacement card', CARD_FEES.replacement, 500],
    ['expedited delivery', CARD_FEES.expeditedDelivery, 1500],
    ['free in-network ATM withdrawals', ATM_FEES.inNetworkFreePerMonth, 4],
    ['out-of-network ATM', ATM_FEES.outOfNetwork, 250],
    ['international ATM', ATM_FEES.international, 350],
    ['free cash deposits', DEPOSIT_FEES.cashFreePerMonth, 50000],
    ['cash deposit after', DEPOSIT_FEES.cashAfterFreeAmount, 199],
    ['mobile check deposit', DEPOSIT_FEES.mobileCheck, 0],
    ['MXN spread', FX_SPREADS.MXN, 200],
    ['other spread', FX_SPREADS.other, 250],
    ['bank funding', FUNDING_FEES.bank, { bps: 0, fixedCents: 0 }],
    ['debit card funding', FUNDING_FEES.debit_card, { bps: 290, fixedCents: 30 }],
    ['credit card funding', FUNDING_FEES.credit_card, { bps: 350, fixedCents: 30 }],
    [
      'fixed fees by currency',
      CORRIDOR_FIXED_FEES.map((f) => [f.country, f.currency, f.fixedCents]),
      [
        ['MX', 'MXN', 299],
        ['GT', 'GTQ', 349],
        ['HN', 'HNL', 349],
        ['CO', 'COP', 399],
        ['PE', 'PEN', 399],
        ['EC', 'USD', 299],
      ],
    ],
    ['express to Mexico', DELIVERY_TIMES.expressMexicoMaxMinutes, 30],
    ['standard delivery', [DELIVERY_TIMES.standardMinDays, DELIVERY_TIMES.standardMaxDays], [1, 3]],
    [
      'traditional remittance',
      TRADITIONAL_REMITTANCE,
      { minBps: 300, maxBps: 600, minFixedCents: 500, maxFixedCents: 1500 },
    ],
    [
      'same-day hours',
      SAME_DAY_HOURS,
      { weekdays: [1, 2, 3, 4, 5], fromHour: 8, toHour: 20, timeZone: 'America/New_York' },
    ],
    ['fee change notice', FEE_CHANGE_NOTICE_DAYS, 30],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('FEE_SCHEDULE', () => {
  it.each<[string, FeePrice]>([
    ['openAccount', { kind: 'free' }],
    ['monthlyMaintenance', { kind: 'free' }],
    ['closeAccount', { kind: 'free' }],
    ['cardIssuance', { kind: 'free' }],
    ['cardActivation', { kind: 'free' }],
    ['replacementCard', { kind: 'fixed', cents: c(500) }],
    ['expeditedDelivery', { kind: 'fixed', cents: c(1500) }],
    ['pagoToPago', { kind: 'free' }],
    ['bankTransfer', { kind: 'free' }],
    [
      'internationalMexico',
      { kind: 'percentPlusFixed', bps: 150, fixedCents: c(299), expressExtraCents: c(399) },
    ],
    [
      'internationalCentralAmerica',
      { kind: 'percentPlusFixed', bps: 200, fixedCents: c(349), expressExtraCents: c(499) },
    ],
    [
      'internationalSouthAmerica',
      { kind: 'percentPlusFixed', bps: 250, fixedCents: c(399), expressExtraCents: c(599) },
    ],
    ['fixedFeeMx', { kind: 'fixed', cents: c(299) }],
    ['fixedFeeGt', { kind: 'fixed', cents: c(349) }],
    ['fixedFeeHn', { kind: 'fixed', cents: c(349) }],
    ['fixedFeeCo', { kind: 'fixed', cents: c(399) }],
    ['fixedFeePe', { kind: 'fixed', cents: c(399) }],
    ['fixedFeeEc', { kind: 'fixed', cents: c(299) }],
    ['exchangeMxn', { kind: 'percent', bps: 200 }],
    ['exchangeOther', { kind: 'percent', bps: 250 }],
    ['exchangeUsd', { kind: 'free' }],
    ['limitPerTransaction', { kind: 'limit', cents: c(99900), per: 'transaction' }],
    ['limitDaily', { kind: 'limit', cents: c(250000), per: 'day' }],
    ['limitMonthly', { kind: 'limit', cents: c(1000000), per: 'month' }],
    ['deliveryExpress', { kind: 'duration', unit: 'minute', max: 30 }],
    ['deliveryStandard', { kind: 'duration', unit: 'day', min: 1, max: 3 }],
    [
      'sameDayHours',
      {
        kind: 'hours',
        weekdays: [1, 2, 3, 4, 5],
        fromHour: 8,
        toHour: 20,
        timeZone: 'America/New_York',
      },
    ],
    ['atmInNetwork', { kind: 'freeUpToCount', count: 4, per: 'month', thenCents: c(250) }],
    ['atmOutOfNetwork', { kind: 'fixed', cents: c(250) }],
    ['atmInternational', { kind: 'fixed', cents: c(350), plusThirdPartyFees: true }],
    ['cashDeposit', { kind: 'freeUpToAmount', cents: c(50000), per: 'month', thenCents: c(199) }],
    ['mobileCheckDeposit', { kind: 'free' }],
    ['fundingBank', { kind: 'free' }],
    ['fundingDebitCard', { kind: 'percentPlusFixed', bps: 290, fixedCents: c(30) }],
    ['fundingCreditCard', { kind: 'percentPlusFixed', bps: 350, fixedCents: c(30) }],
    [
      'traditionalRemittance',
      {
        kind: 'percentRangePlusFixedRange',
        minBps: 300,
        maxBps: 600,
        minFixedCents: c(500),
        maxFixedCents: c(1500),
      },
    ],
    ['feeChangeNotice', { kind: 'notice', days: 30 }],
  ])('%s', (id, price) => {
    expect(rowPrice(id)).toEqual(price);
  });

  it('has sections in page order', () => {
    expect(FEE_SCHEDULE.map((s) => s.id)).toEqual([
      'account',
      'card',
      'transfers',
      'international',
      'corridorFixedFees',
      'exchange',
      'limits',
      'delivery',
      'atm',
      'deposits',
      'funding',
      'comparison',
      'changes',
    ]);
  });

  it('uses unique camelCase ids', () => {
    const ids = FEE_SCHEDULE.flatMap((s) => [s.id, ...s.rows.map((r) => r.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it('tags region rows and per-corridor rows for the page', () => {
    const international = FEE_SCHEDULE.find((s) => s.id === 'international');
    expect(international?.rows.map((r) => r.region)).toEqual([
      'mexico',
      'central_america',
      'south_america',
    ]);
    const fixed = FEE_SCHEDULE.find((s) => s.id === 'corridorFixedFees');
    expect(fixed?.rows.map((r) => [r.country, r.currency])).toEqual([
      ['MX', 'MXN'],
      ['GT', 'GTQ'],
      ['HN', 'HNL'],
      ['CO', 'COP'],
      ['PE', 'PEN'],
      ['EC', 'USD'],
    ]);
    expect(fixed?.notes).toEqual(['corridorFixedFeeWins']);
  });
});

describe('formatBps', () => {
  it.each<[number, Locale, string]>([
    [150, 'en', '1.5%'],
    [150, 'es', '1.5%'],
    [200, 'en', '2%'],
    [250, 'es', '2.5%'],
    [290, 'en', '2.9%'],
    [350, 'es', '3.5%'],
    [0, 'en', '0%'],
    [1, 'en', '0.01%'],
    [12345, 'es', '123.45%'],
    [10000, 'en', '100%'],
    [-150, 'en', '-1.5%'],
  ])('%d bps (%s) → %s', (bps, locale, expected) => {
    expect(formatBps(bps, locale)).toBe(expected);
  });

  it('rejects fractional basis points', () => {
    expect(() => formatBps(1.5, 'en')).toThrow(RangeError);
  });
});

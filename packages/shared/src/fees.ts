import { addCents, type Cents, intlLocale, type Locale, percentOf } from './money';

// The whole fee schedule of spec §9. Services compute fees from it and the public /fees page is
// rendered from FEE_SCHEDULE, so each figure is written exactly once, here.

const usd = (n: number) => n as Cents;

export type Region = 'mexico' | 'central_america' | 'south_america';
export type TransferSpeed = 'standard' | 'express';

export const CORRIDORS = [
  { country: 'MX', region: 'mexico', currency: 'MXN' },
  { country: 'GT', region: 'central_america', currency: 'GTQ' },
  { country: 'BZ', region: 'central_america', currency: 'BZD' },
  { country: 'SV', region: 'central_america', currency: 'USD' },
  { country: 'HN', region: 'central_america', currency: 'HNL' },
  { country: 'NI', region: 'central_america', currency: 'NIO' },
  { country: 'CR', region: 'central_america', currency: 'CRC' },
  { country: 'PA', region: 'central_america', currency: 'USD' },
  { country: 'CO', region: 'south_america', currency: 'COP' },
  { country: 'VE', region: 'south_america', currency: 'VES' },
  { country: 'GY', region: 'south_america', currency: 'GYD' },
  { country: 'SR', region: 'south_america', currency: 'SRD' },
  { country: 'BR', region: 'south_america', currency: 'BRL' },
  { country: 'EC', region: 'south_america', currency: 'USD' },
  { country: 'PE', region: 'south_america', currency: 'PEN' },
  { country: 'BO', region: 'south_america', currency: 'BOB' },
  { country: 'PY', region: 'south_america', currency: 'PYG' },
  { country: 'UY', region: 'south_america', currency: 'UYU' },
  { country: 'AR', region: 'south_america', currency: 'ARS' },
  { country: 'CL', region: 'south_america', currency: 'CLP' },
] as const satisfies readonly { country: string; region: Region; currency: string }[];

export type Corridor = (typeof CORRIDORS)[number];
export type CorridorCountry = Corridor['country'];
export type CorridorCurrency = Corridor['currency'];

/** Non-empty tuple of corridor countries, ready for `z.enum(CORRIDOR_COUNTRIES)`. */
export const CORRIDOR_COUNTRIES = CORRIDORS.map((c) => c.country) as unknown as readonly [
  CorridorCountry,
  ...CorridorCountry[],
];

export function isCorridorCountry(value: unknown): value is CorridorCountry {
  return CORRIDORS.some((c) => c.country === value);
}

export function getCorridor(country: CorridorCountry): Corridor {
  const corridor = CORRIDORS.find((c) => c.country === country);
  if (!corridor) throw new RangeError(`Not a corridor country: ${country}`);
  return corridor;
}

export interface RegionFee {
  readonly bps: number;
  readonly fixedCents: Cents;
  readonly expressExtraCents: Cents;
}

/** International standard fee per region; express adds expressExtraCents. */
export const REGION_FEES: Readonly<Record<Region, RegionFee>> = {
  mexico: { bps: 150, fixedCents: usd(299), expressExtraCents: usd(399) },
  central_america: { bps: 200, fixedCents: usd(349), expressExtraCents: usd(499) },
  south_america: { bps: 250, fixedCents: usd(399), expressExtraCents: usd(599) },
};

/**
 * The spec's "fixed fee by currency". Keyed by country because USD is paid out in three
 * corridors and the spec prices only Ecuador's. Where a corridor has an entry here it replaces
 * its region's fixed fee (the more specific rule wins); the percentage and express extra still
 * come from the region. /fees states this rule (FEE_SCHEDULE note `corridorFixedFeeWins`).
 */
export const CORRIDOR_FIXED_FEES = [
  { country: 'MX', currency: 'MXN', fixedCents: usd(299) },
  { country: 'GT', currency: 'GTQ', fixedCents: usd(349) },
  { country: 'HN', currency: 'HNL', fixedCents: usd(349) },
  { country: 'CO', currency: 'COP', fixedCents: usd(399) },
  { country: 'PE', currency: 'PEN', fixedCents: usd(399) },
  { country: 'EC', currency: 'USD', fixedCents: usd(299) },
] as const satisfies readonly {
  country: CorridorCountry;
  currency: CorridorCurrency;
  fixedCents: Cents;
}[];

/** The fixed part of an international fee: the corridor's own, else its region's. */
export function corridorFixedFee(country: CorridorCountry): Cents {
  const specific = CORRIDOR_FIXED_FEES.find((f) => f.country === country);
  return specific ? specific.fixedCents : REGION_FEES[getCorridor(country).region].fixedCents;
}

export interface InternationalFeeBreakdown {
  readonly percentCents: Cents;
  readonly fixedCents: Cents;
  readonly expressCents: Cents;
  readonly totalCents: Cents;
}

/** The parts of an international fee, for quotes that show how the fee is made up. */
export function internationalFeeBreakdown(
  country: CorridorCountry,
  amount: Cents,
  speed: TransferSpeed,
): InternationalFeeBreakdown {
  if (amount < 0) throw new RangeError(`Amount must not be negative: ${amount}`);
  const region = REGION_FEES[getCorridor(country).region];
  const percentCents = percentOf(amount, region.bps);
  const fixedCents = corridorFixedFee(country);
  const expressCents = speed === 'express' ? region.expressExtraCents : usd(0);
  return {
    percentCents,
    fixedCents,
    expressCents,
    totalCents: addCents(percentCents, fixedCents, expressCents),
  };
}

/** region % of amount (half-up) + fixed fee (+ express extra). */
export function internationalFee(
  country: CorridorCountry,
  amount: Cents,
  speed: TransferSpeed,
): Cents {
  return internationalFeeBreakdown(country, amount, speed).totalCents;
}

/** Per instant transfer. Pago-to-Pago and bank transfers are free. */
export const INSTANT_TRANSFER_FEE = usd(175);
/**
 * An instant withdrawal to a linked bank is an instant transfer (spec: $1.75); standard is free.
 * @alias
 */
export const INSTANT_WITHDRAWAL_FEE = INSTANT_TRANSFER_FEE;
/** Money added from linked banks, per US Eastern day and month (deposits not returned). */
export const BANK_FUNDING_LIMITS = {
  perDeposit: usd(250_000),
  daily: usd(250_000),
  monthly: usd(1_000_000),
} as const satisfies Record<string, Cents>;

/**
 * When money added from a linked bank can be spent (docs/funds-availability.md). Nothing before
 * the bank settles it; at settlement up to `atSettlement`, the rest on hold until
 * `holdBusinessDays` banking days later. A link is new until one of its deposits finished its hold
 * unreturned, and again for `returnResetDays` after any of its deposits is returned.
 */
export const FUNDS_AVAILABILITY = {
  newLink: { atSettlement: usd(0), holdBusinessDays: 3 },
  establishedLink: { atSettlement: usd(50_000), holdBusinessDays: 2 },
  returnResetDays: 60,
} as const;

export type FundingMethod = 'bank' | 'debit_card' | 'credit_card';

export const FUNDING_FEES: Readonly<Record<FundingMethod, { bps: number; fixedCents: Cents }>> = {
  bank: { bps: 0, fixedCents: usd(0) },
  debit_card: { bps: 290, fixedCents: usd(30) },
  credit_card: { bps: 350, fixedCents: usd(30) },
};

export function fundingFee(amount: Cents, method: FundingMethod): Cents {
  if (amount < 0) throw new RangeError(`Amount must not be negative: ${amount}`);
  const fee = FUNDING_FEES[method];
  return addCents(percentOf(amount, fee.bps), fee.fixedCents);
}

/**
 * Spread over the market rate. USD corridors (SV, PA, EC) pay out dollars: there is no
 * exchange, so no spread.
 */
export const FX_SPREADS = { MXN: 200, other: 250, USD: 0 } as const;

export function fxSpreadBps(currency: CorridorCurrency): number {
  if (currency === 'USD') return FX_SPREADS.USD;
  return currency === 'MXN' ? FX_SPREADS.MXN : FX_SPREADS.other;
}

/** Outgoing money per user; day and month are calendar periods in US Eastern time. */
export const TRANSFER_LIMITS = {
  perTransaction: usd(99_900),
  daily: usd(250_000),
  monthly: usd(1_000_000),
} as const satisfies Record<string, Cents>;

export const CARD_FEES = { replacement: usd(500), expeditedDelivery: usd(1500) } as const;

export const ATM_FEES = {
  inNetworkFreePerMonth: 4,
  /** Each in-network withdrawal after the month's free ones. */
  inNetworkAfterFree: usd(250),
  outOfNetwork: usd(250),
  /** Plus whatever the foreign bank charges. */
  international: usd(350),
} as const;

export const DEPOSIT_FEES = {
  cashFreePerMonth: usd(50_000),
  cashAfterFreeAmount: usd(199),
  mobileCheck: usd(0),
} as const;

export const DELIVERY_TIMES = {
  expressMexicoMaxMinutes: 30,
  standardMinDays: 1,
  standardMaxDays: 3,
} as const;

/** Same-day services window (ISO weekdays, 1 = Monday) in US Eastern time. */
export const SAME_DAY_HOURS = {
  weekdays: [1, 2, 3, 4, 5],
  fromHour: 8,
  toHour: 20,
  timeZone: 'America/New_York',
} as const;

/** What traditional remittance costs, for the comparison on /fees. */
export const TRADITIONAL_REMITTANCE = {
  minBps: 300,
  maxBps: 600,
  minFixedCents: usd(500),
  maxFixedCents: usd(1500),
} as const;

export const FEE_CHANGE_NOTICE_DAYS = 30;

// --- The schedule as rendered on /fees ---------------------------------------------------------

export type FeePeriod = 'transaction' | 'day' | 'month';
/** Units are Intl unit identifiers, so the page can format them with style 'unit'. */
export type DurationUnit = 'minute' | 'day';

/** Every figure the page shows, machine-readable; only the words come from translations. */
export type FeePrice =
  | { readonly kind: 'free' }
  | {
      readonly kind: 'fixed';
      readonly cents: Cents;
      readonly per?: 'transaction' | 'check';
      /** The other party's fees come on top (foreign ATM owner). */
      readonly plusThirdPartyFees?: true;
    }
  /** A spread over the market exchange rate. */
  | { readonly kind: 'percent'; readonly bps: number }
  | {
      readonly kind: 'percentPlusFixed';
      readonly bps: number;
      readonly fixedCents: Cents;
      readonly expressExtraCents?: Cents;
    }
  | {
      readonly kind: 'freeUpToCount';
      readonly count: number;
      readonly per: FeePeriod;
      /** What each one costs after the free ones. */
      readonly thenCents: Cents;
    }
  | {
      readonly kind: 'freeUpToAmount';
      readonly cents: Cents;
      readonly per: FeePeriod;
      readonly thenCents: Cents;
    }
  | { readonly kind: 'limit'; readonly cents: Cents; readonly per: FeePeriod }
  /** "under 30 minutes" is { max: 30 }; "1–3 days" is { min: 1, max: 3 }. */
  | {
      readonly kind: 'duration';
      readonly unit: DurationUnit;
      readonly min?: number;
      readonly max: number;
    }
  | {
      readonly kind: 'percentRangePlusFixedRange';
      readonly minBps: number;
      readonly maxBps: number;
      readonly minFixedCents: Cents;
      readonly maxFixedCents: Cents;
    }
  | {
      readonly kind: 'hours';
      readonly weekdays: readonly number[];
      readonly fromHour: number;
      readonly toHour: number;
      readonly timeZone: string;
    }
  | { readonly kind: 'notice'; readonly days: number };

export interface FeeRow {
  /** Stable camelCase id; the web page's i18n key for the row's words. */
  readonly id: string;
  readonly price: FeePrice;
  readonly region?: Region;
  readonly country?: CorridorCountry;
  readonly currency?: CorridorCurrency;
}

export interface FeeSection {
  readonly id: string;
  readonly rows: readonly FeeRow[];
  /** i18n keys of rules the page must state under the section. */
  readonly notes?: readonly string[];
}

const FREE = { kind: 'free' } as const;

function regionRow(id: string, region: Region): FeeRow {
  const { bps, fixedCents, expressExtraCents } = REGION_FEES[region];
  return { id, region, price: { kind: 'percentPlusFixed', bps, fixedCents, expressExtraCents } };
}

function fundingRow(id: string, method: FundingMethod): FeeRow {
  const { bps, fixedCents } = FUNDING_FEES[method];
  const price: FeePrice =
    bps === 0 && fixedCents === 0 ? FREE : { kind: 'percentPlusFixed', bps, fixedCents };
  return { id, price };
}

export const FEE_SCHEDULE: readonly FeeSection[] = [
  {
    id: 'account',
    rows: [
      { id: 'openAccount', price: FREE },
      { id: 'monthlyMaintenance', price: FREE },
      { id: 'closeAccount', price: FREE },
    ],
  },
  {
    id: 'card',
    rows: [
      { id: 'cardIssuance', price: FREE },
      { id: 'cardActivation', price: FREE },
      { id: 'replacementCard', price: { kind: 'fixed', cents: CARD_FEES.replacement } },
      { id: 'expeditedDelivery', price: { kind: 'fixed', cents: CARD_FEES.expeditedDelivery } },
    ],
  },
  {
    id: 'transfers',
    rows: [
      { id: 'pagoToPago', price: FREE },
      { id: 'bankTransfer', price: FREE },
      { id: 'bankDeposit', price: FREE },
      { id: 'standardWithdrawal', price: FREE },
      {
        id: 'instantWithdrawal',
        price: { kind: 'fixed', cents: INSTANT_WITHDRAWAL_FEE, per: 'transaction' },
      },
    ],
  },
  {
    id: 'international',
    rows: [
      regionRow('internationalMexico', 'mexico'),
      regionRow('internationalCentralAmerica', 'central_america'),
      regionRow('internationalSouthAmerica', 'south_america'),
    ],
  },
  {
    id: 'corridorFixedFees',
    rows: CORRIDOR_FIXED_FEES.map(({ country, currency, fixedCents }) => ({
      // fixedFeeMx, fixedFeeGt, …
      id: `fixedFee${country.charAt(0)}${country.charAt(1).toLowerCase()}`,
      country,
      currency,
      price: { kind: 'fixed', cents: fixedCents },
    })),
    notes: ['corridorFixedFeeWins'],
  },
  {
    id: 'exchange',
    rows: [
      { id: 'exchangeMxn', currency: 'MXN', price: { kind: 'percent', bps: FX_SPREADS.MXN } },
      { id: 'exchangeOther', price: { kind: 'percent', bps: FX_SPREADS.other } },
      { id: 'exchangeUsd', currency: 'USD', price: FREE },
    ],
  },
  {
    id: 'limits',
    rows: [
      {
        id: 'limitPerTransaction',
        price: { kind: 'limit', cents: TRANSFER_LIMITS.perTransaction, per: 'transaction' },
      },
      { id: 'limitDaily', price: { kind: 'limit', cents: TRANSFER_LIMITS.daily, per: 'day' } },
      {
        id: 'limitMonthly',
        price: { kind: 'limit', cents: TRANSFER_LIMITS.monthly, per: 'month' },
      },
      {
        id: 'bankFundingDaily',
        price: { kind: 'limit', cents: BANK_FUNDING_LIMITS.daily, per: 'day' },
      },
      {
        id: 'bankFundingMonthly',
        price: { kind: 'limit', cents: BANK_FUNDING_LIMITS.monthly, per: 'month' },
      },
    ],
  },
  {
    id: 'delivery',
    rows: [
      {
        id: 'deliveryExpress',
        price: { kind: 'duration', unit: 'minute', max: DELIVERY_TIMES.expressMexicoMaxMinutes },
      },
      {
        id: 'deliveryStandard',
        price: {
          kind: 'duration',
          unit: 'day',
          min: DELIVERY_TIMES.standardMinDays,
          max: DELIVERY_TIMES.standardMaxDays,
        },
      },
      { id: 'sameDayHours', price: { kind: 'hours', ...SAME_DAY_HOURS } },
    ],
  },
  {
    id: 'atm',
    rows: [
      {
        id: 'atmInNetwork',
        price: {
          kind: 'freeUpToCount',
          count: ATM_FEES.inNetworkFreePerMonth,
          per: 'month',
          thenCents: ATM_FEES.inNetworkAfterFree,
        },
      },
      { id: 'atmOutOfNetwork', price: { kind: 'fixed', cents: ATM_FEES.outOfNetwork } },
      {
        id: 'atmInternational',
        price: { kind: 'fixed', cents: ATM_FEES.international, plusThirdPartyFees: true },
      },
    ],
  },
  {
    id: 'deposits',
    rows: [
      {
        id: 'cashDeposit',
        price: {
          kind: 'freeUpToAmount',
          cents: DEPOSIT_FEES.cashFreePerMonth,
          per: 'month',
          thenCents: DEPOSIT_FEES.cashAfterFreeAmount,
        },
      },
      { id: 'mobileCheckDeposit', price: FREE },
    ],
  },
  {
    id: 'funding',
    rows: [
      fundingRow('fundingBank', 'bank'),
      fundingRow('fundingDebitCard', 'debit_card'),
      fundingRow('fundingCreditCard', 'credit_card'),
    ],
  },
  {
    id: 'comparison',
    rows: [
      {
        id: 'traditionalRemittance',
        price: { kind: 'percentRangePlusFixedRange', ...TRADITIONAL_REMITTANCE },
      },
    ],
  },
  {
    id: 'changes',
    rows: [{ id: 'feeChangeNotice', price: { kind: 'notice', days: FEE_CHANGE_NOTICE_DAYS } }],
  },
];

const percentFormatters = new Map<Locale, Intl.NumberFormat>();

/** 150 → "1.5%". Exact: the basis points become a decimal string, never a float. */
export function formatBps(bps: number, locale: Locale): string {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`Not whole basis points: ${bps}`);
  let formatter = percentFormatters.get(locale);
  if (!formatter) {
    // es-US writes "1.5%", as US Spanish readers see it; "es" would give "1,5 %".
    formatter = new Intl.NumberFormat(intlLocale(locale), {
      style: 'percent',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    percentFormatters.set(locale, formatter);
  }
  const abs = Math.abs(bps);
  const fraction = abs % 10_000;
  const whole = (abs - fraction) / 10_000;
  const decimal = `${bps < 0 ? '-' : ''}${whole}.${String(fraction).padStart(4, '0')}`;
  return formatter.format(decimal as Intl.StringNumericLiteral);
}

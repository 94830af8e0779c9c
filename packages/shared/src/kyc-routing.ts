import { PHONE_COUNTRY_CODES, type PhoneCountryCode } from './phone-countries';

// Which identity-verification vendor a new sign-up goes to, from the ZIP / postal code they
// typed (spec §4 "Verification provider choice"). Plaid covers US, Canadian and UK residents;
// everyone else goes to Persona.

export type KycProvider = 'plaid' | 'persona';

export type ZipRoutingReason =
  | 'empty'
  | 'us_zip'
  | 'us_territory_pr'
  | 'us_military'
  | 'canada'
  | 'uk'
  | 'latam_phone'
  | 'foreign_numeric'
  | 'argentina'
  | 'unknown';

export interface KycRoute {
  provider: KycProvider;
  reason: ZipRoutingReason;
}

/**
 * USPS three-digit ZIP prefixes, as prefix numbers (5 is "005"), sorted and non-overlapping.
 * `state` is the USPS code of where the ZIPs are, not of the facility that sorts them: 201xx is
 * Dulles VA, 055xx Andover MA, 733xx Austin TX and 885xx El Paso TX.
 * Military codes: AE (Europe, Africa, Middle East), AA (Americas), AP (Pacific).
 * Gaps are prefixes USPS has never allocated (000–004, 213, 269, 343, 345, 348, …).
 * Judgement calls, after the USPS L002 prefix matrix and later additions:
 * - 099 is allocated (APO/FPO AE) in L002, so AE runs 090–099.
 * - 771 (Houston) and 872 (Albuquerque) appear in L002; no street ZIPs use them, but the
 *   prefixes are allocated, so they are kept.
 * - 851 (Pinal County AZ: 85138 Maricopa, 85142 Queen Creek) and 569 (DC federal mail) are
 *   newer than L002 and allocated.
 * - 967 also holds American Samoa (96799) and 969 also the Northern Mariana Islands, Palau,
 *   Micronesia and the Marshall Islands; the prefix can only carry one label.
 * - Prefix granularity: 00500 counts as allocated, though USPS uses only 00501–00544.
 */
export const US_ZIP_PREFIXES: readonly { from: number; to: number; state: string }[] = [
  { from: 5, to: 5, state: 'NY' }, // IRS Holtsville
  { from: 6, to: 7, state: 'PR' },
  { from: 8, to: 8, state: 'VI' },
  { from: 9, to: 9, state: 'PR' },
  { from: 10, to: 27, state: 'MA' },
  { from: 28, to: 29, state: 'RI' },
  { from: 30, to: 38, state: 'NH' },
  { from: 39, to: 49, state: 'ME' },
  { from: 50, to: 54, state: 'VT' },
  { from: 55, to: 55, state: 'MA' }, // IRS Andover
  { from: 56, to: 59, state: 'VT' },
  { from: 60, to: 69, state: 'CT' },
  { from: 70, to: 89, state: 'NJ' },
  { from: 90, to: 99, state: 'AE' },
  { from: 100, to: 149, state: 'NY' },
  { from: 150, to: 196, state: 'PA' },
  { from: 197, to: 199, state: 'DE' },
  { from: 200, to: 200, state: 'DC' },
  { from: 201, to: 201, state: 'VA' }, // Dulles
  { from: 202, to: 205, state: 'DC' },
  { from: 206, to: 212, state: 'MD' },
  { from: 214, to: 219, state: 'MD' },
  { from: 220, to: 246, state: 'VA' },
  { from: 247, to: 268, state: 'WV' },
  { from: 270, to: 289, state: 'NC' },
  { from: 290, to: 299, state: 'SC' },
  { from: 300, to: 319, state: 'GA' },
  { from: 320, to: 339, state: 'FL' },
  { from: 340, to: 340, state: 'AA' },
  { from: 341, to: 342, state: 'FL' },
  { from: 344, to: 344, state: 'FL' },
  { from: 346, to: 347, state: 'FL' },
  { from: 349, to: 349, state: 'FL' },
  { from: 350, to: 352, state: 'AL' },
  { from: 354, to: 369, state: 'AL' },
  { from: 370, to: 385, state: 'TN' },
  { from: 386, to: 397, state: 'MS' },
  { from: 398, to: 399, state: 'GA' },
  { from: 400, to: 418, state: 'KY' },
  { from: 420, to: 427, state: 'KY' },
  { from: 430, to: 459, state: 'OH' },
  { from: 460, to: 479, state: 'IN' },
  { from: 480, to: 499, state: 'MI' },
  { from: 500, to: 516, state: 'IA' },
  { from: 520, to: 528, state: 'IA' },
  { from: 530, to: 532, state: 'WI' },
  { from: 534, to: 535, state: 'WI' },
  { from: 537, to: 549, state: 'WI' },
  { from: 550, to: 551, state: 'MN' },
  { from: 553, to: 567, state: 'MN' },
  { from: 569, to: 569, state: 'DC' },
  { from: 570, to: 577, state: 'SD' },
  { from: 580, to: 588, state: 'ND' },
  { from: 590, to: 599, state: 'MT' },
  { from: 600, to: 620, state: 'IL' },
  { from: 622, to: 629, state: 'IL' },
  { from: 630, to: 631, state: 'MO' },
  { from: 633, to: 641, state: 'MO' },
  { from: 644, to: 658, state: 'MO' },
  { from: 660, to: 662, state: 'KS' },
  { from: 664, to: 679, state: 'KS' },
  { from: 680, to: 681, state: 'NE' },
  { from: 683, to: 693, state: 'NE' },
  { from: 700, to: 701, state: 'LA' },
  { from: 703, to: 708, state: 'LA' },
  { from: 710, to: 714, state: 'LA' },
  { from: 716, to: 729, state: 'AR' },
  { from: 730, to: 731, state: 'OK' },
  { from: 733, to: 733, state: 'TX' }, // IRS Austin
  { from: 734, to: 741, state: 'OK' },
  { from: 743, to: 749, state: 'OK' },
  { from: 750, to: 799, state: 'TX' },
  { from: 800, to: 816, state: 'CO' },
  { from: 820, to: 831, state: 'WY' },
  { from: 832, to: 838, state: 'ID' },
  { from: 840, to: 847, state: 'UT' },
  { from: 850, to: 853, state: 'AZ' },
  { from: 855, to: 857, state: 'AZ' },
  { from: 859, to: 860, state: 'AZ' },
  { from: 863, to: 865, state: 'AZ' },
  { from: 870, to: 875, state: 'NM' },
  { from: 877, to: 884, state: 'NM' },
  { from: 885, to: 885, state: 'TX' }, // El Paso
  { from: 889, to: 891, state: 'NV' },
  { from: 893, to: 895, state: 'NV' },
  { from: 897, to: 898, state: 'NV' },
  { from: 900, to: 908, state: 'CA' },
  { from: 910, to: 928, state: 'CA' },
  { from: 930, to: 961, state: 'CA' },
  { from: 962, to: 966, state: 'AP' },
  { from: 967, to: 968, state: 'HI' },
  { from: 969, to: 969, state: 'GU' },
  { from: 970, to: 979, state: 'OR' },
  { from: 980, to: 986, state: 'WA' },
  { from: 988, to: 994, state: 'WA' },
  { from: 995, to: 999, state: 'AK' },
];

const MILITARY_STATES: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);

// The spec singles out 006–009 (Puerto Rico and the Virgin Islands) as plaid.
const TERRITORY_PR_PREFIXES = { from: 6, to: 9 };

/**
 * Phones from these countries make a bare 5-digit code ambiguous: Mexico, Guatemala, Costa
 * Rica, Spain and others also use 5-digit postal codes, and most of them (28013 Madrid, 44100
 * Guadalajara) collide with allocated US prefixes. The phone is the stronger signal there.
 */
// Every allowed phone country but the two North American ones.
const LATAM_PHONE_COUNTRIES: ReadonlySet<PhoneCountryCode> = new Set(
  PHONE_COUNTRY_CODES.filter((code) => code !== 'US' && code !== 'CA'),
);

// Canada Post: no D F I O Q U anywhere, and no W or Z as the first letter.
const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

// Royal Mail outward code (A9, A99, AA9, AA99, A9A, AA9A) + inward code (9AA), spaces removed.
// Letter sets per position follow the published format; GIR 0AA is the one historic exception.
const UK_POSTCODE =
  /^(?:GIR0AA|[A-PR-UWYZ](?:\d[\dA-HJKPSTUW]?|[A-HK-Y]\d[\dABEHMNPRV-Y]?)\d[ABD-HJLNP-UW-Z]{2})$/;

// Five digits, then an optional ZIP+4 extension with or without the hyphen.
const US_ZIP_SHAPE = /^(\d{5})(?:-?\d{4})?$/;

const FOREIGN_NUMERIC = /^\d{4,7}$/;

// Argentine CPA: province letter, the old 4-digit code, 3 letters for the block face.
const ARGENTINE_CPA = /^[A-Z]\d{4}[A-Z]{3}$/;

function normalise(zipCode: string | null | undefined): string {
  return (zipCode ?? '').replace(/\s+/g, '').toUpperCase();
}

function findPrefix(zip5: string) {
  const prefix = Number(zip5.slice(0, 3));
  return US_ZIP_PREFIXES.find((range) => prefix >= range.from && prefix <= range.to);
}

function usReason(zip5: string, state: string): ZipRoutingReason {
  const prefix = Number(zip5.slice(0, 3));
  if (prefix >= TERRITORY_PR_PREFIXES.from && prefix <= TERRITORY_PR_PREFIXES.to) {
    return 'us_territory_pr';
  }
  return MILITARY_STATES.has(state) ? 'us_military' : 'us_zip';
}

/**
 * Picks the verification provider for a sign-up from its ZIP / postal code and, when known, the
 * country of its phone number.
 *
 * Ambiguity rule: a bare 5-digit code with a phone from Latin America or Spain goes to Persona
 * ('latam_phone') even when the prefix is a US one. A US or Canadian phone, or none, leaves the
 * ZIP in charge. ZIP+4, Canadian and UK codes are US/CA/UK-only shapes, so the phone never
 * overrides them.
 */
export function routeKycProvider(
  zipCode: string | null | undefined,
  phoneCountry?: PhoneCountryCode | null,
): KycRoute {
  const zip = normalise(zipCode);
  if (zip === '') return { provider: 'persona', reason: 'empty' };

  if (CANADIAN_POSTAL_CODE.test(zip)) return { provider: 'plaid', reason: 'canada' };
  if (UK_POSTCODE.test(zip)) return { provider: 'plaid', reason: 'uk' };

  const us = US_ZIP_SHAPE.exec(zip);
  if (us?.[1]) {
    const zip5 = us[1];
    const isBareFive = zip.length === 5;
    if (isBareFive && phoneCountry && LATAM_PHONE_COUNTRIES.has(phoneCountry)) {
      return { provider: 'persona', reason: 'latam_phone' };
    }
    const range = findPrefix(zip5);
    if (range) return { provider: 'plaid', reason: usReason(zip5, range.state) };
    // A ZIP+4 shape on an unallocated prefix is no known format; a bare five falls through.
    if (!isBareFive) return { provider: 'persona', reason: 'unknown' };
  }

  if (FOREIGN_NUMERIC.test(zip)) return { provider: 'persona', reason: 'foreign_numeric' };
  if (ARGENTINE_CPA.test(zip)) return { provider: 'persona', reason: 'argentina' };
  return { provider: 'persona', reason: 'unknown' };
}

export function kycProviderForZip(
  zipCode: string | null | undefined,
  phoneCountry?: PhoneCountryCode | null,
): KycProvider {
  return routeKycProvider(zipCode, phoneCountry).provider;
}

/**
 * USPS state, territory or military code for a 5-digit ZIP or ZIP+4 (whitespace and case
 * ignored); null for anything else, including codes on unallocated prefixes.
 */
export function usStateForZip(zip: string): string | null {
  const zip5 = US_ZIP_SHAPE.exec(normalise(zip))?.[1];
  if (!zip5) return null;
  return findPrefix(zip5)?.state ?? null;
}

import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Countries the sign-up phone picker offers (spec §2), in the spec's order. Names are neutral
// Latin American Spanish, as the picker shows them without further translation.
export const PHONE_COUNTRIES = [
  { code: 'US', callingCode: '1', name: { es: 'Estados Unidos', en: 'United States' } },
  { code: 'CA', callingCode: '1', name: { es: 'Canadá', en: 'Canada' } },
  { code: 'MX', callingCode: '52', name: { es: 'México', en: 'Mexico' } },
  { code: 'GT', callingCode: '502', name: { es: 'Guatemala', en: 'Guatemala' } },
  { code: 'BZ', callingCode: '501', name: { es: 'Belice', en: 'Belize' } },
  { code: 'SV', callingCode: '503', name: { es: 'El Salvador', en: 'El Salvador' } },
  { code: 'HN', callingCode: '504', name: { es: 'Honduras', en: 'Honduras' } },
  { code: 'NI', callingCode: '505', name: { es: 'Nicaragua', en: 'Nicaragua' } },
  { code: 'CR', callingCode: '506', name: { es: 'Costa Rica', en: 'Costa Rica' } },
  { code: 'PA', callingCode: '507', name: { es: 'Panamá', en: 'Panama' } },
  { code: 'CO', callingCode: '57', name: { es: 'Colombia', en: 'Colombia' } },
  { code: 'VE', callingCode: '58', name: { es: 'Venezuela', en: 'Venezuela' } },
  { code: 'GY', callingCode: '592', name: { es: 'Guyana', en: 'Guyana' } },
  { code: 'SR', callingCode: '597', name: { es: 'Surinam', en: 'Suriname' } },
  { code: 'BR', callingCode: '55', name: { es: 'Brasil', en: 'Brazil' } },
  { code: 'EC', callingCode: '593', name: { es: 'Ecuador', en: 'Ecuador' } },
  { code: 'PE', callingCode: '51', name: { es: 'Perú', en: 'Peru' } },
  { code: 'BO', callingCode: '591', name: { es: 'Bolivia', en: 'Bolivia' } },
  { code: 'PY', callingCode: '595', name: { es: 'Paraguay', en: 'Paraguay' } },
  { code: 'UY', callingCode: '598', name: { es: 'Uruguay', en: 'Uruguay' } },
  { code: 'AR', callingCode: '54', name: { es: 'Argentina', en: 'Argentina' } },
  { code: 'CL', callingCode: '56', name: { es: 'Chile', en: 'Chile' } },
  { code: 'ES', callingCode: '34', name: { es: 'España', en: 'Spain' } },
] as const satisfies readonly {
  code: string;
  callingCode: string;
  name: { es: string; en: string };
}[];

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export type PhoneCountryCode = PhoneCountry['code'];

/** Non-empty tuple of codes, ready for `z.enum(PHONE_COUNTRY_CODES)`. */
export const PHONE_COUNTRY_CODES = PHONE_COUNTRIES.map((c) => c.code) as unknown as readonly [
  PhoneCountryCode,
  ...PhoneCountryCode[],
];

export const DEFAULT_PHONE_COUNTRY = 'US' satisfies PhoneCountryCode;

export function isPhoneCountry(value: unknown): value is PhoneCountryCode {
  return PHONE_COUNTRIES.some((c) => c.code === value);
}

export function getPhoneCountry(code: PhoneCountryCode): PhoneCountry {
  const country = PHONE_COUNTRIES.find((c) => c.code === code);
  if (!country) throw new RangeError(`Not a phone country: ${code}`);
  return country;
}

/** The country a phone number (E.164) belongs to, by libphonenumber's metadata; none if invalid. */
export function phoneCountryOf(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.country : undefined;
}

/**
 * A remittance is paid out in its destination country, so its recipient's phone must be from
 * there. The server refuses a mismatch and the send form checks the same rule.
 */
export function isPhoneOfCountry(phone: string, country: string): boolean {
  return phoneCountryOf(phone) === country;
}

import {
  isPhoneCountry,
  PHONE_COUNTRIES,
  type PhoneCountryCode,
} from '@pago/shared/phone-countries';
import { AsYouType } from 'libphonenumber-js/min';

/** Longer input is refused outright (spec §5), before any clean-up. */
export const PHONE_INPUT_MAX_LENGTH = 250;
/** The national number (after the country code) may have 2 to 17 digits (spec §5); the box stops at 17. */
export const NATIONAL_DIGITS_MAX = 17;

export type PhoneInput = {
  /** What the box shows, formatted for the country as the person types. */
  text: string;
  country: PhoneCountryCode;
  /** E.164 ("+15551234567"), what the form submits; empty when the box is. */
  value: string;
  /** The national number: the digits after the country code (and any national prefix). */
  national: string;
};

export function emptyPhoneInput(country: PhoneCountryCode): PhoneInput {
  return { text: '', country, value: '', national: '' };
}

/** AsYouType has getNationalNumber at run time; the min build's typings leave it out. */
type Typer = AsYouType & { getNationalNumber(): string };

/**
 * Formats digits typed for `country`, or for the country code they start with when they begin
 * with a plus. Returns null when the national number would exceed 17 digits.
 */
export function formatPhoneInput(
  digits: string,
  international: boolean,
  country: PhoneCountryCode,
): PhoneInput | null {
  if (!digits) return { ...emptyPhoneInput(country), text: international ? '+' : '' };
  if (!international) {
    const typer = new AsYouType(country) as Typer;
    const text = typer.input(digits);
    const national = typer.getNationalNumber();
    if (national.length > NATIONAL_DIGITS_MAX) return null;
    return { text, country, value: typer.getNumberValue() ?? '', national };
  }
  const typer = new AsYouType() as Typer;
  const text = typer.input(`+${digits}`);
  const national = typer.getNationalNumber();
  if (national.length > NATIONAL_DIGITS_MAX) return null;
  return {
    text,
    country: countryForTyped(typer.getCountry(), typer.getCallingCode(), country),
    value: typer.getNumberValue() ?? `+${digits}`,
    national,
  };
}

/** The picker follows a typed country code: the exact country when known, else one sharing the code. */
function countryForTyped(
  detected: string | undefined,
  callingCode: string | undefined,
  current: PhoneCountryCode,
): PhoneCountryCode {
  if (isPhoneCountry(detected)) return detected;
  if (!callingCode) return current;
  if (PHONE_COUNTRIES.some((c) => c.code === current && c.callingCode === callingCode)) {
    return current;
  }
  return PHONE_COUNTRIES.find((c) => c.callingCode === callingCode)?.code ?? current;
}

/**
 * Applies one edit of the phone box. Only digits and a leading plus are kept; anything else typed
 * is ignored. Returns null when the edit is refused (over 250 characters, or too many digits).
 */
export function editPhoneInput(previous: PhoneInput, raw: string): PhoneInput | null {
  if (raw.length > PHONE_INPUT_MAX_LENGTH) return null;
  const international = raw.trimStart().startsWith('+');
  let digits = raw.replace(/\D/g, '');
  const previousDigits = previous.text.replace(/\D/g, '');
  const wasInternational = previous.text.startsWith('+');
  // Deleting a space or a parenthesis the formatting put there deletes the digit before it, or
  // the formatting would put it straight back and the key would seem dead.
  if (
    raw.length < previous.text.length &&
    digits === previousDigits &&
    international === wasInternational
  ) {
    digits = digits.slice(0, -1);
  }
  return formatPhoneInput(digits, international, previous.country);
}

/** The picker sets the country code: the national number is kept and formatted for the new country. */
export function changePhoneCountry(previous: PhoneInput, country: PhoneCountryCode): PhoneInput {
  return formatPhoneInput(previous.national, false, country) ?? emptyPhoneInput(country);
}

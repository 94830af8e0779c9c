import { describe, expect, it } from 'vitest';
import { CORRIDOR_COUNTRIES } from './fees';
import {
  DEFAULT_PHONE_COUNTRY,
  getPhoneCountry,
  isPhoneCountry,
  isPhoneOfCountry,
  PHONE_COUNTRIES,
  PHONE_COUNTRY_CODES,
  type PhoneCountryCode,
} from './phone-countries';

const expected: [PhoneCountryCode, string, string, string][] = [
  ['US', '1', 'Estados Unidos', 'United States'],
  ['CA', '1', 'Canadá', 'Canada'],
  ['MX', '52', 'México', 'Mexico'],
  ['GT', '502', 'Guatemala', 'Guatemala'],
  ['BZ', '501', 'Belice', 'Belize'],
  ['SV', '503', 'El Salvador', 'El Salvador'],
  ['HN', '504', 'Honduras', 'Honduras'],
  ['NI', '505', 'Nicaragua', 'Nicaragua'],
  ['CR', '506', 'Costa Rica', 'Costa Rica'],
  ['PA', '507', 'Panamá', 'Panama'],
  ['CO', '57', 'Colombia', 'Colombia'],
  ['VE', '58', 'Venezuela', 'Venezuela'],
  ['GY', '592', 'Guyana', 'Guyana'],
  ['SR', '597', 'Surinam', 'Suriname'],
  ['BR', '55', 'Brasil', 'Brazil'],
  ['EC', '593', 'Ecuador', 'Ecuador'],
  ['PE', '51', 'Perú', 'Peru'],
  ['BO', '591', 'Bolivia', 'Bolivia'],
  ['PY', '595', 'Paraguay', 'Paraguay'],
  ['UY', '598', 'Uruguay', 'Uruguay'],
  ['AR', '54', 'Argentina', 'Argentina'],
  ['CL', '56', 'Chile', 'Chile'],
  ['ES', '34', 'España', 'Spain'],
];

describe('PHONE_COUNTRIES', () => {
  it('follows the order of spec §2', () => {
    expect(PHONE_COUNTRY_CODES.join(' ')).toBe(
      'US CA MX GT BZ SV HN NI CR PA CO VE GY SR BR EC PE BO PY UY AR CL ES',
    );
    expect(PHONE_COUNTRIES.map((p) => p.code)).toEqual([...PHONE_COUNTRY_CODES]);
  });

  it.each(expected)('%s: +%s, %s / %s', (code, callingCode, es, en) => {
    expect(isPhoneCountry(code)).toBe(true);
    expect(getPhoneCountry(code)).toEqual({ code, callingCode, name: { es, en } });
  });

  it.each<unknown>(['us', 'GB', 'FR', 'PR', '', 'USA', '+1', null, undefined, 1])(
    '%j is not allowed',
    (value) => {
      expect(isPhoneCountry(value)).toBe(false);
    },
  );

  it('defaults to the US', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('US');
    expect(isPhoneCountry(DEFAULT_PHONE_COUNTRY)).toBe(true);
  });

  it.each([...CORRIDOR_COUNTRIES])('corridor %s has a phone country', (code) => {
    expect(isPhoneCountry(code)).toBe(true);
  });

  it('getPhoneCountry refuses an unknown code at runtime', () => {
    expect(() => getPhoneCountry('GB' as PhoneCountryCode)).toThrow(RangeError);
  });
});

describe('isPhoneOfCountry: a remittance recipient’s phone belongs to the destination', () => {
  it.each([
    ['+525512345678', 'MX', true],
    ['+12125551234', 'MX', false],
    ['+12125551234', 'US', true],
    ['+14165551234', 'US', false],
    ['+573001234567', 'CO', true],
    ['+573001234567', 'PE', false],
    ['+50222345678', 'GT', true],
    ['+5255', 'MX', false],
  ])('%s in %s: %s', (phone, country, expected) => {
    expect(isPhoneOfCountry(phone, country)).toBe(expected);
  });
});

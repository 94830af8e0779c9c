import { describe, expect, it } from 'vitest';
import { updateProfileBody } from './accounts';
import { formatAddress, parseOneLineAddress, US_STATES, usAddressSchema, zip5 } from './address';

const home = {
  street: '1200 Brickell Ave',
  street2: 'Apt 4B',
  city: 'Miami',
  state: 'FL',
  postalCode: '33131',
};

describe('usAddressSchema', () => {
  it.each([
    ['a full address', {}],
    ['no second line', { street2: undefined }],
    ['a null second line', { street2: null }],
    ['ZIP+4', { postalCode: '33131-1234' }],
    ['the District of Columbia', { state: 'DC', postalCode: '20001' }],
    ['Puerto Rico', { state: 'PR', city: 'San Juan', postalCode: '00901' }],
    ['the Virgin Islands', { state: 'VI', postalCode: '00802' }],
    ['a street of 100 characters', { street: 'a'.repeat(100) }],
    ['a city of 60 characters', { city: 'c'.repeat(60) }],
    ['a street named Box Elder', { street: '12 Box Elder St' }],
    ['a street named Poblano', { street: '9 Poblano Ave' }],
    ['accents', { street: 'Calle Núñez 5', city: 'Bayamón', state: 'PR', postalCode: '00956' }],
  ])('accepts %s', (_label, change) => {
    expect(usAddressSchema.safeParse({ ...home, ...change }).success).toBe(true);
  });

  it.each([
    ['no street', { street: '' }],
    ['a blank street', { street: '   ' }],
    ['no city', { city: '' }],
    ['a street of 101 characters', { street: 'a'.repeat(101) }],
    ['a second line of 101 characters', { street2: 'a'.repeat(101) }],
    ['a city of 61 characters', { city: 'c'.repeat(61) }],
    ['an unknown state', { state: 'XX' }],
    ['a lower-case state', { state: 'fl' }],
    ['an APO (military) state', { state: 'AE' }],
    ['a freely associated state', { state: 'FM' }],
    ['a 4-digit ZIP', { postalCode: '3313' }],
    ['a 6-digit ZIP', { postalCode: '331310' }],
    ['a short +4', { postalCode: '33131-123' }],
    ['a ZIP+4 with a space', { postalCode: '33131 1234' }],
    ['a foreign postal code', { postalCode: 'C1425DKF' }],
    ['a PO box', { street: 'PO Box 123' }],
    ['a P.O. box', { street: 'P.O. Box 9' }],
    ['a POBOX', { street: 'POBOX 9' }],
    ['a post office box', { street: 'Post Office Box 77' }],
    ['an apartado postal', { street: 'Apartado Postal 12' }],
    ['a PO box on the second line', { street2: 'p.o. box 4' }],
    ['a control character', { street: '1 Main\u0000St' }],
    ['a line break', { city: 'Mia\nmi' }],
    ['a country field', { country: 'US' }],
    ['an unknown field', { zip: '33131' }],
  ])('refuses %s', (_label, change) => {
    expect(usAddressSchema.safeParse({ ...home, ...change }).success).toBe(false);
  });

  it('lists the 50 states, DC and the five inhabited territories, once each', () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES).size).toBe(56);
  });
});

describe('the profile’s ZIP code and the address', () => {
  const profile = { name: 'Ana', username: 'ana_g', email: 'ana@example.com' };
  it.each([
    ['the same ZIP', '33131', true],
    ['the same ZIP with the +4', '33131-0001', true],
    ['no ZIP code', undefined, true],
    ['a blank ZIP code', '', true],
    ['a foreign postal code (the Persona route)', 'C1425DKF', true],
    ['another US ZIP', '10001', false],
  ])('with %s: %s', (_label, zipCode, ok) => {
    const body = { ...profile, homeAddress: home, ...(zipCode === undefined ? {} : { zipCode }) };
    const parsed = updateProfileBody.safeParse(body);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['zipCode']);
  });
});

describe('parseOneLineAddress', () => {
  it.each([
    [
      '123 Main St, Miami, FL 33101',
      { street: '123 Main St', street2: null, city: 'Miami', state: 'FL', postalCode: '33101' },
    ],
    [
      '350 Fifth Avenue, Suite 3, New York, ny 10118-0110',
      {
        street: '350 Fifth Avenue',
        street2: 'Suite 3',
        city: 'New York',
        state: 'NY',
        postalCode: '10118-0110',
      },
    ],
    [
      '  9 Elm Rd , Austin TX 78701 ',
      { street: '9 Elm Rd', street2: null, city: 'Austin', state: 'TX', postalCode: '78701' },
    ],
  ])('reads %j', (line, parts) => {
    expect(parseOneLineAddress(line)).toEqual(parts);
  });

  it.each([
    ['no state', '123 Main St, Miami 33101'],
    ['no ZIP', '100 Main St, Miami, FL'],
    ['an unknown state', '1 Main St, Springfield, ZZ 12345'],
    ['a PO box', 'PO Box 9, Miami, FL 33101'],
    ['a foreign address', 'Calle 1 #23, San Salvador'],
    ['one part only', 'Miami FL 33101'],
    ['nothing', ''],
    ['null', null],
  ])('leaves %s unread', (_label, line) => {
    expect(parseOneLineAddress(line)).toBeNull();
  });

  it('reads back what formatAddress writes', () => {
    const parts = { ...home, state: 'FL' as const };
    expect(formatAddress(parts)).toBe('1200 Brickell Ave, Apt 4B, Miami, FL 33131');
    expect(parseOneLineAddress(formatAddress(parts))).toEqual(parts);
    expect(formatAddress({ ...parts, street2: null })).toBe('1200 Brickell Ave, Miami, FL 33131');
  });
});

describe('zip5', () => {
  it.each([
    ['33131', '33131'],
    ['33131-1234', '33131'],
    [' 33131 ', '33131'],
    ['C1425DKF', null],
    ['1234', null],
    [null, null],
  ])('%j → %j', (code, zip) => {
    expect(zip5(code)).toBe(zip);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone, phoneParts } from './phone-format';

describe('formatPhone', () => {
  it('shows a U.S. number in the national form after +1', () => {
    expect(formatPhone('+17135550123')).toBe('+1 (713) 555-0123');
  });
  it('shows other countries in their international form', () => {
    expect(formatPhone('+525512345678')).toBe('+52 55 1234 5678');
  });
  it('leaves what is not a phone as it is', () => {
    expect(formatPhone('@ana_g')).toBe('@ana_g');
    expect(formatPhone('+')).toBe('+');
  });
});

describe('phoneParts', () => {
  it('splits the calling code from the national number', () => {
    expect(phoneParts('+17135550123')).toEqual({ countryCode: '1', number: '7135550123' });
    expect(phoneParts('+525512345678')).toEqual({ countryCode: '52', number: '5512345678' });
    expect(phoneParts('')).toBeNull();
  });
});

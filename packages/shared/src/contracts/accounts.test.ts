import { describe, expect, it } from 'vitest';
import { phoneSchema } from './accounts';

describe('phoneSchema', () => {
  const cases: [string, boolean][] = [
    ['+13055550123', true], // United States
    ['+525512345678', true], // Mexico
    ['+5215512345678', false], // Mexico's old mobile prefix: not a valid number
    ['+447911123456', false], // United Kingdom: not an allowed country
    ['+1305555012', false], // one digit short
    ['+999', false],
  ];

  it.each(cases)('answers %s the same the first time and every later time', (phone, valid) => {
    for (let i = 0; i < 3; i += 1) expect(phoneSchema.safeParse(phone).success).toBe(valid);
  });

  it('still checks every number once 10,000 others were checked after it', () => {
    expect(phoneSchema.safeParse('+447911123456').success).toBe(false);
    for (let n = 0; n < 10_050; n += 1) {
      phoneSchema.safeParse(`+1305555${String(n).padStart(4, '0')}`);
    }
    expect(phoneSchema.safeParse('+447911123456').success).toBe(false);
    expect(phoneSchema.safeParse('+13055550123').success).toBe(true);
    expect(phoneSchema.safeParse(' +13055550123 ').data).toBe('+13055550123');
  });
});

import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './plaid-banking';

describe('dollarsToCents (Plaid’s decimal dollars)', () => {
  it.each([
    [110, 11_000],
    [110.5, 11_050],
    [0.07, 7],
    [12.34, 1234],
    [1.005, 101],
    [1.004, 100],
    [-3.2, -320],
    [0, 0],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [1e21, null],
  ])('%s → %s', (dollars, cents) => {
    expect(dollarsToCents(dollars as number | null | undefined)).toBe(cents);
  });
});

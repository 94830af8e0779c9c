import { describe, expect, it } from 'vitest';
import { customerRate, payoutAmount } from './fx-math';

describe('exchange arithmetic', () => {
  it.each([
    ['18.25', 200, '17.885000'],
    ['7.70', 250, '7.507500'],
    ['1', 0, '1.000000'],
    ['942', 250, '918.450000'],
    ['4010.00', 250, '3909.750000'],
    ['5.42', 250, '5.284500'],
    ['0.12345678', 250, '0.120370'],
  ])('market %s with a %i bps spread gives the customer %s', (market, bps, expected) => {
    expect(customerRate(market, bps)).toBe(expected);
  });

  it.each([
    [10000, '17.885000', 'MXN', '1788.50'],
    [1, '17.885000', 'MXN', '0.17'],
    [99900, '17.885000', 'MXN', '17867.11'],
    [10000, '918.450000', 'CLP', '91845'],
    [12345, '7239.375000', 'PYG', '893700'],
    [10000, '1.000000', 'USD', '100.00'],
    [33, '3.646500', 'PEN', '1.20'],
  ])('%i cents at %s pay out %s %s', (cents, rate, currency, expected) => {
    expect(payoutAmount(cents, rate, currency)).toBe(expected);
  });
});

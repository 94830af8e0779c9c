import { describe, expect, it } from 'vitest';
import { payerDelivery } from './payer-delivery';

describe('a payer’s delivery time in words', () => {
  it.each([
    [0, 'payer.delivery.minutes', 1],
    [15, 'payer.delivery.minutes', 15],
    [60, 'payer.delivery.minutes', 60],
    [61, 'payer.delivery.hours', 2],
    [1439, 'payer.delivery.hours', 24],
    [1440, 'payer.delivery.days', 1],
    [2881, 'payer.delivery.days', 3],
  ])('%i minutes reads as %s with %i', (minutes, key, count) => {
    expect(payerDelivery(minutes)).toEqual({ key, count });
  });
});

import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form';

describe("Stripe's form-encoded bodies", () => {
  it('reads bracketed keys as nested values and lists as index-keyed objects', () => {
    expect(
      parseStripeForm(
        'amount=5000&metadata[order]=7&metadata[who]=ana%20l%C3%B3pez&card[number]=4242424242424242&allowed_payment_method_types[0]=card&expand[]=latest_charge',
      ),
    ).toEqual({
      amount: '5000',
      metadata: { order: '7', who: 'ana lópez' },
      card: { number: '4242424242424242' },
      allowed_payment_method_types: { 0: 'card' },
      expand: { 0: 'latest_charge' },
    });
    expect(parseStripeForm('')).toEqual({});
  });

  it('refuses a key given twice, a value and an object under one name, prototype names and deep keys', () => {
    expect(parseStripeForm('amount=1&amount=2')).toBeNull();
    expect(parseStripeForm('metadata=x&metadata[a]=b')).toBeNull();
    expect(parseStripeForm('__proto__[polluted]=1')).toBeNull();
    expect(parseStripeForm('metadata[constructor]=1')).toBeNull();
    expect(parseStripeForm('a[b][c][d]=1')).toBeNull();
    expect(parseStripeForm('a]b=1')).toBeNull();
    expect(parseStripeForm('metadata[a]=x%00y')).toBeNull();
    expect(parseStripeForm('description=%ED%A0%80')).toEqual({ description: '\uFFFD\uFFFD\uFFFD' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

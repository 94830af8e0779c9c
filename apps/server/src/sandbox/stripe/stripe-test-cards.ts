/**
 * Stripe's documented test cards (docs.stripe.com/testing), by number and by the test payment
 * method ids that stand for them, with what each does when a payment is confirmed and the brand
 * and funding Stripe reports on its payment method. docs/stripe.md lists them.
 */
export type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string }
  | { kind: 'authenticate' }
  | { kind: 'dispute' };

export type TestCard = {
  number: string;
  /** Stripe's test PaymentMethod ids for this card (`pm_card_…`). */
  paymentMethods: readonly string[];
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit' | 'prepaid';
  outcome: CardOutcome;
};

const succeed = { kind: 'succeed' } as const;

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    paymentMethods: ['pm_card_visa'],
    brand: 'visa',
    funding: 'credit',
    outcome: succeed,
  },
  {
    number: '4000056655665556',
    paymentMethods: ['pm_card_visa_debit'],
    brand: 'visa',
    funding: 'debit',
    outcome: succeed,
  },
  {
    number: '5555555555554444',
    paymentMethods: ['pm_card_mastercard'],
    brand: 'mastercard',
    funding: 'credit',
    outcome: succeed,
  },
  {
    number: '5200828282828210',
    paymentMethods: ['pm_card_mastercard_debit'],
    brand: 'mastercard',
    funding: 'debit',
    outcome: succeed,
  },
  {
    number: '5105105105105100',
    paymentMethods: ['pm_card_mastercard_prepaid'],
    brand: 'mastercard',
    funding: 'prepaid',
    outcome: succeed,
  },
  {
    number: '378282246310005',
    paymentMethods: ['pm_card_amex'],
    brand: 'amex',
    funding: 'credit',
    outcome: succeed,
  },
  {
    number: '4000000000000002',
    paymentMethods: ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined'],
    brand: 'visa',
    funding: 'credit',
    outcome: {
      kind: 'decline',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  {
    number: '4000000000009995',
    paymentMethods: ['pm_card_visa_chargeDeclinedInsufficientFunds'],
    brand: 'visa',
    funding: 'credit',
    outcome: {
      kind: 'decline',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  {
    number: '4000002500003155',
    paymentMethods: ['pm_card_authenticationRequired'],
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'authenticate' },
  },
  {
    number: '4000000000000259',
    paymentMethods: ['pm_card_createDispute'],
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'dispute' },
  },
];

export function testCardByNumber(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

export function testCardByPaymentMethod(id: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.paymentMethods.includes(id));
}

/** The Luhn check every card number passes; Stripe answers incorrect_number otherwise. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (const [i, char] of [...number].reverse().entries()) {
    let digit = Number(char);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

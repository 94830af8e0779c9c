import type { UnitBusinessApplicant } from '../../providers/unit/unit-client';

/**
 * Sandbox mode's omnibus account at the fake partner: Pago as the fake's business customer (the
 * company that holds the omnibus), and what the account is funded with once.
 */
export const SANDBOX_OMNIBUS = {
  application: {
    name: 'Pago Sandbox Inc.',
    ein: '123456789',
    stateOfIncorporation: 'DE',
    address: {
      street: '100 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      postalCode: '33132',
      country: 'US',
    },
    phone: { countryCode: '1', number: '3055550100' },
    officer: {
      firstName: 'Ana',
      lastName: 'Pago',
      email: 'treasury@pago.example',
      dateOfBirth: '1980-01-01',
      ssn: '000000001',
    },
    idempotencyKey: 'pago-omnibus-application',
  },
  /** Unit's sandbox incoming ACH, once: $10,000,000. */
  fundingCents: 1_000_000_000,
} as const satisfies { application: UnitBusinessApplicant; fundingCents: number };

import type { UserProfile } from '@pago/shared/contracts/accounts';
import type { UsAddress } from '@pago/shared/contracts/address';

/** A home address as the address form fills it in. */
export const BRICKELL: UsAddress = {
  street: '1200 Brickell Ave',
  street2: 'Apt 4B',
  city: 'Miami',
  state: 'FL',
  postalCode: '33131',
};

/** Ana: verified, with an address and $1,234.56; the dashboard's tests start from her. */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'u_ana',
    name: 'Ana López',
    username: 'ana.lopez',
    email: 'ana@example.com',
    phone: '+13055550123',
    phone_verified: true,
    address: '100 Main St, Miami, FL 33101',
    homeAddress: {
      street: '100 Main St',
      street2: null,
      city: 'Miami',
      state: 'FL',
      postalCode: '33101',
    },
    zipCode: '33101',
    verificationService: 'plaid',
    kyc_status: 'completed',
    persona_status: null,
    persona_inquiry_id: null,
    plaidIdentityStatus: 'approved',
    unitAccountId: null,
    balanceCents: 123456,
    balance: 1234.56,
    availableBalanceCents: 123456,
    language: 'es',
    createdAt: '2025-03-15T12:00:00.000Z',
    ...overrides,
  };
}

/** Ana as the money screens' tests have her signed in: no address, $500.00. */
export const ANA: UserProfile = makeProfile({
  address: null,
  homeAddress: null,
  balanceCents: 50000,
  balance: 500,
  availableBalanceCents: 50000,
});

/** Jason: just signed up, unverified, no phone and no money; the sign-up and session tests' user. */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'user-1',
    name: 'Jason Rivera',
    username: 'jason',
    email: 'jason@example.com',
    phone: null,
    phone_verified: false,
    address: null,
    homeAddress: null,
    zipCode: '10001',
    verificationService: 'plaid',
    kyc_status: null,
    persona_status: null,
    persona_inquiry_id: null,
    plaidIdentityStatus: null,
    unitAccountId: null,
    balanceCents: 0,
    balance: 0,
    availableBalanceCents: 0,
    language: 'es',
    createdAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

import type { Capabilities } from '@pago/shared/contracts/capabilities';

/** GET /api/features of a sandbox server (everything available), with `overrides`. */
export function sandboxCapabilities(overrides: Partial<Capabilities> = {}): Capabilities {
  return {
    mode: 'sandbox',
    remittances: true,
    billPay: true,
    bankAccount: true,
    cards: true,
    cardSecureData: true,
    cardActivation: true,
    externalSignIn: { providerName: 'Pago Sandbox ID' },
    identityVerification: true,
    linkedBanks: true,
    phoneVerification: true,
    cardFunding: true,
    checkDeposits: true,
    ...overrides,
  };
}

/** GET /api/features of a live server with no vendor configured, with `overrides`. */
export function bareLiveCapabilities(overrides: Partial<Capabilities> = {}): Capabilities {
  return {
    mode: 'live',
    remittances: false,
    billPay: false,
    bankAccount: false,
    cards: false,
    cardSecureData: false,
    cardActivation: false,
    externalSignIn: null,
    identityVerification: false,
    linkedBanks: false,
    phoneVerification: false,
    cardFunding: false,
    checkDeposits: false,
    ...overrides,
  };
}

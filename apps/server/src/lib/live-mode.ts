import { AppError } from './app-error';

/** The features that need a partner Pago has no live integration with yet. */
export type PartnerFeature =
  | 'remittances'
  | 'billPay'
  | 'bankAccount'
  | 'cards'
  /** Identity verification: neither Plaid's nor Persona's settings, or not the one asked for. */
  | 'identityVerification'
  /** Linking a bank account (Plaid Auth and Balance). */
  | 'linkedBanks'
  /** Adding money with a debit or credit card (Stripe). */
  | 'cardFunding'
  /** Depositing a check with the phone's camera (Unit check deposits). */
  | 'checkDeposits'
  /** Cash at stores and in-network ATMs near a place: the banking partner's retail network. */
  | 'cashDeposits'
  /** A card's numbers and PIN in the browser: refused when Unit's VGS vault is not configured. */
  | 'cardSecureData'
  /** A physical card's activation: Unit's API documents it in its sandbox only. */
  | 'cardActivation';

const WHAT: Record<PartnerFeature, string> = {
  remittances: 'Sending money abroad',
  billPay: 'Paying bills',
  bankAccount: 'Opening a bank account',
  cards: 'The Pago debit card',
  identityVerification: 'Verifying identity',
  linkedBanks: 'Linking a bank account',
  cardFunding: 'Adding money with a card',
  checkDeposits: 'Depositing a check',
  cashDeposits: 'Cash deposits at stores and ATM locations',
  cardSecureData: 'Showing card numbers or setting a PIN (UNIT_VGS_VAULT_ID is not set)',
  cardActivation: 'Activating a physical card in the app',
};

/**
 * A partner feature in live mode, where no live integration exists yet: refused, never faked.
 * 503 because it is the server that cannot do it now, not the request that is wrong.
 */
export function unavailableInLiveMode(feature: PartnerFeature): AppError {
  return new AppError(
    'feature_unavailable_in_live_mode',
    503,
    `${WHAT[feature]} is not available in live mode yet: Pago has no live partner for it.`,
    { feature },
  );
}

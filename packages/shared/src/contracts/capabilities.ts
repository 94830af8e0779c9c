import { z } from 'zod';

// GET /api/features (the spec's path) — the server's capabilities: which partner features work in
// this server's mode (live mode refuses those whose partner has no live integration yet, with 503
// feature_unavailable_in_live_mode).
export const capabilitiesSchema = z
  .object({
    mode: z.enum(['sandbox', 'live']),
    remittances: z.boolean(),
    billPay: z.boolean(),
    bankAccount: z.boolean(),
    /** The Pago debit card: issued by the banking partner. */
    cards: z.boolean(),
    /**
     * Showing the card's numbers and setting its PIN in the partner's secure frames (live mode
     * needs Unit's VGS vault configured). Absent from an older server's answer.
     */
    cardSecureData: z.boolean().optional(),
    /**
     * Activating a physical card in the app (Unit documents its sandbox activation only; in live
     * mode the holder calls the number printed on the card). Absent from an older server's answer.
     */
    cardActivation: z.boolean().optional(),
    /**
     * Sign-in with an external OpenID Connect provider: the provider's name shown on
     * its button, or null when live mode has no issuer configured (the buttons are hidden).
     */
    externalSignIn: z.object({ providerName: z.string() }).nullable(),
    /** Identity verification (Plaid or Persona): without it nobody can be verified to move money. */
    identityVerification: z.boolean(),
    /** Linking a bank account through Plaid (adding money from it, withdrawing to it). */
    linkedBanks: z.boolean(),
    /** Verifying a phone number by text message (Twilio Verify). */
    phoneVerification: z.boolean(),
    /** Adding money with a debit or credit card (Stripe). */
    cardFunding: z.boolean(),
    /** Mobile check deposit: through the banking partner. */
    checkDeposits: z.boolean(),
  })
  .meta({ id: 'Capabilities' });
export type Capabilities = z.infer<typeof capabilitiesSchema>;
export type PartnerCapability =
  | 'remittances'
  | 'billPay'
  | 'bankAccount'
  | 'identityVerification'
  | 'linkedBanks'
  | 'phoneVerification'
  | 'cardFunding';

/**
 * The remittance payout partner: pays the recipient abroad and reports the outcome. In sandbox
 * mode it is this in-process stand-in, deterministic by the recipient's phone number:
 * a national number ending in 0000 fails (refunded automatically); any other is delivered.
 */
export type PayoutOutcome = { status: 'delivered' } | { status: 'failed'; reason: string };

export type PayoutPartner = { outcome(recipientPhone: string): PayoutOutcome };

export function createSandboxPayoutPartner(): PayoutPartner {
  return {
    outcome(recipientPhone) {
      return recipientPhone.endsWith('0000')
        ? { status: 'failed', reason: 'The recipient account was closed by the payout partner' }
        : { status: 'delivered' };
    },
  };
}

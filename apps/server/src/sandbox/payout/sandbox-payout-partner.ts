import type { PayoutPartner } from '../../providers/payout/payout-partner';

/**
 * The sandbox payout partner, in process and deterministic by the recipient's phone number:
 * a national number ending in 0000 fails (refunded automatically); any other is delivered.
 */
export function createSandboxPayoutPartner(): PayoutPartner {
  return {
    available: true,
    outcome(recipientPhone) {
      return recipientPhone.endsWith('0000')
        ? { status: 'failed', reason: 'The recipient account was closed by the payout partner' }
        : { status: 'delivered' };
    },
  };
}

import { unavailableInLiveMode } from '../../lib/live-mode';

/**
 * The remittance payout partner: pays the recipient abroad and reports the outcome. Sandbox mode
 * uses the stand-in under sandbox/payout; live mode has no partner yet, so it refuses remittances.
 */
export type PayoutOutcome = { status: 'delivered' } | { status: 'failed'; reason: string };

export type PayoutPartner = {
  /** false: there is no partner to pay anyone, so remittances are refused before money moves. */
  readonly available: boolean;
  outcome(recipientPhone: string): PayoutOutcome;
};

/** Live mode: no payout partner is integrated yet. */
export function createLivePayoutPartner(): PayoutPartner {
  return {
    available: false,
    outcome() {
      throw unavailableInLiveMode('remittances');
    },
  };
}

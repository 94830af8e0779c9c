import type { PickupLocation } from '@pago/shared/contracts/remittances';
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
  /** How long the partner holds a payout for review before paying it (0: no hold). */
  reviewHoldMs(recipientPhone: string): number;
  /** The partner's cash pickup locations in a country (its catalog). */
  pickupLocations(country: string): PickupLocation[];
  /** The code the recipient shows at a pickup location, issued when the cash is available. */
  issuePickupCode(): string;
};

/** Live mode: no payout partner is integrated yet. */
export function createLivePayoutPartner(): PayoutPartner {
  const refuse = (): never => {
    throw unavailableInLiveMode('remittances');
  };
  return {
    available: false,
    outcome: refuse,
    reviewHoldMs: refuse,
    pickupLocations: refuse,
    issuePickupCode: refuse,
  };
}

import { unavailableInLiveMode } from '../../lib/live-mode';

/**
 * The banking partner that holds users' deposit accounts. Sandbox mode uses the stand-in under
 * sandbox/banking; live mode has no partner yet, so no account (and no routing number) is handed out.
 */
export type BankingPartner = {
  /** false: no bank holds the account, so opening one is refused. */
  readonly available: boolean;
  routingNumber(): string;
};

/** Live mode: no banking partner is integrated yet. */
export function createLiveBankingPartner(): BankingPartner {
  return {
    available: false,
    routingNumber() {
      throw unavailableInLiveMode('bankAccount');
    },
  };
}

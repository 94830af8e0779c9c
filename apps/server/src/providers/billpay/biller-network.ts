import type { Biller } from '@pago/shared/contracts/billpay';
import { unavailableInLiveMode } from '../../lib/live-mode';

/**
 * The bill-pay network: its billers, and a payment's acceptance by the biller. Sandbox mode uses
 * the fictional catalog under sandbox/billpay; live mode has no network yet, so it refuses.
 */
export type BillerNetwork = {
  /** false: no biller would receive the money, so bill payments are refused before it moves. */
  readonly available: boolean;
  billers(): Biller[];
  /** Throws payment_failed when the biller refuses the account. */
  checkAccount(biller: Biller, accountAtBiller: string): void;
};

/** Live mode: no bill-pay network is integrated yet. */
export function createLiveBillerNetwork(): BillerNetwork {
  const refuse = () => {
    throw unavailableInLiveMode('billPay');
  };
  return { available: false, billers: refuse, checkAccount: refuse };
}

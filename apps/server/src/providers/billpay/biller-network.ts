import type { BillMethod } from '@pago/shared/contracts/billpay';

/**
 * A biller as the directory (the `billers` table, docs/bill-pay.md) holds it: how it is paid —
 * an ACH credit to its bank account, or a check mailed to its remittance address.
 */
export type BillerRecord = {
  id: string;
  name: string;
  billType: string;
  category: string;
  method: BillMethod;
  routingNumber?: string | undefined;
  accountNumber?: string | undefined;
  address?: { street: string; city: string; state: string; postalCode: string } | undefined;
};

/**
 * Where bills are paid: the directory is Pago's own data (the `billers` table) and the money goes
 * through the banking partner, so bill pay is available whenever the partner is configured. In
 * sandbox mode the directory is seeded from the fictional catalog (sandbox/billpay) and a biller
 * refuses an account number starting with 0000; live mode's directory is filled by operations
 * (`npm run billers -- import <file.json>`).
 */
export type BillerNetwork = {
  /** false: no banking partner, so bill payments are refused before money moves. */
  readonly available: boolean;
  /** The billers the directory starts with (sandbox mode); none in live mode. */
  readonly seed: readonly BillerRecord[];
  /** Throws payment_failed when the biller refuses the account. */
  checkAccount(biller: { name: string }, accountAtBiller: string): void;
};

/** Live mode: the directory as operations filled it; available when Unit is configured. */
export function createLiveBillerNetwork(available: boolean): BillerNetwork {
  return { available, seed: [], checkAccount: () => {} };
}

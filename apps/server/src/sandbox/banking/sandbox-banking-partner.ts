import type { BankingPartner } from '../../providers/banking/banking-partner';

/** A valid ABA checksum, obviously not a real bank: the sandbox banking partner's routing number. */
export const SANDBOX_ROUTING_NUMBER = '123456780';

export function createSandboxBankingPartner(): BankingPartner {
  return { available: true, routingNumber: () => SANDBOX_ROUTING_NUMBER };
}

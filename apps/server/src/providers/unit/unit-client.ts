import { unitAccountCloseCalls } from './unit-account-close';
import { unitAccountCalls } from './unit-accounts';
import { unitCardCalls } from './unit-cards';
import { unitCashCalls } from './unit-cash';
import { unitCheckPaymentCalls } from './unit-check-payments';
import { unitCustomerCalls } from './unit-customers';
import { unitDisputeCalls } from './unit-disputes';
import { unitMoneyInCalls } from './unit-money-in';
import { unitPaymentCalls } from './unit-payments';
import { createUnitTransport } from './unit-transport';
import type { UnitSettings } from './unit-types';

export type { UnitDispute } from './unit-disputes';
export { UnitRefusal, UnitUnavailableError } from './unit-transport';
export type * from './unit-types';

/**
 * Unit, the banking partner, through its Node SDK (JSON:API over `application/vnd.api+json`);
 * the calls the SDK types too narrowly or lacks go through the same axios instance as documented
 * REST. Sandbox mode points it at /sandbox/unit on this server; live mode at UNIT_API_URL.
 */
export function createUnitClient(settings: UnitSettings) {
  const transport = createUnitTransport(settings);
  return {
    ...unitCustomerCalls(transport),
    ...unitAccountCalls(transport),
    ...unitPaymentCalls(transport),
    ...unitCardCalls(transport),
    ...unitMoneyInCalls(transport),
    ...unitCashCalls(transport),
    ...unitDisputeCalls(transport),
    ...unitCheckPaymentCalls(transport),
    ...unitAccountCloseCalls(transport),
  };
}

export type UnitClient = ReturnType<typeof createUnitClient>;

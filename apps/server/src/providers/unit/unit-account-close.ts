import { type Resource, toAccount, type UnitTransport } from './unit-transport';
import type { UnitAccount } from './unit-types';

/**
 * Closing a deposit account at Unit (account/accountPaths.json `closeAccount`:
 * `POST /accounts/{accountId}/close`, a `depositAccountClose` with a reason of `ByCustomer` or
 * `Fraud`; 200 answers the account, its status `Closed`).
 */
export function unitAccountCloseCalls(transport: UnitTransport) {
  const { rest, call } = transport;
  return {
    async closeAccount(accountId: string, reason: 'ByCustomer' | 'Fraud'): Promise<UnitAccount> {
      const answer = await call(() =>
        rest('closeAccount', 'post', `/accounts/${encodeURIComponent(accountId)}/close`, {
          data: { type: 'depositAccountClose', attributes: { reason } },
        }),
      );
      return toAccount(answer.data as Resource);
    },
  };
}

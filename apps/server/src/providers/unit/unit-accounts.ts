import type { CreateDepositAccountRequest } from '@unit-finance/unit-node-sdk';
import { type Resource, toAccount, toTransaction, type UnitTransport } from './unit-transport';
import type { UnitAccount, UnitTransaction } from './unit-types';

/** Unit deposit accounts: opening one, its balance and its transactions. */
export function unitAccountCalls(transport: UnitTransport) {
  const { unit, read, rest, call } = transport;
  return {
    async createDepositAccount(customerId: string, idempotencyKey: string): Promise<UnitAccount> {
      const request: CreateDepositAccountRequest = {
        type: 'depositAccount',
        attributes: { depositProduct: 'checking', idempotencyKey },
        relationships: { customer: { data: { type: 'customer', id: customerId } } },
      };
      const answer = read('createAccount', await call(() => unit().accounts.create(request)));
      return toAccount(answer.data as Resource);
    },

    async getAccount(id: string): Promise<UnitAccount> {
      const answer = read('getAccount', await call(() => unit().accounts.get(id)));
      return toAccount(answer.data as Resource);
    },

    /** One transaction of an account (`GET /accounts/{accountId}/transactions/{id}`). */
    async getTransaction(accountId: string, transactionId: string): Promise<UnitTransaction> {
      const answer = await call(() =>
        rest(
          'getTransaction',
          'get',
          `/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transactionId)}`,
        ),
      );
      return toTransaction(answer.data as Resource);
    },

    /** An account's transactions, newest first, paged by offset. */
    async listTransactions(accountId: string, page: { limit: number; offset: number }) {
      const answer = await call(() =>
        rest(
          'listTransactions',
          'get',
          `/transactions?filter[accountId]=${encodeURIComponent(accountId)}&page[limit]=${page.limit}&page[offset]=${page.offset}`,
        ),
      );
      const rows = answer.data as Resource[];
      return {
        transactions: rows.map(toTransaction),
        total: answer.meta?.pagination?.total ?? rows.length,
      };
    },
  };
}

import type { CreateDepositAccountRequest } from '@unit-finance/unit-node-sdk';
import {
  type Resource,
  text,
  toAccount,
  toTransaction,
  type UnitTransport,
} from './unit-transport';
import type { UnitAccount, UnitStatement, UnitTransaction } from './unit-types';

/** Unit deposit accounts: opening one, its balance, its transactions and its statements. */
export function unitAccountCalls(transport: UnitTransport) {
  const { settings, http, unit, headers, read, rest, call } = transport;
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

    /** The monthly statements Unit has for an account (`period` "2026-11": that month's only), newest first. */
    async listStatements(accountId: string, period?: string): Promise<UnitStatement[]> {
      const answer = read(
        'listStatements',
        await call(() =>
          unit().statements.list({
            accountId,
            sort: '-period',
            limit: 100,
            offset: 0,
            ...(period ? { period } : {}),
          }),
        ),
      );
      return (answer.data as Resource[]).map((r) => ({
        id: r.id,
        period: text(r.attributes.period),
      }));
    },

    /**
     * A statement as Unit renders it, a PDF in English or Spanish (`GET /statements/{id}/pdf`).
     * Documented REST on the same axios instance: the SDK hands the PDF back as a string.
     */
    async statementPdf(statementId: string, customerId: string, language: 'en' | 'es') {
      const response = await call(() =>
        http.get<ArrayBuffer>(
          `${settings.baseUrl()}/statements/${encodeURIComponent(statementId)}/pdf`,
          {
            headers: { authorization: headers.authorization },
            params: { 'filter[customerId]': customerId, language },
            responseType: 'arraybuffer',
          },
        ),
      );
      return Buffer.from(response.data);
    },
  };
}

import type { CreateBookPaymentRequest } from '@unit-finance/unit-node-sdk';
import { type Resource, rel, text, toPayment, type UnitTransport } from './unit-transport';
import type { UnitCounterparty, UnitPayment } from './unit-types';

/** Unit payments: book and ACH payments, their counterparties, and sandbox money in. */
export function unitPaymentCalls(transport: UnitTransport) {
  const { unit, read, rest, call } = transport;
  return {
    /**
     * Unit's sandbox-only "simulate incoming ACH payment" (`POST /sandbox/payments`): money
     * arrives on an account from outside. Sandbox mode only (Unit's live API has no such call).
     */
    async simulateIncomingAch(accountId: string, amount: number, description: string) {
      const answer = await call(() =>
        rest('simulateIncomingAch', 'post', '/sandbox/payments', {
          data: {
            type: 'achPayment',
            attributes: { amount, direction: 'Credit', description: description.slice(0, 50) },
            relationships: { account: { data: { type: 'depositAccount', id: accountId } } },
          },
        }),
      );
      return toPayment(answer.data as Resource);
    },

    /** Money between two Unit deposit accounts (ours: two Pago customers). */
    async createBookPayment(input: {
      accountId: string;
      counterpartyAccountId: string;
      amount: number;
      description: string;
      idempotencyKey: string;
      transferId: string;
    }): Promise<UnitPayment> {
      const request: CreateBookPaymentRequest = {
        type: 'bookPayment',
        attributes: {
          amount: input.amount,
          // Unit: 1–80 characters.
          description: (input.description || 'Pago').slice(0, 80),
          idempotencyKey: input.idempotencyKey,
          tags: { pagoTransferId: input.transferId },
        },
        relationships: {
          account: { data: { type: 'depositAccount', id: input.accountId } },
          counterpartyAccount: {
            data: { type: 'depositAccount', id: input.counterpartyAccountId },
          },
        },
      };
      const answer = read('createPayment', await call(() => unit().payments.create(request)));
      return toPayment(answer.data as Resource);
    },

    /** ACH to or from a counterparty (Credit: money leaves the account; Debit: money comes in). */
    async createAchPayment(input: {
      accountId: string;
      counterpartyId: string;
      amount: number;
      direction: 'Credit' | 'Debit';
      description: string;
      idempotencyKey: string;
      /** Unit's Same Day ACH: settles the same business day (a Credit's "instant"). */
      sameDay?: boolean;
    }): Promise<UnitPayment> {
      const answer = await call(() =>
        rest('createPayment', 'post', '/payments', {
          data: {
            type: 'achPayment',
            attributes: {
              amount: input.amount,
              direction: input.direction,
              // Unit: 1–10 characters, on the bank statement.
              description: (input.description || 'Pago').slice(0, 10),
              idempotencyKey: input.idempotencyKey,
              ...(input.sameDay ? { sameDay: true } : {}),
            },
            relationships: {
              account: { data: { type: 'depositAccount', id: input.accountId } },
              counterparty: { data: { type: 'counterparty', id: input.counterpartyId } },
            },
          },
        }),
      );
      return toPayment(answer.data as Resource);
    },

    async getPayment(id: string): Promise<UnitPayment> {
      const answer = await call(() =>
        rest('getPayment', 'get', `/payments/${encodeURIComponent(id)}`),
      );
      return toPayment(answer.data as Resource);
    },

    /** Payments of one account (reconciliation), newest first. */
    async listPayments(accountId: string, page: { limit: number; offset: number }) {
      const answer = await call(() =>
        rest(
          'listPayments',
          'get',
          `/payments?filter[accountId]=${encodeURIComponent(accountId)}&page[limit]=${page.limit}&page[offset]=${page.offset}`,
        ),
      );
      return (answer.data as Resource[]).map(toPayment);
    },

    /** A counterparty whose account Unit reads from Plaid (`/processor/token/create` for Unit). */
    async createCounterpartyFromPlaid(input: {
      customerId: string;
      plaidProcessorToken: string;
      name: string;
      idempotencyKey: string;
    }): Promise<UnitCounterparty> {
      const answer = await call(() =>
        rest('createCounterparty', 'post', '/counterparties', {
          data: {
            type: 'achCounterparty',
            attributes: {
              name: input.name.slice(0, 50),
              plaidProcessorToken: input.plaidProcessorToken,
              type: 'Person',
              permissions: 'CreditAndDebit',
              idempotencyKey: input.idempotencyKey,
            },
            relationships: { customer: { data: { type: 'customer', id: input.customerId } } },
          },
        }),
      );
      const r = answer.data as Resource;
      return {
        id: r.id,
        customerId: rel(r, 'customer') ?? '',
        name: text(r.attributes.name),
        accountLast4: text(r.attributes.accountNumber).slice(-4),
      };
    },
  };
}

import type { CreateCheckPaymentRequest } from '@unit-finance/unit-node-sdk';
import type { z } from 'zod';
import type { unitCheckPayment } from './unit-schemas';
import type { UnitTransport } from './unit-transport';
import type { UnitCheckPayee, UnitCheckPayment, UnitCounterparty } from './unit-types';

/** The fake's sandbox steps of a mailed check (docs/bill-pay.md). */
export type CheckPaymentSandboxStep =
  | 'print'
  | 'mail'
  | 'deliver'
  | 'process'
  | 'return'
  | 'return-to-sender';

/**
 * Money out of a Unit account to a payee outside it: check payments (Unit prints and mails a
 * check to the payee's address; create, get, list, cancel before it goes to the printer) and ACH
 * counterparties made from a routing and account number (a biller's bank). The SDK where it has
 * the call (`checkPayments`), documented REST through the same transport otherwise; every answer
 * read through unit-schemas.ts.
 */
export function unitCheckPaymentCalls(transport: UnitTransport) {
  const { unit, read, rest, call } = transport;
  return {
    /**
     * A check to `payee` from the account, keyed (a second call with the key is the same check).
     * Unit: description 1–50 characters (not printed), memo up to 40 (printed).
     */
    async createCheckPayment(input: {
      accountId: string;
      customerId: string;
      amount: number;
      payee: UnitCheckPayee;
      description: string;
      memo?: string;
      sendDate?: string;
      idempotencyKey: string;
      tags?: Record<string, string>;
    }): Promise<UnitCheckPayment> {
      const request = {
        type: 'checkPayment',
        attributes: {
          amount: input.amount,
          counterparty: {
            name: input.payee.name.slice(0, 40),
            address: { ...input.payee.address, country: 'US' },
          },
          description: (input.description || 'Bill payment').slice(0, 50),
          ...(input.memo ? { memo: input.memo.slice(0, 40) } : {}),
          ...(input.sendDate ? { sendDate: input.sendDate } : {}),
          idempotencyKey: input.idempotencyKey,
          ...(input.tags ? { tags: input.tags } : {}),
        },
        relationships: {
          account: { data: { type: 'depositAccount', id: input.accountId } },
          customer: { data: { type: 'customer', id: input.customerId } },
        },
      } as unknown as CreateCheckPaymentRequest;
      const answer = read(
        'createCheckPayment',
        await call(() => unit().checkPayments.create(request)),
      );
      return toCheckPayment(answer.data);
    },

    async getCheckPayment(id: string): Promise<UnitCheckPayment> {
      const answer = read('getCheckPayment', await call(() => unit().checkPayments.get(id)));
      return toCheckPayment(answer.data);
    },

    async listCheckPayments(
      accountId: string,
      page: { limit: number; offset: number },
    ): Promise<UnitCheckPayment[]> {
      const answer = read(
        'listCheckPayments',
        await call(() =>
          unit().checkPayments.list({ accountId, limit: page.limit, offset: page.offset }),
        ),
      );
      return answer.data.map(toCheckPayment);
    },

    /** Cancels a check not yet sent to the printer (New or Pending); Unit refuses it after. */
    async cancelCheckPayment(id: string): Promise<UnitCheckPayment> {
      const answer = read('cancelCheckPayment', await call(() => unit().checkPayments.cancel(id)));
      return toCheckPayment(answer.data);
    },

    /** One of the fake's sandbox steps of a mailed check (sandbox mode only). */
    async moveCheckPaymentInSandbox(
      id: string,
      step: CheckPaymentSandboxStep,
      reason?: string,
    ): Promise<UnitCheckPayment> {
      const answer = await call(() =>
        rest(
          'moveCheckPaymentInSandbox',
          'post',
          `/sandbox/check-payments/${encodeURIComponent(id)}/${step}`,
          reason ? { data: { type: 'checkPaymentReturn', attributes: { reason } } } : undefined,
        ),
      );
      return toCheckPayment(answer.data);
    },

    /**
     * An ACH counterparty from its bank's routing and account numbers (a business the customer
     * pays, credits only), keyed.
     */
    async createCounterpartyByNumbers(input: {
      customerId: string;
      name: string;
      routingNumber: string;
      accountNumber: string;
      idempotencyKey: string;
    }): Promise<UnitCounterparty> {
      const answer = await call(() =>
        rest('createCounterparty', 'post', '/counterparties', {
          data: {
            type: 'achCounterparty',
            attributes: {
              name: input.name.slice(0, 50),
              routingNumber: input.routingNumber,
              accountNumber: input.accountNumber,
              accountType: 'Checking',
              type: 'Business',
              permissions: 'CreditOnly',
              idempotencyKey: input.idempotencyKey,
            },
            relationships: { customer: { data: { type: 'customer', id: input.customerId } } },
          },
        }),
      );
      const r = answer.data;
      return {
        id: r.id,
        customerId: r.relationships.customer.data.id,
        name: r.attributes.name,
        accountLast4: r.attributes.accountNumber.slice(-4),
      };
    },
  };
}

function toCheckPayment(r: z.infer<typeof unitCheckPayment>): UnitCheckPayment {
  const a = r.attributes;
  return {
    id: r.id,
    status: a.status,
    amount: a.amount,
    description: a.description ?? null,
    memo: a.memo ?? null,
    deliveryStatus: a.deliveryStatus ?? null,
    expectedDelivery: a.expectedDelivery ?? null,
    rejectReason: a.rejectReason ?? null,
    returnReason: a.returnReason ?? null,
    checkNumber: a.checkNumber ?? null,
    accountId: r.relationships.account.data.id,
    createdAt: a.createdAt,
  };
}

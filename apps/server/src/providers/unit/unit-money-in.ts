import type {
  CreateAchReceivedPaymentSimulation,
  CreateCheckDepositRequest,
} from '@unit-finance/unit-node-sdk';
import type { z } from 'zod';
import type { unitCheckDeposit, unitReceivedPayment } from './unit-schemas';
import type { UnitTransport } from './unit-transport';
import type { UnitCheckDeposit, UnitReceivedPayment } from './unit-types';

/**
 * Money into a Unit account from outside: received ACH payments (direct deposit, with Unit's
 * advance) and mobile check deposits (create, both images, confirm). The SDK where it has the call
 * (`receivedPayments`, `checkDeposits`, `simulations`), documented REST through the same transport
 * otherwise; every answer read through unit-schemas.ts. docs/unit-money-in.md says what is whose.
 */
export function unitMoneyInCalls(transport: UnitTransport) {
  const { unit, read, rest, call } = transport;
  return {
    /** Received payments of one account, newest first; Completed ones only when asked for. */
    async listReceivedPayments(
      accountId: string,
      page: { limit: number; offset: number; includeCompleted?: boolean },
    ): Promise<UnitReceivedPayment[]> {
      const answer = read(
        'listReceivedPayments',
        await call(() =>
          unit().receivedPayments.list({
            accountId,
            limit: page.limit,
            offset: page.offset,
            ...(page.includeCompleted ? { includeCompleted: true } : {}),
          }),
        ),
      );
      return answer.data.map(toReceivedPayment);
    },

    async getReceivedPayment(id: string): Promise<UnitReceivedPayment> {
      const answer = read('getReceivedPayment', await call(() => unit().receivedPayments.get(id)));
      return toReceivedPayment(answer.data);
    },

    /** Unit's advance: a Pending credit that `isAdvanceable` is made available before completion. */
    async advanceReceivedPayment(id: string): Promise<UnitReceivedPayment> {
      const answer = read(
        'advanceReceivedPayment',
        await call(() => unit().receivedPayments.advance(id)),
      );
      return toReceivedPayment(answer.data);
    },

    /**
     * Unit's sandbox "create ACH received payment" (`POST /sandbox/received-payments`): an incoming
     * ACH credit, Pending until its completion date. Sandbox mode only.
     */
    async simulateReceivedAch(input: {
      accountId: string;
      amount: number;
      companyName: string;
      description: string;
      completionDate: string;
      secCode?: string;
    }): Promise<UnitReceivedPayment> {
      const request: CreateAchReceivedPaymentSimulation = {
        type: 'achReceivedPayment',
        attributes: {
          amount: input.amount,
          // Unit: description up to 10 characters, company name up to 16 (the ACH record's fields).
          description: input.description.slice(0, 10),
          companyName: input.companyName.slice(0, 16),
          completionDate: input.completionDate,
          secCode: input.secCode ?? 'PPD',
        },
        relationships: { account: { data: { type: 'depositAccount', id: input.accountId } } },
      };
      const answer = read(
        'simulateReceivedAch',
        await call(() => unit().simulations.createAchReceivedPayment(request)),
      );
      return toReceivedPayment(answer.data);
    },

    /** Unit's sandbox completion of a received payment (the SDK's completeAchReceivedPayment). */
    async completeReceivedPaymentInSandbox(id: string): Promise<UnitReceivedPayment> {
      const answer = read(
        'completeReceivedPayment',
        await call(() => unit().simulations.completeAchReceivedPayment(id)),
      );
      return toReceivedPayment(answer.data);
    },

    /** The fake's return of a received payment with an ACH return reason (sandbox only). */
    async returnReceivedPaymentInSandbox(id: string, reason: string): Promise<UnitReceivedPayment> {
      const answer = await call(() =>
        rest(
          'returnReceivedPayment',
          'post',
          `/sandbox/received-payments/${encodeURIComponent(id)}/return`,
          { data: { type: 'achReceivedPayment', attributes: { reason } } },
        ),
      );
      return toReceivedPayment(answer.data);
    },

    /** A check deposit to an account: AwaitingImages until both sides are uploaded. */
    async createCheckDeposit(input: {
      accountId: string;
      amount: number;
      description: string;
      idempotencyKey: string;
      tags?: Record<string, string>;
    }): Promise<UnitCheckDeposit> {
      const request: CreateCheckDepositRequest = {
        type: 'checkDeposit',
        attributes: {
          amount: input.amount,
          // Unit: 1–50 characters.
          description: (input.description || 'Check deposit').slice(0, 50),
          idempotencyKey: input.idempotencyKey,
          ...(input.tags ? { tags: input.tags } : {}),
        },
        relationships: { account: { data: { type: 'depositAccount', id: input.accountId } } },
      };
      const answer = read(
        'createCheckDeposit',
        await call(() => unit().checkDeposits.create(request)),
      );
      return toCheckDeposit(answer.data);
    },

    /** One side of the check, as the SDK uploads it (the image's bytes). */
    async uploadCheckDepositImage(
      id: string,
      side: 'front' | 'back',
      image: Buffer,
    ): Promise<UnitCheckDeposit> {
      const answer = read(
        'uploadCheckDepositImage',
        await call(() =>
          unit().checkDeposits.upload({
            checkDepositId: id,
            isBackSide: side === 'back',
            file: image,
          }),
        ),
      );
      return toCheckDeposit(answer.data);
    },

    /** The customer confirms the deposit once both images are in; Unit then reviews it. */
    async confirmCheckDeposit(id: string): Promise<UnitCheckDeposit> {
      const answer = read(
        'confirmCheckDeposit',
        await call(() => unit().checkDeposits.confirm(id)),
      );
      return toCheckDeposit(answer.data);
    },

    async getCheckDeposit(id: string): Promise<UnitCheckDeposit> {
      const answer = read('getCheckDeposit', await call(() => unit().checkDeposits.get(id)));
      return toCheckDeposit(answer.data);
    },

    async listCheckDeposits(
      accountId: string,
      page: { limit: number; offset: number },
    ): Promise<UnitCheckDeposit[]> {
      const answer = read(
        'listCheckDeposits',
        await call(() =>
          unit().checkDeposits.list({ accountId, limit: page.limit, offset: page.offset }),
        ),
      );
      return answer.data.map(toCheckDeposit);
    },

    /**
     * Unit's sandbox steps of a check deposit: approve (PendingReview → Pending), transmit
     * (Pending → Clearing), clear (Clearing → Sent). Sandbox mode only.
     */
    async moveCheckDepositInSandbox(
      id: string,
      step: 'approve' | 'transmit' | 'clear',
    ): Promise<UnitCheckDeposit> {
      const answer = await call(() =>
        rest(
          'moveCheckDepositInSandbox',
          'post',
          `/sandbox/check-deposits/${encodeURIComponent(id)}/${step}`,
        ),
      );
      return toCheckDeposit(answer.data);
    },
  };
}

function toReceivedPayment(r: z.infer<typeof unitReceivedPayment>): UnitReceivedPayment {
  const a = r.attributes;
  return {
    id: r.id,
    status: a.status,
    amount: a.amount,
    direction: a.direction,
    completionDate: a.completionDate,
    companyName: a.companyName,
    description: a.description,
    secCode: a.secCode,
    traceNumber: a.traceNumber,
    wasAdvanced: a.wasAdvanced,
    isAdvanceable: a.isAdvanceable ?? a.isAdvaceable ?? false,
    returnReason: a.returnReason ?? null,
    accountId: r.relationships.account.data.id,
    customerId: r.relationships.customer.data.id,
    createdAt: a.createdAt,
  };
}

function toCheckDeposit(r: z.infer<typeof unitCheckDeposit>): UnitCheckDeposit {
  const a = r.attributes;
  return {
    id: r.id,
    status: a.status,
    amount: a.amount,
    description: a.description,
    reason: a.reason ?? null,
    settlementDate: a.settlementDate ?? null,
    accountId: r.relationships.account.data.id,
    customerId: r.relationships.customer?.data.id ?? null,
    transactionId: r.relationships.transaction?.data.id ?? null,
    createdAt: a.createdAt,
  };
}

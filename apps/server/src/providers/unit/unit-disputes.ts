import type { z } from 'zod';
import type { disputeStatus, unitDispute } from './unit-schemas';
import type { UnitTransport } from './unit-transport';

export type UnitDisputeStatus = z.infer<typeof disputeStatus>;
export type UnitDispute = {
  id: string;
  status: UnitDisputeStatus;
  amount: number;
  description: string;
  accountId: string;
  transactionId: string;
  decisionReason: string | null;
  statusHistory: { type: string; updatedAt: string }[];
};

function toDispute(r: z.infer<typeof unitDispute>): UnitDispute {
  return {
    id: r.id,
    status: r.attributes.status,
    amount: r.attributes.amount,
    description: r.attributes.description,
    accountId: r.relationships.account.data.id,
    transactionId: r.relationships.transaction.data.id,
    decisionReason: r.attributes.decisionReason ?? null,
    statusHistory: r.attributes.statusHistory ?? [],
  };
}

/**
 * Unit's card disputes (dispute/disputePaths.json: list and get). Unit's API documents no way for
 * a client to open a dispute in live mode (Unit opens it from its dashboard or support); its
 * sandbox documents `POST /sandbox/disputes` (docs.unit.co, Disputes, Simulations), which
 * `createDisputeInSandbox` calls. docs/card-disputes.md.
 */
export function unitDisputeCalls(transport: UnitTransport) {
  const { rest, call } = transport;
  return {
    async getDispute(id: string): Promise<UnitDispute> {
      const answer = await call(() =>
        rest('getDispute', 'get', `/disputes/${encodeURIComponent(id)}`),
      );
      return toDispute(answer.data);
    },

    async listDisputes(page: { limit: number; offset: number }): Promise<UnitDispute[]> {
      const answer = await call(() =>
        rest(
          'listDisputes',
          'get',
          `/disputes?page[limit]=${page.limit}&page[offset]=${page.offset}`,
        ),
      );
      return answer.data.map(toDispute);
    },

    /** Unit's sandbox "Create Dispute" for a purchase transaction (sandbox mode only). */
    async createDisputeInSandbox(input: {
      accountId: string;
      transactionId: string;
      amount: number;
    }): Promise<UnitDispute> {
      const answer = await call(() =>
        rest('createDisputeInSandbox', 'post', '/sandbox/disputes', {
          data: {
            type: 'dispute',
            attributes: { amount: input.amount },
            relationships: {
              account: { data: { type: 'account', id: input.accountId } },
              transaction: { data: { type: 'transaction', id: input.transactionId } },
            },
          },
        }),
      );
      return toDispute(answer.data);
    },

    /** The fake's own status move (sandbox mode only; Unit moves disputes itself). */
    async moveDisputeInSandbox(
      id: string,
      status: UnitDisputeStatus,
      decisionReason?: string,
    ): Promise<UnitDispute> {
      const answer = await call(() =>
        rest('moveDisputeInSandbox', 'post', `/sandbox/disputes/${encodeURIComponent(id)}/status`, {
          data: {
            type: 'disputeStatus',
            attributes: { status, ...(decisionReason ? { decisionReason } : {}) },
          },
        }),
      );
      return toDispute(answer.data);
    },
  };
}

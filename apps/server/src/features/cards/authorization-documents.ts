import type { AtmNetwork, CardDeclineReason } from '@pago/shared/contracts/cards';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { CardAuthorizationsTable, CardsTable } from '../../db/schema';

/** The card network's side of an authorization in Unit's documents: the request, Pago's answer. */

type Card = Selectable<CardsTable>;
type Authorization = Selectable<CardAuthorizationsTable>;

export const partnerId = z.string().regex(/^\d{1,18}$/);
const text = z.string().max(500).optional();

/**
 * Unit's authorization request document (openapi-unit-sdk, authorizationRequest.json): purchase
 * and ATM requests, with the card, account and customer they are for.
 */
export const authorizationRequestBody = z.object({
  data: z.object({
    type: z.enum(['purchaseAuthorizationRequest', 'atmAuthorizationRequest']),
    id: partnerId,
    attributes: z.object({
      amount: z.number().int().min(1).max(100_000_000),
      merchant: z
        .object({ name: text, type: z.number().int().optional(), category: text, location: text })
        .optional(),
      atmName: text,
      atmLocation: text,
      surcharge: z.number().int().min(0).max(100_000).optional(),
      internationalServiceFee: z.number().int().min(0).max(100_000).optional(),
    }),
    relationships: z.object({ card: z.object({ data: z.object({ id: partnerId }) }) }),
  }),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestBody>['data'];

/** Pago's answer, Unit's approve / decline documents. */
export const authorizationAnswerSchema = z.object({
  data: z.union([
    z.object({
      type: z.literal('approveAuthorizationRequest'),
      attributes: z.object({ amount: z.number().int() }),
    }),
    z.object({
      type: z.literal('declineAuthorizationRequest'),
      attributes: z.object({ reason: z.string() }),
    }),
  ]),
});
export type AuthorizationAnswer = z.infer<typeof authorizationAnswerSchema>;

/** Our decline reasons in Unit's words (DeclineAuthorizationRequest.reason). */
const UNIT_REASON: Record<Exclude<CardDeclineReason, 'invalid_card'>, string> = {
  card_frozen: 'RestrictedCard',
  card_closed: 'AccountClosed',
  card_inactive: 'TransactionNotPermittedToCardholder',
  insufficient_funds: 'InsufficientFunds',
  card_limit_exceeded: 'CardExceedsAmountLimit',
};
export type Decline = keyof typeof UNIT_REASON;

export const STATUS_DECLINE: Partial<Record<Card['status'], Decline>> = {
  frozen: 'card_frozen',
  lost: 'card_closed',
  stolen: 'card_closed',
  closed: 'card_closed',
  inactive: 'card_inactive',
};

/**
 * Which ATM network a withdrawal is on, read from Unit's ATM attributes: a foreign bank's
 * international service fee means abroad, an ATM owner's surcharge means outside the network.
 */
export function atmNetworkOf(attributes: AuthorizationRequest['attributes']): AtmNetwork {
  if ((attributes.internationalServiceFee ?? 0) > 0) return 'international';
  if ((attributes.surcharge ?? 0) > 0) return 'out';
  return 'in';
}

export function answerOf(row: Pick<Authorization, 'status' | 'decline_reason' | 'amount_cents'>) {
  const answer: AuthorizationAnswer =
    row.status === 'declined'
      ? {
          data: {
            type: 'declineAuthorizationRequest',
            attributes: { reason: UNIT_REASON[row.decline_reason as Decline] ?? 'DoNotHonor' },
          },
        }
      : {
          data: {
            type: 'approveAuthorizationRequest',
            attributes: { amount: Number(row.amount_cents) },
          },
        };
  return answer;
}

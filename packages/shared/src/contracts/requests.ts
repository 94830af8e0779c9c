import { z } from 'zod';
import { payeeSchema, phoneSchema, usernameSchema } from './accounts';
import { amountUsdSchema, centsValueSchema } from './amounts';
import { textLines } from './text';
import { transferPartySchema } from './transfers';

/** Money requests between Pago users (`/api/requests/*`). */

// POST /api/requests/create — requestedFrom is a username or a phone of a Pago user.
export const createRequestBody = z
  .strictObject({
    requestedFrom: z.union([phoneSchema, usernameSchema]),
    requestNote: textLines().max(140).default(''),
    amountUsd: amountUsdSchema,
  })
  .meta({
    examples: [{ requestedFrom: 'beto_r', requestNote: 'Cena del viernes', amountUsd: 25.5 }],
  });
export type CreateRequestBody = z.input<typeof createRequestBody>;

/**
 * Requests from one user to one payer: at most this many pending at a time, and this many in
 * any 24 hours, so nobody can flood another's inbox.
 */
export const REQUEST_LIMITS = { pendingPerPayer: 3, perPayerPerDay: 10 } as const;

// GET /api/requests/incoming and /outgoing — newest first, a page at a time.
export const listRequestsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * `under_review`: paid, but the payment is held for a sanctions review (features/sanctions) — the
 * requester has not received it yet. It becomes `paid` when compliance clears it, `cancelled`
 * when the payment is refunded.
 */
export const moneyRequestStatusSchema = z.enum([
  'pending',
  'paid',
  'under_review',
  'declined',
  'cancelled',
]);
export type MoneyRequestStatus = z.infer<typeof moneyRequestStatusSchema>;
export const moneyRequestSchema = z
  .object({
    id: z.string(),
    amountCents: centsValueSchema,
    note: z.string(),
    status: moneyRequestStatusSchema,
    requester: transferPartySchema,
    payer: transferPartySchema,
    transferId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MoneyRequest' });
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

/**
 * POST /api/requests/create's answer: the request, with the person asked as the payment screen
 * shows them (display name and @username) — no id, phone or legal name of someone found by a
 * phone or a username.
 */
export const createdRequestSchema = moneyRequestSchema
  .omit({ payer: true })
  .extend({ payer: payeeSchema })
  .meta({ id: 'CreatedMoneyRequest' });
export type CreatedRequest = z.infer<typeof createdRequestSchema>;
export const moneyRequestListSchema = z.object({
  items: z.array(moneyRequestSchema),
  nextCursor: z.string().nullable(),
});
export type MoneyRequestList = z.infer<typeof moneyRequestListSchema>;

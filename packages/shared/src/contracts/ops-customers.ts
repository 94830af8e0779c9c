import { z } from 'zod';
import { reasonSchema } from './ops';
import { TRANSFER_KINDS, TRANSFER_STATUSES } from './transfers';

// The console's customer view (/api/ops/customers; docs/ops-console.md).

export const customerSearchQuery = z.strictObject({ q: z.string().max(200).default('') });
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  frozen: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const customerSearchSchema = z.object({ items: z.array(customerSummarySchema) });

export const customerViewSchema = z.object({
  profile: customerSummarySchema.extend({
    legalName: z.string().nullable(),
    birthDate: z.string().nullable(),
    address: z.string().nullable(),
    phoneVerified: z.boolean(),
    kycStatus: z.string().nullable(),
    language: z.string(),
    twoStepEnabled: z.boolean(),
    frozenAt: z.string().nullable(),
    frozenReason: z.string().nullable(),
    /** Closed (by the customer or by staff); sign-in refused, records kept. */
    closedAt: z.string().nullable(),
  }),
  identity: z.array(
    z.object({
      provider: z.string(),
      status: z.string(),
      legalName: z.string().nullable(),
      birthDate: z.string().nullable(),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  balances: z.object({
    balanceCents: z.number(),
    heldCents: z.number(),
    owedCents: z.number(),
    availableCents: z.number(),
  }),
  activity: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      kind: z.enum(TRANSFER_KINDS),
      status: z.enum(TRANSFER_STATUSES),
      direction: z.enum(['in', 'out']),
      amountCents: z.number(),
      feeCents: z.number(),
      counterparty: z.string().nullable(),
      createdAt: z.string(),
      refundable: z.boolean(),
      refundedBy: z.string().nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string().nullable(),
      signInMethod: z.string().nullable(),
      place: z.string().nullable(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      live: z.boolean(),
    }),
  ),
  notes: z.array(
    z.object({ id: z.string(), text: z.string(), staffName: z.string(), createdAt: z.string() }),
  ),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

export const frozenSchema = z.object({ frozen: z.boolean() });
export const signOutSchema = z.object({ sessionsEnded: z.number() });
export const noteBody = z.strictObject({ text: z.string().trim().min(1).max(2000) });
export const noteSchema = z.object({ id: z.string(), createdAt: z.string() });
export const refundBody = z.strictObject({
  transferId: z.string().max(64),
  reason: reasonSchema,
});

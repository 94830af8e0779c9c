import { z } from 'zod';
import { relationship } from './unit-fake-api';

// What the Unit fake's check payment routes accept: check/createCheckPayment.json's request, the
// return's reason, and the list's filters (checkPaymentPaths.json).

const address = z.strictObject({
  street: z.string().min(1).max(50),
  street2: z.string().max(50).optional(),
  city: z.string().min(1).max(30),
  state: z.string().regex(/^[A-Z]{2}$/),
  postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
  country: z.literal('US').optional(),
});
// check/createCheckPayment.json (additionalProperties: false).
export const createBody = z.object({
  data: z.object({
    type: z.literal('checkPayment'),
    attributes: z.strictObject({
      counterparty: z.strictObject({
        name: z.string().min(1).max(40),
        address,
        counterpartyMoved: z.boolean().optional(),
      }),
      amount: z.number().int().min(1).max(100_000_000_00),
      idempotencyKey: z.string().min(1).max(255),
      sendDate: z.iso.date().optional(),
      memo: z.string().max(40).optional(),
      description: z.string().min(1).max(50),
      tags: z.record(z.string().max(128), z.string().min(1).max(255)).optional(),
    }),
    relationships: z.object({ account: relationship, customer: relationship }),
  }),
});
export const returnBody = z
  .object({
    data: z.object({
      type: z.literal('checkPaymentReturn'),
      attributes: z.object({ reason: z.string().min(1).max(40) }).optional(),
    }),
  })
  .optional();
export const CHECK_PAYMENT_STATUSES = [
  'New',
  'Pending',
  'PendingCancellation',
  'Canceled',
  'Rejected',
  'InProduction',
  'InDelivery',
  'Delivered',
  'ReturnedToSender',
  'PendingReview',
  'Processed',
  'MarkedForReturn',
  'Returned',
];

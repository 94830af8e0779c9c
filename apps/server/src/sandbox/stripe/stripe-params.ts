import { z } from 'zod';
import { invalidRequest } from './stripe-objects';

/**
 * The parameters the Stripe fake takes, as the SDK sends them (form-encoded strings; see
 * stripe-form.ts), checked strictly: an unknown one is refused as Stripe refuses it.
 */

const integer = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);
const boolean = z.enum(['true', 'false']).transform((value) => value === 'true');
/** Stripe's limits: 50 keys, names up to 40 characters, values up to 500. */
const metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys')
  .optional();
/** `expand[]` is accepted and the fields left as ids (docs/stripe.md, open points). */
const expand = z.record(z.string(), z.string().max(200)).optional();
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,100}$`));

export const createPaymentIntentParams = z.strictObject({
  amount: integer,
  currency: z.string().regex(/^[a-z]{3}$/),
  metadata,
  description: z.string().max(1000).optional(),
  payment_method: id('pm').optional(),
  confirm: boolean.optional(),
  capture_method: z.enum(['automatic', 'automatic_async']).optional(),
  return_url: z.url({ protocol: /^https?$/ }).optional(),
  automatic_payment_methods: z
    .strictObject({ enabled: boolean, allow_redirects: z.enum(['always', 'never']).optional() })
    .optional(),
  allowed_payment_method_types: z.record(z.string(), z.literal('card')).optional(),
  expand,
});

export const confirmPaymentIntentParams = z.strictObject({
  payment_method: id('pm').optional(),
  return_url: z.url({ protocol: /^https?$/ }).optional(),
  expand,
});

export const cancelPaymentIntentParams = z.strictObject({
  cancellation_reason: z
    .enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'])
    .optional(),
  expand,
});

export const retrieveParams = z.strictObject({ expand });

export const createPaymentMethodParams = z.strictObject({
  type: z.literal('card'),
  card: z.strictObject({
    number: z.string().regex(/^\d{12,19}$/),
    exp_month: integer,
    exp_year: integer,
    cvc: z
      .string()
      .regex(/^\d{3,4}$/)
      .optional(),
  }),
  // Stripe.js sends what its card element collects beside the card: the postal code.
  billing_details: z
    .strictObject({
      address: z.strictObject({ postal_code: z.string().max(20).optional() }).optional(),
    })
    .optional(),
  metadata,
  expand,
});

export const createRefundParams = z.strictObject({
  payment_intent: id('pi').optional(),
  charge: id('ch').optional(),
  amount: integer.optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata,
  expand,
});

export const updateDisputeParams = z.strictObject({
  evidence: z.record(z.string().max(60), z.string().max(20_000)).optional(),
  metadata,
  submit: boolean.optional(),
  expand,
});

/** `card[number]` from a path, as Stripe names a nested parameter. */
function paramName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

/** The parameters, or Stripe's answer to the first thing wrong with them. */
export function parseParams<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw invalidRequest('Invalid request.');
  if (issue.code === 'unrecognized_keys') {
    const param = paramName([...issue.path, issue.keys[0] ?? '']);
    throw invalidRequest(`Received unknown parameter: ${param}`, {
      code: 'parameter_unknown',
      param,
    });
  }
  const param = paramName(issue.path);
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  }
  throw invalidRequest(`Invalid ${param}: ${issue.message}`, { param });
}

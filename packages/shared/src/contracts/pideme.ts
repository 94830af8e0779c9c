import { z } from 'zod';
import { textLines } from './text';
import { quoteSchema } from './transfers';

/**
 * "Pídeme" (docs/pideme.md): a sender gives a relative abroad (one saved remittance recipient) a
 * private link; the relative, with no Pago account, asks for an amount in their own currency at
 * `/p/:token`; the sender sees the request with a live quote in dollars and pays it in one call.
 */

/** Days a link lives without use: counted from its creation or its last request, whichever is later. */
export const PIDEME_LINK_IDLE_DAYS = 30;
/** A reason: up to 140 characters ("para la farmacia"). */
export const PIDEME_REASON_MAX = 140;
/** The photo of a bill: JPEG, PNG or WebP, at most 5 MB. */
export const PIDEME_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PIDEME_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Requests a link may have waiting for the sender at once: more wait for an answer first. */
export const PIDEME_PENDING_MAX = 5;

export const PIDEME_REQUEST_STATUSES = ['pending', 'paid', 'declined'] as const;
export type PidemeRequestStatus = (typeof PIDEME_REQUEST_STATUSES)[number];

// POST /api/pideme-links — a new link for the pair (any earlier one of the pair is revoked).
export const createPidemeLinkBody = z
  .strictObject({ recipientId: z.uuid() })
  .meta({ examples: [{ recipientId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90' }] });
export type CreatePidemeLinkBody = z.infer<typeof createPidemeLinkBody>;

export const pidemeLinkSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    recipientFirstName: z.string(),
    currency: z.string(),
    /** The page to share: `${PUBLIC_URL}/p/:token`. */
    url: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Unused until then, it stops working (each request moves it 30 days on). */
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'PidemeLink' });
export type PidemeLink = z.infer<typeof pidemeLinkSchema>;

// GET /api/pideme-links?recipientId= — the links that work now.
export const listPidemeLinksQuery = z.strictObject({ recipientId: z.uuid().optional() });
export const pidemeLinkListSchema = z.object({ items: z.array(pidemeLinkSchema) });
export const pidemeIdParams = z.strictObject({ id: z.string().max(64) });

/** An amount in the recipient's currency: a positive decimal with at most two decimals. */
export const pidemeAmountSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'A positive amount, such as 3000 or 3000.50')
  .refine((value) => Number(value) > 0, 'A positive amount, such as 3000 or 3000.50');

export const pidemeRequestSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    recipientFirstName: z.string(),
    /** What the relative asked for, in their currency (decimal text). */
    amount: z.string(),
    currency: z.string(),
    reason: z.string(),
    hasPhoto: z.boolean(),
    status: z.enum(PIDEME_REQUEST_STATUSES),
    /** The remittance that paid it. */
    transferId: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'PidemeRequest' });
export type PidemeRequest = z.infer<typeof pidemeRequestSchema>;
export const pidemeRequestListSchema = z.object({ items: z.array(pidemeRequestSchema) });

// GET /api/pideme-requests/:id — with a live quote while it waits.
export const pidemeRequestDetailSchema = z
  .object({
    request: pidemeRequestSchema,
    /** The partner's price now for at least the asked amount (null when paid, declined or unpriced). */
    quote: quoteSchema.nullable(),
    /** Why there is no quote for a waiting request (the partner's or the limits' code). */
    quoteError: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'PidemeRequestDetail' });
export type PidemeRequestDetail = z.infer<typeof pidemeRequestDetailSchema>;

// POST /api/pideme-requests/:id/pay — the total the sender was shown: a higher price is refused.
export const payPidemeRequestBody = z
  .strictObject({ totalCents: z.number().int().positive().max(100_000_000) })
  .meta({ examples: [{ totalCents: 17999 }] });
export type PayPidemeRequestBody = z.infer<typeof payPidemeRequestBody>;

// Public, no sign-in: GET /api/public/pideme/:token and POST …/requests.
export const publicPidemeParams = z.strictObject({ token: z.string().max(64) });
export const publicPidemeRequestParams = z.strictObject({
  token: z.string().max(64),
  requestId: z.string().max(64),
});

export const createPidemeRequestBody = z
  .strictObject({
    amount: pidemeAmountSchema,
    reason: textLines().min(1).max(PIDEME_REASON_MAX),
  })
  .meta({ examples: [{ amount: '3000', reason: 'para la farmacia' }] });
export type CreatePidemeRequestBody = z.infer<typeof createPidemeRequestBody>;

/** One of the relative's requests, as their page shows it. */
export const publicPidemeRequestSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  hasPhoto: z.boolean(),
  status: z.enum(PIDEME_REQUEST_STATUSES),
  /** Paid: the recipient's tracking page (`/t/:token`) once the partner has it. */
  trackingUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicPidemeRequest = z.infer<typeof publicPidemeRequestSchema>;

/** The relative's page: first names and their currency only, and their own requests. */
export const publicPidemeSchema = z
  .object({
    senderFirstName: z.string(),
    recipientFirstName: z.string(),
    currency: z.string(),
    requests: z.array(publicPidemeRequestSchema),
  })
  .meta({ id: 'PublicPideme' });
export type PublicPideme = z.infer<typeof publicPidemeSchema>;

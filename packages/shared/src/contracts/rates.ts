import { z } from 'zod';
import { CORRIDORS, type CorridorCurrency } from '../fees';
import { amountUsdSchema, centsValueSchema } from './amounts';
import { speedSchema } from './transfers';

/**
 * The rate, working for the sender (issue 29 part 2; docs/rates.md): the rate history of a corridor
 * currency, rate alerts and rate orders ("send at my rate"). Rates are units of the payout currency
 * per US dollar as decimal strings, the sender's rate (the partner's rate after Pago's spread:
 * what a send gets), never floats.
 */

/** Payout currencies with a rate to watch: every corridor currency but the dollar itself. */
export const RATE_CURRENCIES = [
  ...new Set(CORRIDORS.map((c) => c.currency).filter((c) => c !== 'USD')),
] as Exclude<CorridorCurrency, 'USD'>[];
export const rateCurrencySchema = z
  .string()
  .refine((c): c is Exclude<CorridorCurrency, 'USD'> => (RATE_CURRENCIES as string[]).includes(c));

/** A rate a person types: positive, up to 8 decimals ("18.50"). */
export const RATE_TEXT = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,8})?$/;
export const rateTextSchema = z.string().regex(RATE_TEXT, 'a rate such as 18.50');

// GET /api/rates/:currency/history — the last 30 days, one point per day (US Eastern) with samples.
export const RATE_HISTORY_DAYS = 30;
export const rateParams = z.strictObject({ currency: rateCurrencySchema });
export const ratePointSchema = z.object({
  /** YYYY-MM-DD, US Eastern. */
  date: z.string(),
  /** The day's last sample: the sender's rate, and the partner's (market) rate before the spread. */
  rate: z.string(),
  marketRate: z.string(),
  low: z.string(),
  high: z.string(),
});
export type RatePoint = z.infer<typeof ratePointSchema>;
export const rateHistorySchema = z
  .object({
    currency: z.string(),
    /** The latest sample (null before the first). */
    current: z
      .object({ rate: z.string(), marketRate: z.string(), sampledAt: z.iso.datetime() })
      .nullable(),
    /** Oldest first; fewer than 30 while Pago has sampled for less than 30 days (no made-up days). */
    points: z.array(ratePointSchema),
    days: z.number().int(),
  })
  .meta({ id: 'RateHistory' });
export type RateHistory = z.infer<typeof rateHistorySchema>;

// GET/POST /api/rate-alerts, DELETE /api/rate-alerts/:id
export const MAX_RATE_ALERTS = 10;
export const rateAlertBody = z
  .strictObject({ currency: rateCurrencySchema, targetRate: rateTextSchema })
  .meta({ examples: [{ currency: 'MXN', targetRate: '18.50' }] });
export type RateAlertBody = z.infer<typeof rateAlertBody>;
export const rateAlertSchema = z
  .object({
    id: z.string(),
    currency: z.string(),
    targetRate: z.string(),
    createdAt: z.iso.datetime(),
    /** The last day (YYYY-MM-DD, US Eastern) it fired, if ever: at most once a day. */
    lastFiredOn: z.string().nullable(),
  })
  .meta({ id: 'RateAlert' });
export type RateAlert = z.infer<typeof rateAlertSchema>;
export const rateAlertListSchema = z.object({ items: z.array(rateAlertSchema) });

// GET/POST /api/rate-orders, POST /api/rate-orders/:id/cancel
export const RATE_ORDER_MAX_DAYS = 90;
export const rateOrderBody = z
  .strictObject({
    recipientId: z.uuid(),
    amountUsd: amountUsdSchema,
    speed: speedSchema.default('standard'),
    targetRate: rateTextSchema,
    /** YYYY-MM-DD (US Eastern), today at the earliest, at most 90 days ahead. */
    lastDate: z.iso.date(),
    /** On the last date without the target reached: send at that day's rate, or cancel. */
    atLastDate: z.enum(['send', 'cancel']),
  })
  .meta({
    examples: [
      {
        recipientId: '5b1d3c9e-7a2f-4e8b-9c6d-1f0a2b3c4d5e',
        amountUsd: 200,
        speed: 'standard',
        targetRate: '18.50',
        lastDate: '2026-12-31',
        atLastDate: 'send',
      },
    ],
  });
export type RateOrderBody = z.input<typeof rateOrderBody>;
export const RATE_ORDER_STATUSES = ['waiting', 'sent', 'cancelled', 'expired', 'failed'] as const;
export const rateOrderSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    recipientName: z.string(),
    currency: z.string(),
    amountCents: centsValueSchema,
    /** Reserved in the wallet while waiting: the amount and the highest fee it may pay. */
    heldCents: centsValueSchema,
    speed: speedSchema,
    targetRate: z.string(),
    lastDate: z.string(),
    atLastDate: z.enum(['send', 'cancel']),
    status: z.enum(RATE_ORDER_STATUSES),
    /** The rate it went out at, and its remittance (sent only). */
    sentRate: z.string().nullable(),
    transferId: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RateOrder' });
export type RateOrder = z.infer<typeof rateOrderSchema>;
export const rateOrderListSchema = z.object({
  items: z.array(rateOrderSchema),
  /** Σ held of the waiting orders: shown as "Reservado", not in the balance. */
  reservedCents: centsValueSchema,
});
export type RateOrderList = z.infer<typeof rateOrderListSchema>;

import { z } from 'zod';
import { centsValueSchema } from './amounts';

/** The in-app notification center and its e-mails (`/api/notifications/*`). */

export const NOTIFICATION_TYPES = [
  'money_received',
  'request_received',
  'request_paid',
  'request_declined',
  'remittance_delivered',
  'remittance_pickup_ready',
  'remittance_refunded',
  'deposit_returned',
  'card_purchase',
  'card_declined',
  'card_atm_withdrawal',
  'card_refund',
  'identity_approved',
  'identity_failed',
  'new_sign_in',
  'password_changed',
  'phone_changed',
  'direct_deposit_pending',
  'direct_deposit_available',
  'direct_deposit_returned',
  'check_deposit_received',
  'check_deposit_available',
  'check_deposit_rejected',
  'check_deposit_returned',
  'cash_deposit_received',
  'card_dispute_opened',
  'card_dispute_credited',
  'card_dispute_won',
  'card_dispute_lost',
  'card_dispute_reversed',
  'bill_scheduled',
  'bill_reminder',
  'bill_paid',
  'bill_returned',
  'bill_failed',
  'card_funding_reversed',
  'two_step_enabled',
  'two_step_disabled',
  'external_signin_linked',
  'card_purchase_cleared',
  'schedule_upcoming',
  'schedule_sent',
  'schedule_failed',
  'rate_alert_reached',
  'rate_order_sent',
  'rate_order_released',
  'pideme_request',
  'payday_sent',
  'payday_failed',
  // Colectas (docs/colectas.md): invited, someone contributed, sent home, delivered, cancelled
  // (contributions given back), the send did not go out (to the organiser).
  'colecta_invited',
  'colecta_contribution',
  'colecta_sent',
  'colecta_delivered',
  'colecta_cancelled',
  'colecta_send_failed',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Security notices: always e-mailed, whatever the settings say. */
export const ALWAYS_EMAILED = [
  'password_changed',
  'phone_changed',
  'two_step_enabled',
  'two_step_disabled',
  'external_signin_linked',
] as const satisfies readonly NotificationType[];
export type AlwaysEmailedType = (typeof ALWAYS_EMAILED)[number];
export function isAlwaysEmailed(type: NotificationType): type is AlwaysEmailedType {
  return (ALWAYS_EMAILED as readonly NotificationType[]).includes(type);
}
/** The types whose e-mail a user may turn off. */
export const OPTIONAL_EMAIL_TYPES = NOTIFICATION_TYPES.filter((type) => !isAlwaysEmailed(type));

/** What a notification's text is made from; which fields a type carries is fixed per type. */
export const notificationDataSchema = z.object({
  amountCents: centsValueSchema.optional(),
  /** deposit_returned (and the other returns, card_funding_reversed): what the wallet could not cover. */
  owedCents: centsValueSchema.optional(),
  /** A transfer's recipient abroad, or the new phone: shown as given. */
  phone: z.string().optional(),
  country: z.string().optional(),
  note: z.string().optional(),
  /** new_sign_in: the browser and system read from the User-Agent. */
  device: z.string().optional(),
  transferId: z.string().optional(),
  requestId: z.string().optional(),
  /** Card notifications: the merchant or ATM, the ATM fee, why the card was declined. */
  merchant: z.string().optional(),
  feeCents: centsValueSchema.optional(),
  /** Why a card was declined, or a check deposit rejected or returned (the partner's reason). */
  declineReason: z.string().optional(),
  /** Direct deposit: who sent the incoming ACH (its company name). */
  payer: z.string().optional(),
  /** card_dispute_lost: the day (YYYY-MM-DD, US Eastern) the provisional credit is taken back. */
  date: z.string().optional(),
  /** Bill notifications: the biller and the payment's date (YYYY-MM-DD, US Eastern). */
  biller: z.string().optional(),
  payDate: z.string().optional(),
  /** Remittance notifications: the recipient abroad, by name (older rows have only the phone). */
  recipientName: z.string().optional(),
  /** external_signin_linked: the provider's name ("Google"). */
  provider: z.string().optional(),
  /** card_purchase_cleared: what the card was authorized for (amountCents is the final amount). */
  authorizedCents: centsValueSchema.optional(),
  /** Schedules: the schedule, the quote's estimate (rate, total, what arrives), why a run failed. */
  scheduleId: z.string().optional(),
  totalCents: centsValueSchema.optional(),
  fxRate: z.string().optional(),
  payoutAmount: z.string().optional(),
  payoutCurrency: z.string().optional(),
  failureReason: z.string().optional(),
  /** Rate notifications (docs/rates.md): the payout currency, the rate reached or sent at, the target. */
  currency: z.string().optional(),
  rate: z.string().optional(),
  targetRate: z.string().optional(),
  /** pideme_request: what the relative asked for, in their currency (decimal text; `currency` its code). */
  foreignAmount: z.string().optional(),
  /** Colecta notifications: which colecta, and its title as the organiser wrote it. */
  colectaId: z.string().optional(),
  title: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z
  .object({
    id: z.string(),
    type: notificationTypeSchema,
    /** The other Pago user involved (who paid, who asked), when there is one. */
    actorName: z.string().nullable(),
    data: notificationDataSchema,
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

// GET /api/notifications — newest first, a page at a time.
export const listNotificationsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

// POST /api/notifications/:id/read and /api/notifications/read-all
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// GET/PUT /api/notifications/settings — which optional types are e-mailed.
export const notificationSettingsSchema = z.strictObject({
  email: z.strictObject(
    Object.fromEntries(OPTIONAL_EMAIL_TYPES.map((type) => [type, z.boolean()])) as Record<
      Exclude<NotificationType, AlwaysEmailedType>,
      z.ZodBoolean
    >,
  ),
  /** Which types are pushed to the user's devices (docs/push.md); absent in a PUT: unchanged. */
  push: z
    .strictObject(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
        NotificationType,
        z.ZodBoolean
      >,
    )
    .optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// POST /api/notifications/stream-ticket — then GET /api/notifications/stream?ticket=…
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;
export const streamQuery = z.strictObject({ ticket: z.string().max(100).optional() });

/** The stream's events (`GET /api/notifications/stream`, Server-Sent Events). */
export const NOTIFICATION_EVENT = 'notification';

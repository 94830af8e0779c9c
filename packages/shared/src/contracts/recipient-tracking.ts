import { z } from 'zod';
import { PAYOUT_METHODS } from '../remittances';

/**
 * What the recipient of a remittance sees at the tracking link they received (`/t/:token`, from
 * GET /api/public/transfers/:token, no sign-in): the steps in their words, what they receive and
 * where. Never the sender's family name, balances, the amount paid in dollars or the pickup code
 * (it goes by SMS to their phone; docs/recipient-notice.md says why).
 */
export const RECIPIENT_STEPS = [
  'sent',
  'on_the_way',
  'under_review',
  'ready_for_pickup',
  'picked_up',
  'deposited',
  'not_delivered',
] as const;
export type RecipientStep = (typeof RECIPIENT_STEPS)[number];

export const RECIPIENT_STATUSES = [
  'on_the_way',
  'under_review',
  'ready_for_pickup',
  'picked_up',
  'deposited',
  'not_delivered',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const publicTransferParams = z.strictObject({ token: z.string().max(64) });

export const publicTransferSchema = z
  .object({
    /** The sender's first name only. */
    senderFirstName: z.string(),
    recipientFirstName: z.string(),
    country: z.string(),
    /** What the recipient receives, in their currency (decimal text). */
    amount: z.string(),
    currency: z.string(),
    method: z.enum(PAYOUT_METHODS),
    /** The payer: the bank, the wallet, or the cash network paying at any of its agents. */
    payerName: z.string().nullable(),
    status: z.enum(RECIPIENT_STATUSES),
    steps: z.array(z.object({ step: z.enum(RECIPIENT_STEPS), at: z.string() })),
    /** The date the sender was told it would be available by. */
    expectedBy: z.string(),
    /** Cash ready: the pickup code went by SMS to this phone, shown masked ("•••• 5678"). */
    codeSentTo: z.string().nullable(),
  })
  .meta({ id: 'PublicTransfer' });
export type PublicTransfer = z.infer<typeof publicTransferSchema>;

/** The recipient's SMS of one kind: due, sent, failed for good, or not sent (no SMS in live). */
export const RECIPIENT_SMS_STATES = ['pending', 'sent', 'failed', 'unavailable'] as const;
export type RecipientSmsState = (typeof RECIPIENT_SMS_STATES)[number];

/** On the sender's tracking page: the recipient's link and what their SMS did. */
export const recipientNoticeSchema = z.object({
  /** The public tracking link for the recipient (null for a transfer from before the links). */
  link: z.string().nullable(),
  /** The SMS at the send and when cash is ready; null: none due (yet). */
  sms: z.object({
    sent: z.enum(RECIPIENT_SMS_STATES).nullable(),
    ready: z.enum(RECIPIENT_SMS_STATES).nullable(),
  }),
});
export type RecipientNotice = z.infer<typeof recipientNoticeSchema>;

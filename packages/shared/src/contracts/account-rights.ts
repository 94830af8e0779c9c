import { z } from 'zod';
import { PASSWORD_MAX } from '../password-strength';
import { centsValueSchema } from './amounts';
import { twoStepCodeField } from './security';

/**
 * Customers' rights over their account (docs/account-rights.md): downloading one's data and
 * closing the account. Both are confirmed with the password (and a code when two-step codes are on).
 */
export const confirmWithPasswordBody = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX),
  ...twoStepCodeField,
});
export type ConfirmWithPasswordBody = z.infer<typeof confirmWithPasswordBody>;

// POST /api/account/data-export: a ticket for one download, valid for a few minutes.
export const dataExportTicketSchema = z.object({
  /** GET it (signed in) for the ZIP. */
  downloadUrl: z.string(),
  expiresAt: z.iso.datetime(),
});
export type DataExportTicket = z.infer<typeof dataExportTicketSchema>;

export const dataExportParams = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

/** What stops an account from closing, each with what to do about it. */
export const CLOSE_BLOCKERS = [
  /** Money in the wallet: withdraw it (or spend it) first. */
  'balance',
  /** Deposits not available yet (held): wait until they are. */
  'held_funds',
  /** Money owed to Pago (a returned deposit): pay it first. */
  'owed',
  /** Money on its way in or out (a send, a remittance, a bank transfer, a card hold). */
  'pending_money',
  /** A card dispute not decided yet. */
  'open_card_dispute',
  /** A remittance error claim not decided yet. */
  'open_error_claim',
] as const;
export type CloseBlocker = (typeof CLOSE_BLOCKERS)[number];

// GET /api/account/close: whether the account can close now, and what closing it does.
export const closeConditionsSchema = z.object({
  closable: z.boolean(),
  blockers: z.array(
    z.object({
      code: z.enum(CLOSE_BLOCKERS),
      /** For money blockers, the amount; for the others, how many. */
      amountCents: centsValueSchema.optional(),
      count: z.number().int().optional(),
    }),
  ),
  /** What closing cancels or closes on the way. */
  effects: z.object({
    openRequests: z.number().int(),
    billSchedules: z.number().int(),
    cards: z.number().int(),
    linkedBanks: z.number().int(),
  }),
  /** Whether a code is asked for as well as the password. */
  twoStepRequired: z.boolean(),
});
export type CloseConditions = z.infer<typeof closeConditionsSchema>;

// POST /api/account/close
export const closeAccountBody = confirmWithPasswordBody.extend({
  reason: z.string().trim().max(500).optional(),
});
export type CloseAccountBody = z.infer<typeof closeAccountBody>;

export const closedAccountSchema = z.object({
  closedAt: z.iso.datetime(),
  /** Until when Pago keeps the records the law requires (docs/account-rights.md). */
  recordsKeptUntil: z.iso.datetime(),
});
export type ClosedAccount = z.infer<typeof closedAccountSchema>;

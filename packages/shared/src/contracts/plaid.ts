import { z } from 'zod';
import { languageSchema } from './accounts';
import { textLine } from './text';

/**
 * Banks linked through Plaid (spec "Linking a bank", data model "Linked bank account": id, name,
 * institution, mask; a balance with current and available). Amounts are whole US cents.
 */

// POST /api/plaid/link-token — a Link token for Plaid Auth, in the user's language. With itemId:
// Link's update mode, for signing in to that linked bank again (then POST /items/{id}/repair).
export const plaidLinkTokenBody = z.strictObject({
  language: languageSchema.optional(),
  itemId: z.string().max(64).optional(),
});
export type PlaidLinkTokenBody = z.infer<typeof plaidLinkTokenBody>;
export const plaidLinkTokenResponseSchema = z.object({
  link_token: z.string(),
  /** Plaid Link's loader script, loaded by the browser on demand (the fake's in sandbox mode). */
  scriptUrl: z.string(),
});
export type PlaidLinkTokenResponse = z.infer<typeof plaidLinkTokenResponseSchema>;

/** Whether Plaid can still reach the bank for this item, or the user must sign in to it again. */
export const PLAID_ITEM_STATUSES = ['good', 'login_required'] as const;
export const plaidItemStatusSchema = z.enum(PLAID_ITEM_STATUSES);
export type PlaidItemStatus = z.infer<typeof plaidItemStatusSchema>;

export const linkedBankAccountSchema = z
  .object({
    id: z.uuid(),
    /** The linked bank (Plaid item) the account belongs to; DELETE /api/plaid/items/{itemId}. */
    itemId: z.uuid(),
    institution: z.string(),
    institutionId: z.string().nullable(),
    name: z.string(),
    officialName: z.string().nullable(),
    /** The last digits of the account number; the full number stays at Plaid. */
    mask: z.string().nullable(),
    type: z.string(),
    subtype: z.string().nullable(),
    status: plaidItemStatusSchema,
    linkedAt: z.iso.datetime(),
  })
  .meta({ id: 'LinkedBankAccount' });
export type LinkedBankAccount = z.infer<typeof linkedBankAccountSchema>;

// POST /api/plaid/exchange-token
export const plaidExchangeTokenBody = z.strictObject({
  public_token: textLine().min(1).max(200),
  institution_name: textLine().min(1).max(100),
});
export type PlaidExchangeTokenBody = z.infer<typeof plaidExchangeTokenBody>;
export const plaidExchangeTokenResponseSchema = z.object({
  itemId: z.uuid(),
  accounts: z.array(linkedBankAccountSchema),
});
export type PlaidExchangeTokenResponse = z.infer<typeof plaidExchangeTokenResponseSchema>;

// GET /api/plaid/accounts
export const plaidAccountsResponseSchema = z.object({ accounts: z.array(linkedBankAccountSchema) });
export type PlaidAccountsResponse = z.infer<typeof plaidAccountsResponseSchema>;

export const plaidAccountIdParams = z.strictObject({ id: z.string().max(64) });
export const plaidItemIdParams = z.strictObject({ id: z.string().max(64) });

// GET /api/plaid/accounts/{id}/balance — asked of the bank now (Plaid /accounts/balance/get).
export const plaidBalanceResponseSchema = z.object({
  accountId: z.uuid(),
  balance: z.object({
    /** What the bank says can be spent now; null when the bank does not report it. */
    availableCents: z.number().int().nullable(),
    currentCents: z.number().int().nullable(),
    currency: z.string().nullable(),
  }),
});
export type PlaidBalanceResponse = z.infer<typeof plaidBalanceResponseSchema>;

// POST /api/plaid/items/{id}/repair — after Link's update mode: the bank answers again.
export const plaidRepairResponseSchema = z.object({ accounts: z.array(linkedBankAccountSchema) });

// DELETE /api/plaid/items/{id}
export const plaidUnlinkResponseSchema = z.object({ removed: z.literal(true) });

import { z } from 'zod';
import { centsValueSchema } from './amounts';

/**
 * What the CFPB's Remittance Transfer Rule (Regulation E, subpart B, § 1005.31) requires a sender
 * to see before paying and again on the receipt: the amounts in dollars and in the recipient's
 * currency, the exchange rate, fees and taxes, and when the money will be available. The
 * statements themselves (other fees and taxes, rights, contacts) are the screens' texts.
 */
export const remittanceDisclosureSchema = z
  .object({
    /** What is sent, before fees. */
    transferAmountCents: centsValueSchema,
    /** Pago's fees, express included. */
    transferFeeCents: centsValueSchema,
    /** Taxes Pago collects (none). */
    transferTaxesCents: centsValueSchema,
    /** What the sender pays. */
    totalCents: centsValueSchema,
    /** Units of the payout currency per dollar, Pago's spread included. */
    exchangeRate: z.string(),
    payoutCurrency: z.string(),
    /** The transfer amount in the payout currency. */
    transferAmountForeign: z.string(),
    /** Fees of the payer Pago knows of and that are taken from the amount (covered third-party fees). */
    otherFeesForeign: z.string(),
    /** What the recipient receives. */
    totalToRecipient: z.string(),
    /**
     * A deposit to an account: the recipient's bank may charge its own fees and foreign taxes may
     * apply, so the recipient may receive less (the rule's statement, § 1005.31(b)(1)(viii)).
     */
    recipientMayReceiveLess: z.boolean(),
    /** When the money will be available to the recipient (the partner's estimate for the payer). */
    availableBy: z.string(),
  })
  .meta({ id: 'RemittanceDisclosure' });
export type RemittanceDisclosure = z.infer<typeof remittanceDisclosureSchema>;

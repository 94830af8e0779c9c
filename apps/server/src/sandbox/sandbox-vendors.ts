import type { SandboxThunesTimings } from '../config';
import type { Database } from '../db/database';
import { decideDueInquiries } from './persona/persona-fake.routes';
import { personaSignatureHeader } from './persona/persona-signing';
import { signPlaidWebhook } from './plaid/plaid-keys';
import { stripeSignatureHeader } from './stripe/stripe-signing';
import { advanceThunesTransactions } from './thunes/thunes-fake';
import { reviewDueCheckDeposits } from './unit/unit-check-deposit-review';
import { returnDueCheckDeposits } from './unit/unit-check-deposits-fake';
import { advanceCheckPayments } from './unit/unit-check-payments-fake';
import { advanceUnitPayments } from './unit/unit-fake-payments';
import { completeDueReceivedPayments } from './unit/unit-received-payments-fake';
import { unitSignatureHeader } from './unit/unit-signing';
import { deliverDueWebhooks } from './webhooks/outbox';

/**
 * The sandbox vendors' own clock work, run every second by the server (and by tests on demand):
 * Persona decides inquiries whose review is over, Unit moves its due payments on (received
 * payments whose completion day came, check deposits due to be returned among them), Thunes its due
 * transactions, then the vendors deliver their due webhooks (Thunes' status callbacks and Stripe's
 * events among them).
 */
export function createSandboxVendors(
  db: Database,
  selfUrl: () => string,
  personaWebhookSecret: string,
  unit: {
    webhookSecret: string;
    achSettleMs: number;
    sameDayAchSettleMs: number;
    checkReviewMs?: number;
  },
  thunes: { apiKey: string; apiSecret: string; timings: SandboxThunesTimings },
  stripe: { webhookSecret: string },
) {
  // Thunes' callbacks carry the API's own credentials (HTTP Basic); docs/thunes.md, open point 2.
  const thunesAuthorization = `Basic ${Buffer.from(`${thunes.apiKey}:${thunes.apiSecret}`).toString('base64')}`;
  return {
    async tick(): Promise<{
      decided: number;
      delivered: number;
      payments: number;
      remittances: number;
    }> {
      const decided = await decideDueInquiries(db);
      const payments =
        (await advanceUnitPayments(db, {
          standardMs: unit.achSettleMs,
          sameDayMs: unit.sameDayAchSettleMs,
        })) +
        (await completeDueReceivedPayments(db)) +
        (await returnDueCheckDeposits(db)) +
        (await reviewDueCheckDeposits(db, unit.checkReviewMs ?? 0, unit.achSettleMs));
      await advanceCheckPayments(db, unit.achSettleMs);
      const remittances = await advanceThunesTransactions(db, thunes.timings);
      const delivered = await deliverDueWebhooks({
        db,
        baseUrl: selfUrl,
        signers: {
          plaid: async (body) => ({ 'plaid-verification': await signPlaidWebhook(db, body) }),
          persona: async (body) => ({
            'persona-signature': personaSignatureHeader(personaWebhookSecret, body),
          }),
          unit: async (body) => unitSignatureHeader(unit.webhookSecret, body),
          thunes: async () => ({ authorization: thunesAuthorization }),
          stripe: async (body) => stripeSignatureHeader(stripe.webhookSecret, body),
        },
      });
      return { decided, delivered, payments, remittances };
    },
  };
}
export type SandboxVendors = ReturnType<typeof createSandboxVendors>;

import type { Database } from '../db/database';
import { decideDueInquiries } from './persona/persona-fake.routes';
import { personaSignatureHeader } from './persona/persona-signing';
import { signPlaidWebhook } from './plaid/plaid-keys';
import { advanceUnitPayments } from './unit/unit-fake-payments';
import { unitSignatureHeader } from './unit/unit-signing';
import { deliverDueWebhooks } from './webhooks/outbox';

/**
 * The sandbox vendors' own clock work, run every second by the server (and by tests on demand):
 * Persona decides inquiries whose review is over, Unit moves its due payments on, then the
 * vendors deliver their due webhooks.
 */
export function createSandboxVendors(
  db: Database,
  selfUrl: () => string,
  personaWebhookSecret: string,
  unit: { webhookSecret: string; achSettleMs: number; sameDayAchSettleMs: number },
) {
  return {
    async tick(): Promise<{ decided: number; delivered: number; payments: number }> {
      const decided = await decideDueInquiries(db);
      const payments = await advanceUnitPayments(db, {
        standardMs: unit.achSettleMs,
        sameDayMs: unit.sameDayAchSettleMs,
      });
      const delivered = await deliverDueWebhooks({
        db,
        baseUrl: selfUrl,
        signers: {
          plaid: async (body) => ({ 'plaid-verification': await signPlaidWebhook(db, body) }),
          persona: async (body) => ({
            'persona-signature': personaSignatureHeader(personaWebhookSecret, body),
          }),
          unit: async (body) => unitSignatureHeader(unit.webhookSecret, body),
        },
      });
      return { decided, delivered, payments };
    },
  };
}
export type SandboxVendors = ReturnType<typeof createSandboxVendors>;

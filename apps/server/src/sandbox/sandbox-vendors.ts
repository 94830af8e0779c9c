import type { Database } from '../db/database';
import { decideDueInquiries } from './persona/persona-fake.routes';
import { personaSignatureHeader } from './persona/persona-signing';
import { signPlaidWebhook } from './plaid/plaid-keys';
import { deliverDueWebhooks } from './webhooks/outbox';

/**
 * The sandbox vendors' own clock work, run every second by the server (and by tests on demand):
 * Persona decides inquiries whose review is over, then both vendors deliver their due webhooks.
 */
export function createSandboxVendors(
  db: Database,
  selfUrl: () => string,
  personaWebhookSecret: string,
) {
  return {
    async tick(): Promise<{ decided: number; delivered: number }> {
      const decided = await decideDueInquiries(db);
      const delivered = await deliverDueWebhooks({
        db,
        baseUrl: selfUrl,
        signers: {
          plaid: async (body) => ({ 'plaid-verification': await signPlaidWebhook(db, body) }),
          persona: async (body) => ({
            'persona-signature': personaSignatureHeader(personaWebhookSecret, body),
          }),
        },
      });
      return { decided, delivered };
    },
  };
}
export type SandboxVendors = ReturnType<typeof createSandboxVendors>;

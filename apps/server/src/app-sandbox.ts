import type { AppDeps, AppInstance } from './app-instance';
import { cardNetworkRoutes } from './sandbox/card-network/card-network.routes';
import { sandboxFxRoutes } from './sandbox/fx/sandbox-fx.routes';
import { mailboxRoutes } from './sandbox/mailbox/mailbox.routes';
import { oidcFakeRoutes } from './sandbox/oidc/oidc-fake.routes';
import { personaFakeRoutes } from './sandbox/persona/persona-fake.routes';
import { plaidFakeRoutes } from './sandbox/plaid/plaid-fake.routes';
import { pushFakeRoutes } from './sandbox/push/push-fake.routes';
import { createSandboxVendors } from './sandbox/sandbox-vendors';
import { sharedAssetRoutes } from './sandbox/shared/shared-assets.routes';
import { stripeFakeRoutes } from './sandbox/stripe/stripe-fake.routes';
import { thunesFakeRoutes } from './sandbox/thunes/thunes-fake.routes';
import { smsOutboxRoutes } from './sandbox/twilio/sms-outbox.routes';
import { twilioFakeRoutes } from './sandbox/twilio/twilio-fake.routes';
import { twilioMessagesFakeRoutes } from './sandbox/twilio/twilio-messages-fake.routes';
import { unitCardsFakeRoutes } from './sandbox/unit/unit-cards-fake.routes';
import { unitFakeRoutes } from './sandbox/unit/unit-fake.routes';

// What only sandbox mode has: the vendors' fakes served under /sandbox and their clock. Live mode
// builds neither (the vendors' clients are chosen in app-vendors.ts).

/** The fakes' clock (payments moving on, webhooks delivered), in sandbox mode only. */
export function buildSandboxVendors({ config, db, selfUrl }: AppDeps & { selfUrl: () => string }) {
  if (config.mode !== 'sandbox') return null;
  return createSandboxVendors(
    db,
    selfUrl,
    config.persona?.webhookSecret ?? '',
    {
      webhookSecret: config.unit?.webhookSecret ?? '',
      achSettleMs: config.sandboxAchSettleMs,
      sameDayAchSettleMs: config.sandboxSameDayAchSettleMs,
      checkReviewMs: config.sandboxCheckReviewMs,
    },
    {
      apiKey: config.thunes?.apiKey ?? '',
      apiSecret: config.thunes?.apiSecret ?? '',
      timings: config.sandboxThunes,
    },
    { webhookSecret: config.stripe?.webhookSecret ?? '' },
  );
}

/** The vendors' fakes under /sandbox; `reconcile` is the banking reconciliation on demand. */
export async function registerSandboxRoutes(
  app: AppInstance,
  reconcile: () => Promise<unknown>,
): Promise<void> {
  await app.register(sharedAssetRoutes);
  await app.register(plaidFakeRoutes);
  await app.register(personaFakeRoutes);
  await app.register(mailboxRoutes);
  await app.register(twilioFakeRoutes);
  await app.register(unitFakeRoutes);
  await app.register(unitCardsFakeRoutes);
  await app.register(oidcFakeRoutes);
  await app.register(cardNetworkRoutes);
  await app.register(thunesFakeRoutes);
  await app.register(stripeFakeRoutes);
  // The reconciliation on demand (sandbox only; it also runs daily as a job).
  app.post('/sandbox/unit/reconcile', async () => reconcile());
  await app.register(smsOutboxRoutes);
  await app.register(twilioMessagesFakeRoutes);
  await app.register(sandboxFxRoutes);
  await app.register(pushFakeRoutes);
}

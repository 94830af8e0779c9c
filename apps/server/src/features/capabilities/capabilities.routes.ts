import { capabilitiesSchema } from '@pago/shared/contracts/capabilities';
import type { AppInstance } from '../../app';
import { errorResponses } from '../../lib/openapi';

/**
 * What this server can do, for the web to hide or explain what it cannot: in live mode the
 * features whose partner has no live integration yet are refused (503
 * feature_unavailable_in_live_mode). Public: it says nothing about any user.
 */
export async function capabilitiesRoutes(app: AppInstance): Promise<void> {
  const { partners, banking } = app.services;
  app.get(
    '/api/features',
    {
      schema: {
        summary: 'Which partner features work in this server’s mode (sandbox or live)',
        tags: ['Health'],
        response: { 200: capabilitiesSchema, ...errorResponses },
      },
    },
    async () => ({
      mode: app.deps.config.mode,
      remittances: partners.payouts.available,
      billPay: partners.billers.available,
      bankAccount: banking.available,
      cards: app.services.cards.available,
      externalSignIn: app.services.externalSignin.available
        ? { providerName: app.services.externalSignin.providerName }
        : null,
    }),
  );
}

import { capabilitiesSchema } from '@pago/shared/contracts/capabilities';
import type { AppInstance } from '../../app-instance';
import { errorResponses } from '../../lib/openapi';
import type { BillerNetwork } from '../../providers/billpay/biller-network';
import type { ExternalSignin } from '../accounts/external-signin.service';
import type { Banking } from '../banking/banking.service';
import type { Cards } from '../cards/cards.service';

/** What the capabilities route reads: whether each partner feature is available. */
export type CapabilitiesRouteDeps = {
  /** The payout partner: without one (live mode without its settings) remittances are refused. */
  payouts: { available: boolean };
  billers: Pick<BillerNetwork, 'available'>;
  banking: Pick<Banking, 'available'>;
  cards: Pick<Cards, 'available' | 'secureDataAvailable' | 'activationAvailable'>;
  externalSignin: Pick<ExternalSignin, 'available' | 'providerName'>;
  identity: { available: boolean };
  linkedBanks: { available: boolean };
  phoneVerification: { available: boolean };
  cardFunding: { available: boolean };
};

/**
 * What this server can do, for the web to hide or explain what it cannot: in live mode the
 * features whose partner has no live integration yet are refused (503
 * feature_unavailable_in_live_mode). Public: it says nothing about any user.
 */
export async function capabilitiesRoutes(
  app: AppInstance,
  {
    payouts,
    billers,
    banking,
    cards,
    externalSignin,
    identity,
    linkedBanks,
    phoneVerification,
    cardFunding,
  }: CapabilitiesRouteDeps,
): Promise<void> {
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
      remittances: payouts.available,
      billPay: billers.available,
      bankAccount: banking.available,
      cards: cards.available,
      cardSecureData: cards.secureDataAvailable,
      cardActivation: cards.activationAvailable,
      externalSignIn: externalSignin.available
        ? { providerName: externalSignin.providerName }
        : null,
      identityVerification: identity.available,
      linkedBanks: linkedBanks.available,
      phoneVerification: phoneVerification.available,
      cardFunding: cardFunding.available,
      checkDeposits: banking.available,
    }),
  );
}

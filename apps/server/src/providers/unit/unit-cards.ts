import { num, type Resource, rel, text, toCard, type UnitTransport } from './unit-transport';
import type { UnitAddress, UnitAuthorization, UnitCard } from './unit-types';

/** Unit debit cards: issuing, status, limits, secure data, and their authorizations. */
export function unitCardCalls(transport: UnitTransport) {
  const { rest, call } = transport;
  return {
    /**
     * A debit card on the customer's deposit account (`POST /cards`): virtual, Active at once;
     * physical, Inactive and shipped to `shippingAddress`. The key makes a retry the same card.
     */
    async createCard(input: {
      type: 'individualDebitCard' | 'individualVirtualDebitCard';
      accountId: string;
      idempotencyKey: string;
      limits: { dailyPurchase: number; dailyWithdrawal: number };
      shippingAddress?: UnitAddress;
      tags: Record<string, string>;
    }): Promise<UnitCard> {
      const answer = await call(() =>
        rest('createCard', 'post', '/cards', {
          data: {
            type: input.type,
            attributes: {
              idempotencyKey: input.idempotencyKey,
              limits: input.limits,
              tags: input.tags,
              ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
            },
            relationships: { account: { data: { type: 'depositAccount', id: input.accountId } } },
          },
        }),
      );
      return toCard(answer.data as Resource);
    },

    /** Unit's status changes of a card: freeze, unfreeze, report-lost, report-stolen, close. */
    async cardAction(
      cardId: string,
      action: 'freeze' | 'unfreeze' | 'report-lost' | 'report-stolen' | 'close',
    ): Promise<UnitCard> {
      const answer = await call(() =>
        rest('cardAction', 'post', `/cards/${encodeURIComponent(cardId)}/${action}`, {}),
      );
      return toCard(answer.data as Resource);
    },

    /** The card's daily limits at Unit (`PATCH /cards/{id}`, cents). */
    async updateCardLimits(
      cardId: string,
      type: UnitCard['type'],
      limits: { dailyPurchase: number; dailyWithdrawal: number },
    ): Promise<UnitCard> {
      const answer = await call(() =>
        rest('updateCard', 'patch', `/cards/${encodeURIComponent(cardId)}`, {
          data: { type, attributes: { limits } },
        }),
      );
      return toCard(answer.data as Resource);
    },

    /**
     * A customer token for the browser's secure display or form (Unit's "Displaying Sensitive
     * Card Data": VGS Show / Collect call the vault with it): scope `cards-sensitive` to show the
     * number and CVV, `cards-sensitive-write` to set the PIN, limited to this card
     * (createCustomerToken.json `resources`). Pago's server never calls the secure-data paths.
     */
    async createCardSecureToken(
      customerId: string,
      cardId: string,
      scope: 'cards-sensitive' | 'cards-sensitive-write',
      expiresIn: number,
      verification: { verificationToken: string; verificationCode: string },
    ): Promise<{ token: string; expiresIn: number }> {
      const answer = await call(() =>
        rest('createCustomerToken', 'post', `/customers/${encodeURIComponent(customerId)}/token`, {
          data: {
            type: 'customerToken',
            attributes: {
              scope,
              expiresIn,
              resources: [{ type: 'card', ids: [cardId] }],
              verificationToken: verification.verificationToken,
              verificationCode: verification.verificationCode,
            },
          },
        }),
      );
      return { token: answer.data.attributes.token, expiresIn: answer.data.attributes.expiresIn };
    },

    /**
     * Unit's "Create Customer Token Verification" (tokenPaths.json): Unit texts a code to the
     * customer's phone (channel sms) and answers the verificationToken a sensitive-scope token
     * is then asked for with, together with that code.
     */
    async createCustomerTokenVerification(
      customerId: string,
      language: 'en' | 'es',
    ): Promise<{ verificationToken: string }> {
      const answer = await call(() =>
        rest(
          'createCustomerTokenVerification',
          'post',
          `/customers/${encodeURIComponent(customerId)}/token/verification`,
          { data: { type: 'customerTokenVerification', attributes: { channel: 'sms', language } } },
        ),
      );
      return { verificationToken: answer.data.attributes.verificationToken };
    },

    /** The card as Unit has it now (`GET /cards/{cardId}`). */
    async getCard(cardId: string): Promise<UnitCard> {
      const answer = await call(() =>
        rest('getCard', 'get', `/cards/${encodeURIComponent(cardId)}`),
      );
      return toCard(answer.data as Resource);
    },

    /** Unit's sandbox-only activation of a physical card (`POST /sandbox/cards/{id}/activate`). */
    async activateCardInSandbox(cardId: string): Promise<UnitCard> {
      const answer = await call(() =>
        rest('activateCard', 'post', `/sandbox/cards/${encodeURIComponent(cardId)}/activate`, {}),
      );
      return toCard(answer.data as Resource);
    },

    /** A card authorization in any status (`includeNonAuthorized`: canceled and completed too). */
    async getAuthorization(id: string): Promise<UnitAuthorization> {
      const answer = await call(() =>
        rest(
          'getAuthorization',
          'get',
          `/authorizations/${encodeURIComponent(id)}?includeNonAuthorized=true`,
        ),
      );
      const r = answer.data as Resource;
      return {
        id: r.id,
        status: text(r.attributes.status),
        amount: num(r.attributes.amount),
        accountId: rel(r, 'account') ?? '',
        cardId: rel(r, 'card') ?? '',
      };
    },
  };
}

import { num, type Resource, rel, text, toCard, type UnitTransport } from './unit-transport';
import type { UnitAddress, UnitAuthorization, UnitCard } from './unit-types';

/** Unit debit cards: issuing, status, limits, secure data, and their authorizations. */
export function unitCardCalls(transport: UnitTransport) {
  const { rest, call, createCustomerToken } = transport;
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
     * The full number and CVV, read from Unit's secure-data endpoints with a customer token of
     * scope `cards-sensitive` that lives one minute. Sandbox mode only: in live mode Unit shows
     * them in the browser through its secure reveal, and Pago's server never sees them.
     */
    async revealCard(cardId: string, customerId: string): Promise<{ pan: string; cvv: string }> {
      const { token } = await createCustomerToken(customerId, 'cards-sensitive', 60);
      const path = `/cards/${encodeURIComponent(cardId)}/secure-data`;
      const [pan, cvv] = await Promise.all([
        call(() => rest('cardPan', 'get', `${path}/pan`, undefined, token)),
        call(() => rest('cardCvv', 'get', `${path}/cvv`, undefined, token)),
      ]);
      return { pan: text(pan.data.attributes.pan), cvv: text(cvv.data.attributes.cvv) };
    },

    /** Sets the card's PIN at Unit's secure-data endpoint (scope `cards-sensitive-write`). */
    async setCardPin(cardId: string, customerId: string, pin: string): Promise<void> {
      const { token } = await createCustomerToken(customerId, 'cards-sensitive-write', 60);
      await call(() =>
        rest(
          'setCardPin',
          'put',
          `/cards/${encodeURIComponent(cardId)}/secure-data/pin`,
          { data: { type: 'setPin', attributes: { pin } } },
          token,
        ),
      );
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

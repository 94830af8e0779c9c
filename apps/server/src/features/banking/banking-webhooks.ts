import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { UnitClient, UnitPayment } from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import { lockUnitPaymentByUnitId, recordWebhookEvent } from './banking.repository';
import type {
  AchStatusHandler,
  BankingHandlers,
  CardEvent,
  CardEventHandler,
  MirroredPayment,
  PartnerEvent,
  PartnerEventHandler,
} from './banking-partner';

const CARD_EVENTS = new Set(['transaction.created', 'authorization.canceled']);

type Deps = {
  db: Database;
  partner: () => UnitClient;
  webhookSecret: string;
  handlers: BankingHandlers;
  /** Brings a mirrored payment to the partner's status (the payments module's). */
  applyStatus: (tx: Database, row: MirroredPayment, payment: UnitPayment) => Promise<void>;
};

/** The partner's webhook and the handlers other features register for its events. */
export function createBankingWebhooks({ db, partner, webhookSecret, handlers, applyStatus }: Deps) {
  return {
    /** The card feature applies the partner's card events (clearing, reversal, refund). */
    onCardEvents(
      handler: CardEventHandler,
      movementsOn: (partnerAccountId: string) => Promise<number>,
    ) {
      handlers.card = handler;
      handlers.cardMovementsOn = movementsOn;
    },

    /**
     * A feature's handler for the partner's events whose type starts with `typePrefix` (one per
     * prefix, e.g. `receivedPayment.`).
     */
    onEvents(typePrefix: string, handler: PartnerEventHandler) {
      handlers.events.set(typePrefix, handler);
    },

    /**
     * A feature's handler for the ACH statuses of its payments (funding's, bill pay's): each is
     * run in turn and acts only on the transfers that are its own.
     */
    onAchStatus(handler: AchStatusHandler) {
      const before = handlers.ach;
      handlers.ach = before
        ? async (tx, transferId, payment, previous) => {
            await before(tx, transferId, payment, previous);
            await handler(tx, transferId, payment, previous);
          }
        : handler;
    },

    /**
     * The partner's webhook: signature first (401), then each event once by its id. The payment's
     * status is read back from the partner, so an event out of order cannot move it backwards.
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<void> {
      if (!verifyUnitSignature(signature, rawBody, webhookSecret)) {
        throw new AppError('invalid_signature', 401, 'Invalid webhook signature');
      }
      let events: unknown;
      try {
        events = (JSON.parse(rawBody) as { data?: unknown }).data;
      } catch {
        throw new AppError('invalid_json', 400, 'The webhook body is not JSON');
      }
      for (const event of Array.isArray(events) ? events : []) {
        const e = event as {
          id?: unknown;
          type?: unknown;
          relationships?: { payment?: { data?: { id?: unknown } } };
        };
        if (typeof e.id !== 'string' || typeof e.type !== 'string' || e.id.length > 100) continue;
        const paymentId = e.relationships?.payment?.data?.id;
        const payment =
          e.type.startsWith('payment.') &&
          typeof paymentId === 'string' &&
          /^\d{1,18}$/.test(paymentId)
            ? await partner().getPayment(paymentId)
            : null;
        // A transaction's event also reads as `<type>:<transaction type>` (e.g.
        // `transaction.created:cashDepositTransaction`), so a feature can take one kind of them.
        const named = (event as PartnerEvent).relationships?.transaction?.data?.type;
        const key = typeof named === 'string' ? `${e.type}:${named}` : e.type;
        const featureHandler = [...handlers.events].find(([prefix]) => key.startsWith(prefix))?.[1];
        if (featureHandler) {
          const apply = await featureHandler(event as PartnerEvent);
          if (!apply) continue;
          await db.transaction().execute(async (tx) => {
            if (await recordWebhookEvent(tx, e.id as string, (e.type as string).slice(0, 100))) {
              await apply(tx);
            }
          });
          continue;
        }
        const cardHandler = handlers.card;
        const cardEvent = cardHandler !== null && CARD_EVENTS.has(e.type);
        // A card event is applied as the partner reads it back; one it does not confirm is not
        // recorded either, so the partner's own event of that id still counts when it comes.
        const applyCard = cardEvent && cardHandler ? await cardHandler(event as CardEvent) : null;
        if (cardEvent && !applyCard) continue;
        await db.transaction().execute(async (tx) => {
          if (!(await recordWebhookEvent(tx, e.id as string, (e.type as string).slice(0, 100))))
            return;
          if (applyCard) {
            await applyCard(tx);
            return;
          }
          if (!payment) return;
          const row = await lockUnitPaymentByUnitId(tx, payment.id);
          // A payment Pago did not make (or not yet mirrored): acknowledged, nothing to do.
          if (row) await applyStatus(tx, row, payment);
        });
      }
    },
  };
}

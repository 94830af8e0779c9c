import { usdToCents } from '@pago/shared/contracts/amounts';
import {
  RATE_ORDER_MAX_DAYS,
  type RateOrder,
  type RateOrderList,
  type rateOrderBody,
} from '@pago/shared/contracts/rates';
import { type CorridorCountry, getCorridor, internationalFee } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { RateOrderStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Recipients } from '../remittances/recipients.service';
import type { SendOnBehalf } from '../remittances/remittance-on-behalf';
import { compareRates, plainDecimal } from './rate-source';
import {
  dueOrders,
  findOrder,
  finishOrder,
  insertOrder,
  listOrders,
  type OrderRow,
  sumWaiting,
} from './rates.repository';

type Deps = {
  db: Database;
  ledger: Pick<Ledger, 'post' | 'clock'>;
  notifications: Pick<Notifications, 'notify'>;
  recipients: Pick<Recipients, 'rowOf' | 'payable'>;
  /** Lazily: the remittances feature is built after this one may be. */
  remittances: () => SendOnBehalf | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const notFound = () => new AppError('not_found', 404, 'No such rate order.');

/** YYYY-MM-DD of the US Eastern day of `at`, plus `days`. */
function easternDate(at: Date, days = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function orderView(row: OrderRow): RateOrder {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    recipientName: row.recipient_name,
    currency: row.currency,
    amountCents: cents(row.amount_cents),
    heldCents: cents(row.held_cents),
    speed: row.speed,
    targetRate: plainDecimal(row.target_rate),
    lastDate: row.last_date,
    atLastDate: row.at_last_date,
    status: row.status,
    sentRate: row.sent_rate === null ? null : plainDecimal(row.sent_rate),
    transferId: row.sent_transfer_id,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/**
 * Send at my rate (docs/rates.md): the amount and the highest fee it may pay are moved from the
 * wallet to Pago's `rate_order_holds` account when ordered (not spendable, not counted toward the
 * limits: the send that follows counts). When the sender's rate reaches the target, or on the last
 * date (send at that day's rate, or cancel, as the sender chose), ONE transaction locks the order,
 * releases the hold, makes the send and closes the order; a cancel releases the hold the same way.
 * The order's row lock and its `waiting` status make each of these happen once.
 */
export function createRateOrders({
  db,
  ledger,
  notifications,
  recipients,
  remittances,
  log,
}: Deps) {
  /** Gives the hold back to the wallet and closes the order, in `tx` (the order row locked). */
  async function release(
    tx: Database,
    order: OrderRow,
    reason: 'sent' | 'cancelled' | 'expired' | 'failed',
  ) {
    return ledger.post(tx, {
      kind: 'rate_order_release',
      status: 'completed',
      userId: order.user_id,
      amountCents: cents(order.held_cents),
      countsTowardLimits: false,
      relatedTransferId: order.hold_transfer_id,
      metadata: { rateOrderId: order.id, releaseOf: order.hold_transfer_id, reason },
      legs: [
        { account: { role: 'rate_order_holds' }, amountCents: -order.held_cents },
        { account: { userId: order.user_id }, amountCents: order.held_cents },
      ],
    });
  }

  /** Closes a waiting order without a send (cancelled, expired or failed), once. */
  async function closeUnsent(
    id: string,
    status: Exclude<RateOrderStatus, 'waiting' | 'sent'>,
    reason: string | null,
  ): Promise<OrderRow | undefined> {
    return db.transaction().execute(async (tx) => {
      const now = ledger.clock();
      const order = await findOrder(tx, id, now, { lock: true });
      if (order?.status !== 'waiting') return order;
      const released = await release(tx, order, status);
      await finishOrder(tx, id, {
        status,
        releaseTransferId: released.id,
        failureReason: reason,
        now,
      });
      if (status !== 'cancelled') {
        await notifications.notify(tx, {
          userId: order.user_id,
          type: 'rate_order_released',
          data: {
            amountCents: cents(order.held_cents),
            recipientName: order.recipient_name,
            currency: order.currency,
            targetRate: plainDecimal(order.target_rate),
          },
        });
      }
      return findOrder(tx, id, now);
    });
  }

  /** Looks at one due order: sends it, closes it, or leaves it waiting. What happened. */
  async function settle(order: OrderRow): Promise<'sent' | 'closed' | 'waiting'> {
    const remit = remittances();
    if (!remit) return 'waiting';
    let quote: { quoteId: string; fxRate: string };
    try {
      quote = await remit.quoteFor(
        order.user_id,
        order.recipient_id,
        cents(order.amount_cents),
        order.speed,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The partner unreachable: try again on the next run, even on the last day.
      if (error.statusCode >= 500) return 'waiting';
      await closeUnsent(order.id, 'failed', error.message);
      return 'closed';
    }
    const reached = compareRates(quote.fxRate, order.target_rate) >= 0;
    if (!reached && !order.last_day_reached) return 'waiting';
    if (!reached && order.at_last_date === 'cancel') {
      await closeUnsent(order.id, 'expired', null);
      return 'closed';
    }
    try {
      const sent = await db.transaction().execute(async (tx) => {
        const now = ledger.clock();
        const locked = await findOrder(tx, order.id, now, { lock: true });
        if (locked?.status !== 'waiting') return false;
        const released = await release(tx, locked, 'sent');
        const transfer = await remit.sendQuoted(tx, locked.user_id, {
          recipientId: locked.recipient_id,
          quoteId: quote.quoteId,
          amountCents: cents(locked.amount_cents),
          speed: locked.speed,
          origin: { kind: 'rate_order', id: locked.id },
        });
        await finishOrder(tx, locked.id, {
          status: 'sent',
          releaseTransferId: released.id,
          sentTransferId: transfer.id,
          sentRate: quote.fxRate,
          now,
        });
        await notifications.notify(tx, {
          userId: locked.user_id,
          type: 'rate_order_sent',
          data: {
            amountCents: cents(locked.amount_cents),
            recipientName: locked.recipient_name,
            currency: locked.currency,
            rate: plainDecimal(quote.fxRate),
            transferId: transfer.id,
          },
        });
        return true;
      });
      return sent ? 'sent' : 'closed';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused (limits, sanctions, the recipient forgotten…): nothing moved; the money goes back.
      if (error.statusCode >= 500) return 'waiting';
      await closeUnsent(order.id, 'failed', error.message);
      return 'closed';
    }
  }

  return {
    async list(userId: string): Promise<RateOrderList> {
      const now = ledger.clock();
      const [rows, reserved] = await Promise.all([
        listOrders(db, userId, now),
        sumWaiting(db, userId),
      ]);
      return { items: rows.map(orderView), reservedCents: cents(reserved) };
    },

    /** Orders, in `tx` (the money POST's): the hold and the order, all or nothing. */
    async create(
      tx: Database,
      userId: string,
      body: z.output<typeof rateOrderBody>,
    ): Promise<RateOrder> {
      const now = ledger.clock();
      const today = easternDate(now);
      if (body.lastDate < today || body.lastDate > easternDate(now, RATE_ORDER_MAX_DAYS)) {
        throw new AppError(
          'bad_request',
          400,
          `The last date must be between today and ${RATE_ORDER_MAX_DAYS} days from now.`,
        );
      }
      const row = await recipients.rowOf(userId, body.recipientId, tx);
      recipients.payable(row);
      const country = row.country as CorridorCountry;
      const { currency } = getCorridor(country);
      if (currency === 'USD') {
        throw new AppError(
          'bad_request',
          400,
          'This recipient is paid in US dollars: there is no exchange rate to wait for.',
        );
      }
      const amountCents = usdToCents(body.amountUsd);
      // The highest fee the send may pay (express costs more): reserved with the amount.
      const fee = Math.max(
        internationalFee(country, amountCents, body.speed),
        internationalFee(country, amountCents, 'express'),
      );
      const held = cents(amountCents + fee);
      const id = crypto.randomUUID();
      const hold = await ledger.post(tx, {
        kind: 'rate_order_hold',
        status: 'completed',
        userId,
        amountCents: held,
        countsTowardLimits: false,
        metadata: { rateOrderId: id, currency, targetRate: body.targetRate },
        legs: [
          { account: { userId }, amountCents: -held },
          { account: { role: 'rate_order_holds' }, amountCents: held },
        ],
      });
      await insertOrder(tx, {
        id,
        userId,
        recipientId: row.id,
        recipientName: row.full_name,
        currency,
        amountCents,
        heldCents: held,
        speed: body.speed,
        targetRate: body.targetRate,
        lastDate: body.lastDate,
        atLastDate: body.atLastDate,
        holdTransferId: hold.id,
      });
      const created = await findOrder(tx, id, now);
      if (!created) throw new Error('rate order not written');
      return orderView(created);
    },

    /**
     * Cancels a waiting order, in `tx` (the money POST's): the whole hold back, once. Cancelling
     * an order already cancelled answers it as it is; one already sent or closed is a conflict.
     */
    async cancel(tx: Database, userId: string, id: string): Promise<RateOrder> {
      const now = ledger.clock();
      const order = isUuid(id) ? await findOrder(tx, id, now, { userId, lock: true }) : undefined;
      if (!order) throw notFound();
      if (order.status === 'cancelled') return orderView(order);
      if (order.status !== 'waiting') {
        throw new AppError('conflict', 409, 'This rate order is no longer waiting.', {
          status: order.status,
        });
      }
      const released = await release(tx, order, 'cancelled');
      await finishOrder(tx, id, { status: 'cancelled', releaseTransferId: released.id, now });
      const done = await findOrder(tx, id, now);
      if (!done) throw notFound();
      return orderView(done);
    },

    /** Every waiting order whose rate came or whose last day did: sent, closed or left. */
    async settleDue(): Promise<number> {
      let moved = 0;
      for (const order of await dueOrders(db, ledger.clock())) {
        try {
          if ((await settle(order)) !== 'waiting') moved += 1;
        } catch (error) {
          log.error({ err: error, rateOrderId: order.id }, 'rate order could not be settled');
        }
      }
      return moved;
    },
  };
}

export type RateOrders = ReturnType<typeof createRateOrders>;

import { createHash } from 'node:crypto';
import type { Card, CardStatus, CardType } from '@pago/shared/contracts/cards';
import { AppError } from '../../lib/app-error';
import { type UnitCard, type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import type { CardRow } from './cards.repository';

/** The card in the partner's words and in the API's: statuses, types, keys, the card's view. */

export const UNIT_STATUS: Record<string, CardStatus> = {
  Active: 'active',
  Inactive: 'inactive',
  Frozen: 'frozen',
  Lost: 'lost',
  Stolen: 'stolen',
  ClosedByCustomer: 'closed',
  SuspectedFraud: 'closed',
};
export const OPEN: ReadonlySet<CardStatus> = new Set(['inactive', 'active', 'frozen']);

/** Unit's card type of a Pago card. */
export const partnerType = (type: CardType) =>
  type === 'physical' ? ('individualDebitCard' as const) : ('individualVirtualDebitCard' as const);

/** Unit's idempotency key for one Pago request, at most 255 characters. */
export const partnerKey = (scope: string, ...parts: string[]) =>
  `pago-${scope}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;

export function expiry(card: UnitCard): { expMonth: number; expYear: number } {
  const [year, month] = card.expirationDate.split('-').map(Number);
  return { expMonth: month ?? 1, expYear: year ?? 2000 };
}

export function toCardView(row: CardRow): Card {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    limits: {
      dailyPurchaseCents: row.daily_purchase_limit_cents,
      dailyWithdrawalCents: row.daily_withdrawal_limit_cents,
    },
    shipping:
      row.shipping_speed && row.shipping_address
        ? { speed: row.shipping_speed, address: row.shipping_address }
        : null,
    replacesCardId: row.replaces_card_id,
    createdAt: row.created_at.toISOString(),
  };
}

export const notFound = () => new AppError('card_not_found', 404, 'Card not found');
export const notOpen = (row: CardRow) =>
  new AppError('card_not_active', 409, `This card is ${row.status}.`, { status: row.status });

/**
 * The client with Unit's refusals (a 4xx: the card cannot do that now) as the API's 409; its
 * absence stays 503 `banking_partner_unavailable`.
 */
export function refusalsAsErrors(unit: UnitClient): UnitClient {
  return new Proxy(unit, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          if (error instanceof UnitRefusal) {
            throw new AppError('card_not_active', 409, `The bank refused: ${error.title}`, {
              partnerStatus: error.status,
            });
          }
          throw error;
        }
      };
    },
  });
}

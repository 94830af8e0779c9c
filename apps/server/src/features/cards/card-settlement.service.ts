import type { TransferMetadataByKind } from '@pago/shared/contracts/ledger';
import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { CardAuthorizationsTable } from '../../db/schema';
import type { Ledger, Leg } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import { alreadyRecorded, refundedCents } from './authorizations.repository';
import { cardClearingRole } from './card-clearing';

/**
 * How far a clearing may exceed its authorization, as the card networks allow for amounts not
 * known when the card is authorized:
 * - a tip: restaurants (5812), bars (5813), fast food (5814), taxis (4121) and beauty or barber
 *   shops (7230) may clear up to 20% above the authorization;
 * - fuel: a pump (5542) or service station (5541) authorizes before the fuel is pumped (often a
 *   $1 status check), so its clearing may reach $175.00 (Visa's and Mastercard's automated fuel
 *   dispenser ceiling in the US) when the authorization was smaller;
 * - everything else, and every ATM withdrawal: no more than the authorization.
 * A clearing beyond its ceiling is charged up to the ceiling only (see `clear`).
 */
const TIP_MERCHANT_TYPES = new Set([5812, 5813, 5814, 4121, 7230]);
const TIP_TOLERANCE_PERCENT = 20;
const FUEL_MERCHANT_TYPES = new Set([5541, 5542]);
const FUEL_CEILING_CENTS = 17_500;

function clearingCeiling(auth: Pick<Authorization, 'kind' | 'amount_cents' | 'merchant_type'>) {
  const authorized = Number(auth.amount_cents);
  if (auth.kind === 'atm' || auth.merchant_type === null) return authorized;
  if (TIP_MERCHANT_TYPES.has(auth.merchant_type)) {
    return authorized + Math.floor((authorized * TIP_TOLERANCE_PERCENT) / 100);
  }
  if (FUEL_MERCHANT_TYPES.has(auth.merchant_type)) return Math.max(authorized, FUEL_CEILING_CENTS);
  return authorized;
}

type Authorization = Selectable<CardAuthorizationsTable>;

type Deps = { ledger: Ledger; notifications: Notifications; log: FastifyBaseLogger };

/**
 * An authorization's money after the decision, each step one ledger post in the caller's
 * transaction: the hold, the clearing (charged as cleared, within its merchant's tolerance), the
 * release of a hold reversed or expired, and refunds; each partner message recorded once.
 */
export function createCardSettlement({ ledger, notifications, log }: Deps) {
  const now = () => ledger.clock();

  /** Takes `amount` from the wallet for the card; what it cannot cover becomes a debt. */
  async function charge(
    tx: Database,
    auth: Authorization,
    amount: number,
    fee: number,
    metadata: Record<string, unknown>,
  ) {
    const userId = auth.user_id;
    const wallet = await ledger.walletState(tx, userId, true);
    const total = amount + fee;
    const covered = Math.max(0, Math.min(total, wallet.balance - wallet.held - wallet.owed));
    const owed = total - covered;
    const card = await cardOf(tx, auth.card_id);
    const legs: Leg[] = [
      { account: { role: cardClearingRole(card.partner_card_id) }, amountCents: amount },
    ];
    if (fee > 0) legs.push({ account: { role: 'fee_revenue' }, amountCents: fee });
    if (covered > 0) legs.push({ account: { userId }, amountCents: -covered });
    if (owed > 0) legs.push({ account: { role: 'funding_receivable' }, amountCents: -owed });
    const original = await originalTransfer(tx, auth);
    const transfer = await ledger.post(tx, {
      kind: auth.kind === 'atm' ? 'card_atm_withdrawal' : 'card_purchase',
      status: 'completed',
      userId,
      amountCents: cents(amount),
      feeCents: cents(fee),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: { ...original, ...metadata } as TransferMetadataByKind['card_purchase'],
      legs,
    } as Parameters<Ledger['post']>[1]);
    if (owed > 0) await ledger.adjustWallet(tx, userId, { owed });
    return transfer;
  }

  async function originalTransfer(tx: Database, auth: Authorization) {
    if (!auth.transfer_id) return {};
    const row = await tx
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('id', '=', auth.transfer_id)
      .executeTakeFirstOrThrow();
    const { partyNames: _names, ...metadata } = row.metadata as Record<string, unknown>;
    return metadata;
  }

  /** A hold given back to the wallet, whole or in part, with its fee: `card_release`. */
  async function postRelease(
    tx: Database,
    auth: Authorization,
    reason: TransferMetadataByKind['card_release']['reason'],
    amount: number,
    fee: number,
  ) {
    const card = await cardOf(tx, auth.card_id);
    const legs: Leg[] = [
      { account: { role: cardClearingRole(card.partner_card_id) }, amountCents: -amount },
      { account: { userId: auth.user_id }, amountCents: amount + fee },
    ];
    if (fee > 0) legs.push({ account: { role: 'fee_revenue' }, amountCents: -fee });
    await ledger.post(tx, {
      kind: 'card_release',
      status: 'completed',
      userId: auth.user_id,
      amountCents: cents(amount + fee),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: {
        cardId: card.id,
        last4: card.last4,
        releaseOf: auth.transfer_id ?? '',
        authorizationId: auth.partner_authorization_id,
        reason,
      },
      legs,
    });
  }

  /** Gives back a hold (and its fee) and fails its transfer: reversed or expired. */
  async function release(tx: Database, auth: Authorization, reason: 'reversed' | 'expired') {
    if (auth.status !== 'pending' || !auth.transfer_id) return false;
    const amount = Number(auth.amount_cents);
    const fee = Number(auth.fee_cents);
    await postRelease(tx, auth, reason, amount, fee);
    await ledger.setStatus(tx, auth.transfer_id, 'failed', `Card authorization ${reason}`);
    await tx
      .updateTable('card_authorizations')
      .set({ status: reason, updated_at: now() })
      .where('id', '=', auth.id)
      .execute();
    return true;
  }

  const cardOf = (tx: Database, cardId: string) =>
    tx.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();

  /**
   * Records a partner card transaction once, with what Pago applied of it (`amount`) and, when
   * that is less, what the partner's transaction carried; false when it was recorded before.
   */
  async function firstTime(
    tx: Database,
    message: {
      id: string;
      kind: 'clearing' | 'reversal' | 'refund';
      auth: Authorization;
      amount: number;
      partnerAmount?: number;
    },
  ) {
    const row = await tx
      .insertInto('card_network_messages')
      .values({
        partner_transaction_id: message.id,
        kind: message.kind,
        card_id: message.auth.card_id,
        authorization_id: message.auth.id,
        amount_cents: message.amount,
        partner_amount_cents:
          message.partnerAmount !== undefined && message.partnerAmount !== message.amount
            ? message.partnerAmount
            : null,
      })
      .onConflict((oc) => oc.column('partner_transaction_id').doNothing())
      .returning('partner_transaction_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** What Pago applies of a partner amount beyond its bound: the bound, and a warning for staff. */
  function bounded(auth: Authorization, what: string, amount: number, bound: number) {
    if (amount <= bound) return amount;
    log.warn(
      { authorizationId: auth.partner_authorization_id, what, partnerCents: amount, bound },
      'card event beyond its authorization: applied up to the bound (reconciliation shows the rest)',
    );
    return Math.max(0, bound);
  }

  /**
   * The network cleared an authorization, possibly of another amount (a tip, a smaller bill),
   * within the tolerance of its merchant (`clearingCeiling`); one clearing per authorization.
   */
  async function clear(tx: Database, auth: Authorization, transactionId: string, amount: number) {
    if (await alreadyRecorded(tx, transactionId)) return;
    if (auth.status === 'cleared') {
      // Unit's purchase transactions say nothing of split or multiple clearings: a second one on
      // a charged authorization is recorded, not charged; reconciliation shows it to staff.
      bounded(auth, 'second_clearing', amount, 0);
      await firstTime(tx, {
        id: transactionId,
        kind: 'clearing',
        auth,
        amount: 0,
        partnerAmount: amount,
      });
      return;
    }
    const partnerAmount = amount;
    amount = bounded(auth, 'clearing', amount, clearingCeiling(auth));
    await firstTime(tx, { id: transactionId, kind: 'clearing', auth, amount, partnerAmount });
    const authorized = Number(auth.amount_cents);
    const holding = auth.status === 'pending' && auth.transfer_id !== null;
    let transferId = auth.transfer_id;
    if (holding && auth.transfer_id && amount === authorized) {
      await ledger.setStatus(tx, auth.transfer_id, 'completed', null);
    } else {
      const fee = Number(auth.fee_cents);
      if (holding && auth.transfer_id) {
        // A transfer's amount never changes: the hold (and its fee) is given back and the cleared
        // amount is the completed transfer, so activity shows what was charged.
        await postRelease(tx, auth, 'cleared_at_other_amount', authorized, fee);
        await ledger.setStatus(tx, auth.transfer_id, 'failed', `Cleared at ${amount} cents`);
      }
      // Cleared after the hold was released (expired, reversed): the network's clearing stands.
      const charged = await charge(tx, auth, amount, holding ? fee : 0, {
        authorizedCents: authorized,
        clearedCents: amount,
      });
      transferId = charged.id;
      if (auth.kind !== 'atm') {
        // The purchase e-mail said the authorized amount: this one says the final one.
        const original = (await originalTransfer(tx, auth)) as { merchantName?: string };
        await notifications.notify(tx, {
          userId: auth.user_id,
          type: 'card_purchase_cleared',
          data: {
            amountCents: cents(amount),
            authorizedCents: cents(authorized),
            merchant: original.merchantName ?? '',
          },
        });
      }
    }
    await tx
      .updateTable('card_authorizations')
      .set({ status: 'cleared', cleared_cents: amount, transfer_id: transferId, updated_at: now() })
      .where('id', '=', auth.id)
      .execute();
  }

  /** A merchant's refund: never more, over all of an authorization's refunds, than was charged. */
  async function refund(tx: Database, auth: Authorization, transactionId: string, amount: number) {
    if (await alreadyRecorded(tx, transactionId)) return;
    const refundable = Number(auth.cleared_cents ?? 0) - (await refundedCents(tx, auth.id));
    const partnerAmount = amount;
    amount = bounded(auth, 'refund', amount, refundable);
    await firstTime(tx, { id: transactionId, kind: 'refund', auth, amount, partnerAmount });
    if (amount === 0) return;
    const card = await cardOf(tx, auth.card_id);
    const original = (await originalTransfer(tx, auth)) as {
      merchantName?: string;
      merchantCity?: string;
    };
    const posted = await ledger.post(tx, {
      kind: 'card_refund',
      status: 'completed',
      userId: auth.user_id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: {
        cardId: card.id,
        last4: card.last4,
        networkTransactionId: transactionId,
        merchantName: original.merchantName ?? '',
        merchantCity: original.merchantCity ?? '',
        ...(auth.transfer_id ? { refundOf: auth.transfer_id } : {}),
      },
      legs: [
        { account: { role: cardClearingRole(card.partner_card_id) }, amountCents: -amount },
        { account: { userId: auth.user_id }, amountCents: amount },
      ],
    });
    await notifications.notify(tx, {
      userId: auth.user_id,
      type: 'card_refund',
      data: {
        amountCents: cents(amount),
        merchant: original.merchantName ?? '',
        // The refund's own transfer: the notification opens its receipt.
        transferId: posted.id,
      },
    });
  }

  return { release, clear, refund, firstTime, cardOf };
}

export type CardSettlement = ReturnType<typeof createCardSettlement>;

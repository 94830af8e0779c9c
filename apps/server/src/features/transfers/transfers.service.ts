import { phoneCountryOf } from '@pago/shared/contracts/accounts';
import { usdToCents } from '@pago/shared/contracts/amounts';
import type { SendMoneyBody, SendTo, Transfer } from '@pago/shared/contracts/transfers';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { PAYEE_LOOKUP_RULES } from '../accounts/accounts.service';
import { type Activity, type TransferRow, transferView } from '../activity/activity.service';
import { receiptReference } from '../activity/receipt-reference';
import {
  BelongsToOneStatement,
  SenderRefused,
  type StoredResponse,
} from '../idempotency/idempotency.service';
import { ledgerError, walletToWallet } from '../ledger/ledger.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import { createQuotes, type QuotesDeps, quoteRefusal, selfTransfer } from './quotes.service';
import { createSendBatcher } from './send-batcher';

/**
 * What a P2P send's answer holds that only `transfer_send` learns, as slots in the answer it
 * stores: JSON strings holding a NUL, which no value can (the input guard refuses NUL, and
 * PostgreSQL text cannot hold it), so a slot is never mistaken for data.
 * The function swaps each for its value, in this order.
 */
const SLOTS = {
  transferId: '\u0000transfer.id',
  recipientId: '\u0000recipient.userId',
  recipientName: '\u0000recipient.name',
  recipientUsername: '\u0000recipient.username',
};

/** The reference the answer's template holds: the hash of the id slot, not of the transfer. */
const SLOT_REFERENCE = JSON.stringify(receiptReference(SLOTS.transferId));

/**
 * The statement fills the template's slots but cannot hash: the reference is made from the id
 * here, on every sending of the stored answer (the first, each replay and a twin's replay alike:
 * the send route's `storedAnswer`).
 */
export function withReference(answer: string): string {
  if (!answer.includes(SLOT_REFERENCE)) return answer;
  const { id } = JSON.parse(answer) as { id: string };
  return answer.replace(SLOT_REFERENCE, JSON.stringify(receiptReference(id)));
}

/** What quotes need, and the session's idle expiry (a batched send checks the session itself). */
type Deps = QuotesDeps & {
  activity: Activity;
  sessionIdleMinutes: number;
  /** Announces the receivers' notifications after a send commits (the notification hub's). */
  announceNotifications: () => void;
  /** Sanctions screening (features/sanctions, built after this feature). */
  sanctions: () => Pick<Sanctions, 'requireList' | 'p2pMayHold' | 'p2pHits' | 'recordHold'>;
};

/**
 * Sending money, and the transfers feature as the routes and other features reach it: quotes
 * (`quotes.service`) are composed here, a send abroad is the remittances feature's (`abroad`);
 * a transfer just made is answered as the activity feature shows it (`view`).
 */
export function createTransfers({
  db,
  ledger,
  accounts,
  activity,
  abroad,
  sessionIdleMinutes,
  announceNotifications,
  sanctions,
}: Deps) {
  const quotes = createQuotes({ db, ledger, accounts, abroad });
  const batcher = createSendBatcher(db, {
    sessionIdleMinutes,
    lookupRules: PAYEE_LOOKUP_RULES,
    afterSent: announceNotifications,
  });

  /**
   * The send with its recipient found: a username becomes its owner's verified phone (no one
   * else's, and never a phone that is not verified), and a send without a destination country
   * (to a Pago user) takes the phone's. The one-statement P2P send then runs as for a phone.
   */
  async function recipientOf(body: SendMoneyBody, executor: Database = db): Promise<SendTo> {
    const { recipientName, recipientUsername, recipientCountry, ...rest } = body;
    let phone = recipientName;
    if (phone === undefined) {
      const party = recipientUsername
        ? await accounts.findRecipient({ username: recipientUsername }, executor)
        : null;
      if (!party?.phone) throw notOnPago();
      const owner = await accounts.findRecipient({ phone: party.phone }, executor);
      if (owner?.userId !== party.userId) throw notOnPago();
      phone = party.phone;
    }
    return {
      ...rest,
      recipientName: phone,
      recipientCountry: recipientCountry ?? phoneCountryOf(phone) ?? 'US',
    };
  }

  /**
   * A send the one statement left to this handler: a phone that is no Pago user's, hence a
   * remittance. A P2P send has one implementation, the statement's (`transfer_send`): should the
   * phone have become a Pago user's since the statement looked, the statement runs again.
   */
  async function send(tx: Database, userId: string, sent: SendMoneyBody): Promise<Transfer> {
    const body = await recipientOf(sent, tx);
    const to = await quotes.destination(userId, body.recipientName, body.recipientCountry, tx);
    if (to.kind === 'p2p') {
      // A party with a name to screen, an open sanctions hit or a block: sent here, not by the
      // statement (held for review when a hit is open).
      if (await sanctions().p2pMayHold(userId, body.recipientName)) {
        return screenedP2p(tx, userId, body, to.party.userId);
      }
      throw new BelongsToOneStatement('the phone is a Pago user’s now');
    }
    const { note, ...remittance } = body;
    if (note) throw noteNotAbroad();
    return abroad().send(tx, userId, remittance);
  }

  /**
   * A P2P payment with its parties screened (features/sanctions), in `tx`: held in the sanctions
   * clearing account while a hit is open (the payee is credited when compliance clears it),
   * otherwise paid at once as the statement would.
   */
  async function screenedP2p(
    tx: Database,
    userId: string,
    body: SendTo,
    payeeId: string,
  ): Promise<Transfer> {
    const hits = await sanctions().p2pHits(tx, userId, payeeId);
    if (body.quoteId) await quotes.take(tx, userId, body.quoteId, body, 'p2p');
    const amountCents = usdToCents(body.amountUsd);
    const held = hits.length > 0;
    const transfer = await ledger.post(tx, {
      kind: 'p2p',
      status: held ? 'processing' : 'completed',
      userId,
      counterpartyUserId: payeeId,
      amountCents,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: body.recipientName,
        recipientCountry: body.recipientCountry,
        ...(body.note ? { note: body.note } : {}),
        ...(held ? { underReview: true } : {}),
      },
      legs: held
        ? [
            { account: { userId }, amountCents: -amountCents },
            { account: { role: 'sanctions_hold' }, amountCents },
          ]
        : walletToWallet(userId, payeeId, amountCents),
    });
    if (held) await sanctions().recordHold(tx, transfer.id, 'p2p', userId, hits);
    return (await activity.view([transfer], userId, tx))[0] as Transfer;
  }

  /**
   * A send to a Pago user's phone in one database statement (`transfer_send_batch`, with the
   * sends that arrive with it), which also keys it: the answer stored under the Idempotency-Key,
   * or none when the phone is no Pago user's (then `send` runs, in a transaction). The sender is
   * a user id, or the session's token hash, checked in the same statement: a refused session
   * (expired, identity not verified) answers `userId: null` with nothing done. The answer is this
   * feature's view of the transfer, rendered here with slots for what the statement learns.
   */
  async function sendOnce(input: {
    userId: string | null;
    tokenHash: Buffer | null;
    body: SendMoneyBody;
    key: string;
    requestHash: Buffer;
    render: (answer: Transfer) => string;
    ip: string;
  }): Promise<{ userId: string | null; stored: StoredResponse | null }> {
    // A username is looked up for a known sender only: before the session is checked, the answer
    // is "no session" (null), so the usual checks answer first and then this runs signed in.
    if (input.userId === null && input.body.recipientUsername !== undefined) {
      return { userId: null, stored: null };
    }
    const body = await recipientOf(input.body);
    // No sanctions list, nothing moves (503). Whether screening must look first (a name not
    // screened yet, an open hit, a block) the statement decides (P2011, below).
    if (input.userId || input.tokenHash) await sanctions().requireList();
    const now = ledger.clock();
    const amountCents = usdToCents(body.amountUsd);
    const metadata = {
      recipientPhone: body.recipientName,
      recipientCountry: body.recipientCountry,
      // The note both people see (activity, the receiver's notification); none when left empty.
      ...(body.note ? { note: body.note } : {}),
    };
    // The view reads the sender's id only to see whose transfer it is: any id is the owner's.
    const owner = input.userId ?? 'sender';
    const row: TransferRow = {
      id: SLOTS.transferId,
      kind: 'p2p',
      status: 'completed',
      user_id: owner,
      counterparty_user_id: SLOTS.recipientId,
      amount_cents: amountCents,
      fee_cents: cents(0),
      counts_toward_limits: true,
      related_transfer_id: null,
      metadata: { ...metadata, partyNames: { owner: '', counterparty: SLOTS.recipientName } },
      created_at: now,
      updated_at: now,
    };
    const recipient = {
      userId: SLOTS.recipientId,
      name: SLOTS.recipientName,
      username: SLOTS.recipientUsername,
      phone: body.recipientName,
    };
    const statusCode = 201;
    const statement = () =>
      batcher.send({
        userId: input.userId,
        tokenHash: input.userId ? null : input.tokenHash,
        key: input.key,
        requestHash: input.requestHash,
        phone: body.recipientName,
        country: body.recipientCountry,
        amountCents,
        speed: body.speed ?? null,
        quoteId: body.quoteId ?? null,
        metadata,
        now,
        limits: TRANSFER_LIMITS,
        statusCode,
        answer: input.render(transferView(row, owner, new Map([[recipient.userId, recipient]]))),
        slots: Object.values(SLOTS).map((slot) => JSON.stringify(slot)),
        ip: input.ip,
      });
    try {
      const { userId, stored } = await statement().catch(async (error) => {
        const e = error as { code?: string; userId?: string | null };
        if (e.code !== 'P2011' || !e.userId) throw error;
        // A party's name awaits screening, or a hit or a block is on one (P2011, nothing done):
        // screened here; the statement sends it when nothing is found, the handler otherwise.
        if (await sanctions().p2pMayHold(e.userId, body.recipientName)) {
          return { userId: e.userId, stored: null };
        }
        return statement();
      });
      return {
        userId,
        stored: stored ? { statusCode: stored.status_code, body: stored.response } : null,
      };
    } catch (error) {
      const e = error as { code?: string; userId?: string | null };
      // Changed again since it was screened: the handler screens and sends it.
      if (e.code === 'P2011' && e.userId) return { userId: e.userId, stored: null };
      const refusal =
        e.code === 'P2006' ? selfTransfer() : (quoteRefusal(error) ?? ledgerError(error));
      throw e.userId ? new SenderRefused(e.userId, refusal) : refusal;
    }
  }

  return {
    /** A transfer as its viewer sees it, for the answer of a money POST (the activity's view). */
    view: activity.view,
    quote: quotes.quote,
    send,
    /** The quote a send carries, checked against it and marked used (in `tx`). */
    takeQuote: quotes.take,
    destination: quotes.destination,
    sendOnce,
  };
}

/** A username with no verified phone behind it cannot be paid (nor told apart from an unknown one). */
function notOnPago() {
  return new AppError(
    'recipient_not_on_pago',
    422,
    'No Pago user with a verified phone has this username.',
  );
}

/** A note travels with a payment to a Pago user; a send abroad has its own receipt and none. */
function noteNotAbroad() {
  return new AppError(
    'validation_failed',
    400,
    'A note goes with a payment to a Pago user; a send abroad takes none.',
  );
}

export type Transfers = ReturnType<typeof createTransfers>;

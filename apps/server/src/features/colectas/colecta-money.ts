import type { Cents } from '@pago/shared/money';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { SendOnBehalf } from '../remittances/remittance-on-behalf';
import { notFound } from './colecta-views';
import {
  type ColectaRow,
  claimHeldContribution,
  contributorsOf,
  findColecta,
  findColectaOfMember,
  lockAccounts,
  lockColecta,
  lockHeldContributions,
  settleContributions,
  subtractCollected,
  updateColecta,
} from './colectas.repository';

export const notOpen = (row: ColectaRow) =>
  new AppError('colecta_not_open', 409, `This colecta is already ${row.status}.`);

/** How many times a send quotes again when a contribution arrived between quote and lock. */
const SEND_TRIES = 3;

type Deps = {
  db: Database;
  ledger: Ledger;
  notifications: Pick<Notifications, 'notify'>;
  sendHome: () => SendOnBehalf;
};

/**
 * A colecta's money leaving Pago's holding account: given back (a cancel) or sent home (the one
 * remittance). Each locks the colecta's row first and claims the contributions still held.
 */
export function colectaMoney({ db, ledger, notifications, sendHome }: Deps) {
  /** The colecta locked, as its organiser: 404 for a non-member, 403 for another member. */
  async function lockAsOrganiser(tx: Database, userId: string, id: string) {
    const row = isUuid(id) ? await findColectaOfMember(tx, id, userId, true) : undefined;
    if (!row) throw notFound();
    if (row.organiser_id !== userId) {
      throw new AppError('forbidden', 403, 'Only the organiser of this colecta can do this.');
    }
    return row;
  }

  /** Gives one held contribution back to its contributor, once (the claim is its row's lock). */
  async function release(tx: Database, contributionId: string, title: string): Promise<boolean> {
    const held = await claimHeldContribution(tx, contributionId);
    if (!held) return false;
    const transfer = await ledger.post(tx, {
      kind: 'colecta_release',
      status: 'completed',
      userId: held.user_id,
      amountCents: held.amount_cents,
      countsTowardLimits: false,
      metadata: { colectaId: held.colecta_id, title, releaseOf: held.hold_transfer_id },
      legs: [
        { account: { role: 'colecta_holding' }, amountCents: -held.amount_cents },
        { account: { userId: held.user_id }, amountCents: held.amount_cents },
      ],
    });
    await settleContributions(tx, [held.id], 'released', transfer.id, ledger.clock());
    await subtractCollected(tx, held.colecta_id, held.amount_cents);
    await notifications.notify(tx, {
      userId: held.user_id,
      type: 'colecta_cancelled',
      data: { amountCents: held.amount_cents, colectaId: held.colecta_id, title },
    });
    return true;
  }

  /** Cancels a locked open colecta and gives every held contribution back, in `tx`. */
  async function cancelLocked(tx: Database, row: ColectaRow, reason: 'organiser' | 'expired') {
    const now = ledger.clock();
    await updateColecta(tx, row.id, {
      status: 'cancelled',
      cancelled_reason: reason,
      updated_at: now,
    });
    const held = await lockHeldContributions(tx, row.id);
    await lockAccounts(tx, [...new Set(held.map((c) => c.user_id))]);
    for (const contribution of held) await release(tx, contribution.id, row.title);
    if (reason === 'expired') {
      await notifications.notify(tx, {
        userId: row.organiser_id,
        type: 'colecta_cancelled',
        data: { amountCents: cents(0), colectaId: row.id, title: row.title },
      });
    }
  }

  /**
   * The one remittance: in one transaction, the held contributions move to the organiser's
   * wallet (`colecta_collected`, not counting toward limits) and the organiser sends them home
   * (the fee from the organiser's wallet). Exactly once: the colecta's row is locked and must
   * still be open. Throws the send's refusal (insufficient funds, limits, …) with nothing moved.
   */
  async function sendLocked(tx: Database, row: ColectaRow, quoteId: string, amountCents: Cents) {
    const now = ledger.clock();
    const held = await lockHeldContributions(tx, row.id);
    const total = held.reduce((sum, c) => sum + c.amount_cents, 0);
    if (total !== amountCents) return null;
    await lockAccounts(tx, [row.organiser_id]);
    const collected = await ledger.post(tx, {
      kind: 'colecta_collected',
      status: 'completed',
      userId: row.organiser_id,
      amountCents,
      countsTowardLimits: false,
      metadata: { colectaId: row.id, title: row.title, contributions: held.length },
      legs: [
        { account: { role: 'colecta_holding' }, amountCents: -amountCents },
        { account: { userId: row.organiser_id }, amountCents },
      ],
    });
    await settleContributions(
      tx,
      held.map((c) => c.id),
      'sent',
      collected.id,
      now,
    );
    const remittance = await sendHome().sendQuoted(tx, row.organiser_id, {
      recipientId: row.recipient_id,
      quoteId,
      amountCents,
      speed: row.speed,
      origin: { kind: 'colecta', id: row.id },
    });
    await updateColecta(tx, row.id, {
      status: 'sent',
      transfer_id: remittance.id,
      last_send_error: null,
      updated_at: now,
    });
    for (const userId of await contributorsOf(tx, row.id)) {
      if (userId === row.organiser_id) continue;
      await notifications.notify(tx, {
        userId,
        type: 'colecta_sent',
        actorId: row.organiser_id,
        data: {
          amountCents,
          colectaId: row.id,
          title: row.title,
          recipientName: row.recipient_name,
        },
      });
    }
    return remittance;
  }

  /**
   * Sends what the colecta holds: quote, then lock and send. `by` the organiser (their request's
   * transaction `outer`) or the target reached (the sweep: a transaction of its own). A refusal
   * is recorded on the colecta (and told to the organiser) and rethrown.
   */
  async function send(
    id: string,
    by: { organiser: string; tx: Database } | 'target',
  ): Promise<ColectaRow> {
    for (let attempt = 0; attempt < SEND_TRIES; attempt += 1) {
      const executor = by === 'target' ? db : by.tx;
      // The sweep reads (no lock held during the quote); the organiser's request locks.
      const current =
        by === 'target'
          ? await findColecta(db, id)
          : await lockAsOrganiser(by.tx, by.organiser, id);
      if (!current) throw notFound();
      if (current.status !== 'open') {
        if (by === 'target') return current;
        throw notOpen(current);
      }
      if (current.collected_cents <= 0) {
        throw new AppError('colecta_empty', 409, 'Nothing has been collected yet.');
      }
      const amount = current.collected_cents;
      let quoteId: string;
      try {
        quoteId = (
          await sendHome().quoteFor(
            current.organiser_id,
            current.recipient_id,
            amount,
            current.speed,
          )
        ).quoteId;
      } catch (error) {
        await recordFailure(current, by, error);
        throw error;
      }
      const run = async (tx: Database) => {
        const row = await lockColecta(tx, id);
        if (!row) throw notFound();
        if (row.status !== 'open') return { row, sent: false };
        const sent = await sendLocked(tx, row, quoteId, amount);
        return { row, sent: sent !== null };
      };
      try {
        const outcome = by === 'target' ? await db.transaction().execute(run) : await run(executor);
        if (outcome.row.status !== 'open') {
          if (by === 'target') return outcome.row;
          throw notOpen(outcome.row);
        }
        if (outcome.sent) return (await lockColecta(executor, id)) as ColectaRow;
      } catch (error) {
        if (error instanceof AppError) await recordFailure(current, by, error);
        throw error;
      }
      // A contribution arrived between the quote and the lock: quote the new total.
    }
    throw new AppError(
      'service_unavailable',
      503,
      'The colecta changed while it was being sent. Nothing was sent: try again.',
    );
  }

  /** A send that did not go out: why, on the colecta, and news for its organiser. */
  async function recordFailure(
    row: ColectaRow,
    by: { organiser: string; tx: Database } | 'target',
    error: unknown,
  ) {
    // Unavailable for now (a 5xx: the partner, the sanctions list): the next sweep tries again.
    if (!(error instanceof AppError) || error.statusCode >= 500) return;
    // The organiser's own request answers with the refusal; the sweep tells them.
    if (by !== 'target') return;
    await db.transaction().execute(async (tx) => {
      await updateColecta(tx, row.id, {
        last_send_error: error.code,
        auto_send_failed: true,
        updated_at: ledger.clock(),
      });
      await notifications.notify(tx, {
        userId: row.organiser_id,
        type: 'colecta_send_failed',
        data: { amountCents: row.collected_cents, colectaId: row.id, title: row.title },
      });
    });
  }

  return { lockAsOrganiser, cancelLocked, send };
}

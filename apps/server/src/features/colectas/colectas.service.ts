import type {
  Colecta,
  ColectaList,
  CreateColectaBody,
  contributeBody,
  createColectaBody,
} from '@pago/shared/contracts/colectas';
import { COLECTA_MAX_INVITES } from '@pago/shared/contracts/colectas';
import type { Speed } from '@pago/shared/contracts/transfers';
import { type Cents, cents } from '@pago/shared/money';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Accounts } from '../accounts/accounts.service';
import { accountFrozen, isAccountFrozen, type Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type ColectaRow,
  claimHeldContribution,
  contributorsOf,
  countMembers,
  deliveredUntold,
  dueForAutoSend,
  findColecta,
  findColectaOfMember,
  heldCentsOf,
  insertColecta,
  insertContribution,
  insertMember,
  listColectasOf,
  listMembers,
  lockAccounts,
  lockColecta,
  lockHeldContributions,
  pastTheirDate,
  settleContributions,
  subtractCollected,
  transfersOf,
  updateColecta,
} from './colectas.repository';

/**
 * Sending home on someone's behalf (features/remittances, "send on behalf"): a fresh quote for a
 * saved recipient, and the send itself inside the caller's transaction.
 */
export type SendHome = {
  quoteFor(
    userId: string,
    recipientId: string,
    amountCents: Cents,
    speed: Speed,
  ): Promise<{ quoteId: string }>;
  sendQuoted(
    tx: Database,
    userId: string,
    input: {
      recipientId: string;
      quoteId: string;
      amountCents: Cents;
      speed: Speed;
      origin: { kind: 'colecta'; id: string };
    },
  ): Promise<{ id: string }>;
};

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Pick<Accounts, 'findRecipient'>;
  recipients: {
    get(
      userId: string,
      id: string,
    ): Promise<{ firstName: string; lastName: string; country: string; needsUpdate: boolean }>;
  };
  notifications: Pick<Notifications, 'notify'>;
  /** The remittances feature's send on behalf (built after this feature). */
  sendHome: () => SendHome;
};

const notFound = () => new AppError('not_found', 404, 'No such colecta.');
const notOpen = (row: ColectaRow) =>
  new AppError('colecta_not_open', 409, `This colecta is already ${row.status}.`);

/** How many times a send quotes again when a contribution arrived between quote and lock. */
const SEND_TRIES = 3;

/**
 * Colectas (docs/colectas.md): siblings chip in toward one transfer home. Every money step locks
 * the colecta's row first (`for update`), so a contribution, a send and a cancel of the same
 * colecta happen one after another, and each contribution leaves `held` exactly once.
 */
export function createColectas({
  db,
  ledger,
  accounts,
  recipients,
  notifications,
  sendHome,
}: Deps) {
  /** Inside a transaction pass it as `executor` (it sees the transaction's own writes). */
  async function views(
    rows: ColectaRow[],
    viewerId: string,
    executor: Database = db,
  ): Promise<Colecta[]> {
    const ids = rows.map((r) => r.id);
    const members = await listMembers(executor, ids);
    const transfers = await transfersOf(
      executor,
      rows.flatMap((r) => (r.transfer_id ? [r.transfer_id] : [])),
    );
    return rows.map((row) => {
      const own = members.filter((m) => m.colecta_id === row.id);
      const organiser = own.find((m) => m.role === 'organiser');
      const transfer = transfers.find((t) => t.id === row.transfer_id);
      const mine = own.find((m) => m.user_id === viewerId);
      return {
        id: row.id,
        title: row.title,
        targetCents: row.target_cents,
        collectedCents:
          row.status === 'sent' && transfer ? transfer.amount_cents : row.collected_cents,
        sendBy: row.send_by,
        speed: row.speed,
        status: row.status,
        isOrganiser: row.organiser_id === viewerId,
        myContributionCents: cents(Number(mine?.contributed ?? 0)),
        organiser: { name: organiser?.name ?? '', username: organiser?.username ?? '' },
        recipient: { name: row.recipient_name, country: row.recipient_country },
        members: own.map((m) => ({
          name: m.name,
          username: m.username,
          role: m.role,
          contributedCents: cents(Number(m.contributed ?? 0)),
        })),
        lastSendError: row.status === 'open' ? row.last_send_error : null,
        remittance: transfer
          ? {
              transferId: transfer.id,
              status: transfer.status,
              amountCents: transfer.amount_cents,
              feeCents: transfer.fee_cents,
            }
          : null,
        cancelledReason: row.cancelled_reason,
        createdAt: row.created_at.toISOString(),
      };
    });
  }

  async function viewOne(id: string, viewerId: string): Promise<Colecta> {
    const row = isUuid(id) ? await findColectaOfMember(db, id, viewerId) : undefined;
    if (!row) throw notFound();
    return (await views([row], viewerId))[0] as Colecta;
  }

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

  return {
    async list(userId: string): Promise<ColectaList> {
      const [rows, held] = await Promise.all([listColectasOf(db, userId), heldCentsOf(db, userId)]);
      return { items: await views(rows, userId), heldCents: cents(held) };
    },

    get: viewOne,

    async create(userId: string, body: z.output<typeof createColectaBody>): Promise<Colecta> {
      const recipient = isUuid(body.recipientId)
        ? await recipients.get(userId, body.recipientId)
        : null;
      if (!recipient) throw new AppError('not_found', 404, 'No such recipient.');
      if (recipient.needsUpdate) {
        throw new AppError(
          'recipient_needs_update',
          409,
          'Choose again how this recipient is paid before sending to them.',
        );
      }
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
        ledger.clock(),
      );
      if (body.sendBy < today) {
        throw new AppError('colecta_date_past', 422, 'Choose today or a later day.');
      }
      const row = await db.transaction().execute((tx) =>
        insertColecta(tx, {
          organiserId: userId,
          recipientId: body.recipientId,
          recipientName: `${recipient.firstName} ${recipient.lastName}`.trim(),
          recipientCountry: recipient.country,
          title: body.title,
          targetCents: body.targetCents,
          sendBy: body.sendBy,
          speed: body.speed,
          now: ledger.clock(),
        }),
      );
      return (await views([row], userId))[0] as Colecta;
    },

    /** Invites a Pago user (the caller took from the look-up budget before this). */
    async invite(userId: string, id: string, invitee: string): Promise<Colecta> {
      await db.transaction().execute(async (tx) => {
        const row = await lockAsOrganiser(tx, userId, id);
        if (row.status !== 'open') throw notOpen(row);
        const person = invitee.startsWith('+')
          ? await accounts.findRecipient({ phone: invitee }, tx)
          : await accounts.findRecipient({ username: invitee }, tx);
        if (!person) {
          throw new AppError(
            'recipient_not_found',
            404,
            'No Pago user has that username or phone.',
          );
        }
        if (person.userId === userId) {
          throw new AppError(
            'colecta_self_invite',
            422,
            'You are already the organiser of this colecta.',
          );
        }
        if ((await countMembers(tx, id)) > COLECTA_MAX_INVITES) {
          throw new AppError(
            'colecta_full',
            422,
            `A colecta can invite at most ${COLECTA_MAX_INVITES} people.`,
          );
        }
        if (await insertMember(tx, id, person.userId, 'invited')) {
          await notifications.notify(tx, {
            userId: person.userId,
            type: 'colecta_invited',
            actorId: userId,
            data: { amountCents: row.target_cents, colectaId: id, title: row.title },
          });
        }
      });
      return viewOne(id, userId);
    },

    /** A contribution, held by Pago: at most what is left to reach the target. */
    async contribute(
      tx: Database,
      userId: string,
      id: string,
      body: z.output<typeof contributeBody>,
    ): Promise<Colecta> {
      const row = isUuid(id) ? await findColectaOfMember(tx, id, userId, true) : undefined;
      if (!row) throw notFound();
      if (row.status !== 'open') throw notOpen(row);
      const remaining = row.target_cents - row.collected_cents;
      if (body.amountCents > remaining) {
        throw new AppError(
          'colecta_over_target',
          422,
          remaining > 0
            ? 'This is more than the colecta still needs.'
            : 'This colecta has reached its target.',
          { remainingCents: Math.max(0, remaining) },
        );
      }
      if (await isAccountFrozen(tx, userId)) throw accountFrozen();
      const now = ledger.clock();
      const hold = await ledger.post(tx, {
        kind: 'colecta_contribution',
        status: 'completed',
        userId,
        amountCents: body.amountCents,
        countsTowardLimits: false,
        metadata: { colectaId: row.id, title: row.title },
        legs: [
          { account: { userId }, amountCents: -body.amountCents },
          { account: { role: 'colecta_holding' }, amountCents: body.amountCents },
        ],
      });
      await insertContribution(tx, {
        colectaId: row.id,
        userId,
        amountCents: body.amountCents,
        holdTransferId: hold.id,
        now,
      });
      if (userId !== row.organiser_id) {
        await notifications.notify(tx, {
          userId: row.organiser_id,
          type: 'colecta_contribution',
          actorId: userId,
          data: { amountCents: body.amountCents, colectaId: row.id, title: row.title },
        });
      }
      const updated = (await lockColecta(tx, row.id)) as ColectaRow;
      return (await views([updated], userId, tx))[0] as Colecta;
    },

    /** The organiser sends what was collected, in their request's transaction. */
    async sendNow(tx: Database, userId: string, id: string): Promise<Colecta> {
      const row = await send(id, { organiser: userId, tx });
      return (await views([row], userId, tx))[0] as Colecta;
    },

    /** The organiser cancels: every held contribution goes back, in this transaction. */
    async cancel(tx: Database, userId: string, id: string): Promise<Colecta> {
      const row = await lockAsOrganiser(tx, userId, id);
      if (row.status !== 'open') throw notOpen(row);
      await cancelLocked(tx, row, 'organiser');
      const updated = (await lockColecta(tx, row.id)) as ColectaRow;
      return (await views([updated], userId, tx))[0] as Colecta;
    },

    /**
     * The job's turn (every few seconds): sends the colectas that reached their target, cancels
     * those past their date (every contribution back) and tells the members of a delivered one. Each step claims its row, so two workers do each once.
     */
    async sweep(): Promise<number> {
      let done = 0;
      for (const id of await dueForAutoSend(db)) {
        try {
          await send(id, 'target');
          done += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      for (const id of await pastTheirDate(db, ledger.clock())) {
        await db.transaction().execute(async (tx) => {
          const row = await lockColecta(tx, id);
          if (row?.status !== 'open') return;
          await cancelLocked(tx, row, 'expired');
          done += 1;
        });
      }
      for (const id of await deliveredUntold(db)) {
        await db.transaction().execute(async (tx) => {
          const row = await lockColecta(tx, id);
          if (!row || row.delivery_notified || !row.transfer_id) return;
          const [transfer] = await transfersOf(tx, [row.transfer_id]);
          await updateColecta(tx, id, { delivery_notified: true, updated_at: ledger.clock() });
          for (const userId of await contributorsOf(tx, id)) {
            if (userId === row.organiser_id) continue;
            await notifications.notify(tx, {
              userId,
              type: 'colecta_delivered',
              actorId: row.organiser_id,
              data: {
                amountCents: transfer?.amount_cents ?? cents(0),
                colectaId: id,
                title: row.title,
                recipientName: row.recipient_name,
              },
            });
          }
          done += 1;
        });
      }
      return done;
    },

    /** What colectas hold of one user's money. */
    heldCentsOf: async (userId: string) => cents(await heldCentsOf(db, userId)),
  };
}

export type Colectas = ReturnType<typeof createColectas>;
export type { CreateColectaBody };

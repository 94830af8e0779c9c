import type {
  Colecta,
  ColectaList,
  CreateColectaBody,
  contributeBody,
  createColectaBody,
} from '@pago/shared/contracts/colectas';
import { COLECTA_MAX_INVITES } from '@pago/shared/contracts/colectas';
import { cents } from '@pago/shared/money';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Accounts } from '../accounts/accounts.service';
import { accountFrozen, isAccountFrozen, type Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { SendOnBehalf } from '../remittances/remittance-on-behalf';
import type { Sanctions } from '../sanctions/sanctions.service';
import { colectaMoney, notOpen } from './colecta-money';
import { colectaViews, notFound } from './colecta-views';
import {
  type ColectaRow,
  contributorsOf,
  countMembers,
  deliveredUntold,
  dueForAutoSend,
  findColectaOfMember,
  heldCentsOf,
  insertColecta,
  insertContribution,
  insertMember,
  listColectasOf,
  lockColecta,
  pastTheirDate,
  transfersOf,
  updateColecta,
  walletFrozen,
} from './colectas.repository';

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
  sendHome: () => SendOnBehalf;
  /** Sanctions screening: a contribution is money from one member toward the organiser. */
  sanctions: () => Pick<Sanctions, 'usersStanding'>;
};

const sanctionsBlocked = () =>
  new AppError('sanctions_blocked', 403, 'This contribution cannot be made (compliance).');

/** A party of the contribution has an open sanctions hit: nothing is taken until it is decided. */
const underReview = () =>
  new AppError(
    'colecta_under_review',
    409,
    'A compliance review keeps this contribution from being taken for now.',
  );

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
  sanctions,
}: Deps) {
  const { views, viewOne } = colectaViews(db);
  const { lockAsOrganiser, cancelLocked, send } = colectaMoney({
    db,
    ledger,
    notifications,
    sendHome,
  });

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
      // Screened as a payment to the organiser (whose send home is screened again): a block on
      // either is refused, an open hit waits for staff's decision; nothing is taken meanwhile.
      if (userId !== row.organiser_id) {
        const standing = await sanctions().usersStanding([userId, row.organiser_id]);
        if (standing === 'blocked') throw sanctionsBlocked();
        if (standing === 'review') throw underReview();
      }
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
      // The ledger's freeze guard does not cover this kind: read the flag under the wallet's lock.
      if (await walletFrozen(tx, userId)) throw accountFrozen();
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

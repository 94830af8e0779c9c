import { addBusinessDays } from '@pago/shared/business-days';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { PartnerPayouts } from '../remittances/partner-payouts';
import { createHolds } from './sanctions-holds';
import { createRescreen } from './sanctions-rescreen';
import { createScreening, type Subject } from './sanctions-screening';

type Deps = {
  db: Database;
  ledger: Ledger;
  partner: Pick<PartnerPayouts, 'decideHeld'>;
  notifications: Pick<Notifications, 'notify'>;
  /** Sandbox mode: the fictional list is loaded when none is. */
  sandbox: boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type Decision = 'clear' | 'block';

/** A blocked party: the money is not sent, and the person is told to contact support. */
const blocked = () =>
  new AppError(
    'sanctions_blocked',
    403,
    'Because of a compliance review we cannot make this send. If you think this is a mistake, write to support.',
  );

/**
 * Live mode with no list loaded (before the first `npm run sanctions:update`): money that needs
 * screening is refused, never sent unscreened (fail closed).
 */
const noList = () =>
  new AppError(
    'sanctions_list_unavailable',
    503,
    'We cannot move money right now: compliance screening is not available. Try again later.',
  );

/** The blocked-property report is due to OFAC within 10 business days (31 CFR 501.603). */
const REPORT_BUSINESS_DAYS = 10;

/**
 * Sanctions screening wired into the money: every screening stored, a possible match opened as a
 * hit for compliance, the movements of a party with an open hit held (never rejected, never
 * paid), and a decision that clears (remembered, the movement proceeds) or blocks (the movement
 * refunded in full, the party blocked, a report owed, the account frozen if it is the customer).
 */
export function createSanctions({ db, ledger, partner, notifications, sandbox, log }: Deps) {
  const screening = createScreening({ db, ledger, sandbox, log });
  const { current, isBlocked, screen, screenUserIfChanged, screenNow, openHitsOf } = screening;
  const { recordHold, setUnderReview, lockTransfer, release, refund, onBillPayment } = createHolds({
    ledger,
    partner,
    notifications,
  });
  const rescreenAfterLoad = createRescreen({ db, ledger, log, screening });

  /**
   * A list is loaded (sandbox mode loads its own): else 503, nothing moves. Loads are only ever
   * added (`sanctions_list_loads` has no delete), so once one is found the process stops asking:
   * every send asked before, a query of its own per send.
   */
  let listLoaded = false;
  async function requireList() {
    if (listLoaded) return;
    if ((await current()).loadId === null) throw noList();
    listLoaded = true;
  }

  /**
   * The sender's side of any send, in `tx`: screened first if their name changed; refused if the
   * account is frozen or the person blocked; their open hits (the send is then held).
   */
  async function senderHits(tx: Database, userId: string): Promise<string[]> {
    await requireList();
    await screenUserIfChanged(tx, userId, 'send');
    // (An account frozen by staff is refused by the ledger itself: 423 account_frozen.)
    if (await isBlocked(tx, 'user', userId)) throw blocked();
    return openHitsOf(tx, 'user', userId);
  }

  return {
    /** The list as loaded now: for the CLI's summary and the tests. */
    current,

    /**
     * 503 while no list is loaded. The one-statement send asks this first; the statement then
     * checks the parties itself (transfer_send, P2011).
     */
    requireList,

    /** Screens a subject now (a recipient saved; tests). */
    screen: (tx: Database, subject: Subject, reason: string) => screen(tx, subject, reason),

    /**
     * A remittance about to be reserved, in `tx`: the sender (see `senderHits`) and the recipient,
     * screened at each send. Refused when either is blocked; otherwise the open hits that hold it
     * (none: it goes ahead).
     */
    async remittanceHits(
      tx: Database,
      userId: string,
      recipient: { id: string; name: string; country: string },
    ): Promise<string[]> {
      const hits = await senderHits(tx, userId);
      if (await isBlocked(tx, 'recipient', recipient.id)) throw blocked();
      const hit = await screen(
        tx,
        {
          kind: 'recipient',
          id: recipient.id,
          userId,
          name: recipient.name,
          facts: { country: recipient.country },
        },
        'send',
      );
      return hit ? [...hits, hit] : hits;
    },

    /** A P2P payment, in `tx`: the sender and the payee (a user, screened by their own name). */
    async p2pHits(tx: Database, userId: string, payeeId: string): Promise<string[]> {
      const hits = await senderHits(tx, userId);
      await screenUserIfChanged(tx, payeeId, 'p2p_payee');
      if (await isBlocked(tx, 'user', payeeId)) throw blocked();
      return [...hits, ...(await openHitsOf(tx, 'user', payeeId))];
    },

    /**
     * A bill payment, in `tx`: the payer (see `senderHits`) and the payee — the biller, screened
     * by its name at each payment. Refused when either is blocked; otherwise the open hits that
     * hold it (none: it goes ahead).
     */
    async billHits(
      tx: Database,
      userId: string,
      payee: { id: string; name: string },
    ): Promise<string[]> {
      const hits = await senderHits(tx, userId);
      if (await isBlocked(tx, 'bill_payee', payee.id)) throw blocked();
      const hit = await screen(
        tx,
        { kind: 'bill_payee', id: payee.id, userId, name: payee.name },
        'bill_payment',
      );
      return hit ? [...hits, hit] : hits;
    },

    /** A bill payee saved (a schedule): screened now; a possible match opens a hit. */
    async screenBillPayee(tx: Database, userId: string, payee: { id: string; name: string }) {
      if (await isBlocked(tx, 'bill_payee', payee.id)) throw blocked();
      await screen(tx, { kind: 'bill_payee', id: payee.id, userId, name: payee.name }, 'save');
    },

    onBillPayment,

    /**
     * Whether a P2P payment from `userId` to the payee's phone must be sent by the server rather
     * than the one-statement send: an open hit or a block on either side. A party whose name was
     * not screened yet is screened first, here. False (nothing to look at) lets the statement
     * send it.
     */
    async p2pMayHold(userId: string, payeePhone: string): Promise<boolean> {
      await requireList();
      // One round trip, through a function whose plan is kept (sanctions_p2p_parties.sql).
      const parties = async () => {
        const { rows } = await sql<{
          id: string;
          sender: boolean;
          unscreened: boolean;
          flagged: boolean;
        }>`select id, sender, unscreened, flagged
          from sanctions_p2p_parties(${userId}::uuid, ${payeePhone})`.execute(db);
        return rows;
      };
      let found = await parties();
      const unscreened = found.filter((p) => p.unscreened);
      if (unscreened.length > 0) {
        for (const party of unscreened) {
          await screenNow(party.id, party.sender ? 'send' : 'p2p_payee');
        }
        found = await parties();
      }
      return found.some((p) => p.flagged);
    },

    /**
     * Where money passes between members without a transfer to hold (a colecta's contribution):
     * each user whose name changed is screened first, in a transaction of its own (so a refusal
     * keeps the screening and its hit for staff); then `blocked`, `review` (an open hit) or null.
     */
    async usersStanding(userIds: string[]): Promise<'blocked' | 'review' | null> {
      await requireList();
      const marked = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds)
        .where('sanctions_name_changed_at', 'is not', null)
        .execute();
      for (const { id } of marked) await screenNow(id, 'p2p_payee');
      let review = false;
      for (const id of userIds) {
        if (await isBlocked(db, 'user', id)) return 'blocked';
        if ((await openHitsOf(db, 'user', id)).length > 0) review = true;
      }
      return review ? 'review' : null;
    },

    recordHold,
    setUnderReview,

    /**
     * Screens the users whose names were written since (sign-up by any path, a verification),
     * `batch` at a time until none is left or `budgetMs` has passed: a burst of sign-ups is
     * screened at the speed screening goes, not one batch per run of the job.
     */
    async screenChangedUsers(batch = 100, budgetMs = 4_000): Promise<number> {
      const started = performance.now();
      let screened = 0;
      for (;;) {
        const due = await db
          .selectFrom('users')
          .select('id')
          .where('sanctions_name_changed_at', 'is not', null)
          .limit(batch)
          .execute();
        for (const { id } of due) {
          await db.transaction().execute((tx) => screenUserIfChanged(tx, id, 'name_written'));
        }
        screened += due.length;
        if (due.length < batch || performance.now() - started >= budgetMs) return screened;
      }
    },

    rescreenAfterLoad,

    /**
     * Compliance's decision on an open hit, once (409 when it was decided). Clear: remembered per
     * subject, name and listed entry, and each movement it held goes ahead once none of its hits
     * is open. Block: each movement it held is refunded in full, the subject blocked from sends,
     * a report owed to OFAC, and a customer who is the match frozen.
     */
    async decide(
      hitId: string,
      decision: Decision,
      by: string,
      reason: string,
      /** Recorded in the decision's transaction (the console's audit entry). */
      audit?: (tx: Database, details: Record<string, unknown>) => Promise<unknown>,
    ) {
      return db.transaction().execute(async (tx) => {
        const hit = await tx
          .selectFrom('sanctions_hits')
          .selectAll()
          .where('id', '=', hitId)
          .forUpdate()
          .executeTakeFirst();
        if (!hit) throw new AppError('not_found', 404, 'Not found');
        if (hit.status !== 'open') {
          throw new AppError('sanctions_hit_decided', 409, 'This hit was already decided.', {
            status: hit.status,
          });
        }
        const now = ledger.clock();
        await tx
          .updateTable('sanctions_hits')
          .set({
            status: decision === 'clear' ? 'cleared' : 'blocked',
            decided_by: by,
            decided_at: now,
            reason,
          })
          .where('id', '=', hitId)
          .execute();
        const holds = await tx
          .selectFrom('sanctions_holds')
          .selectAll()
          .where('status', '=', 'held')
          .where(sql<boolean>`hit_ids @> array[${hitId}]::uuid[]`)
          .orderBy('transfer_id')
          .forUpdate()
          .execute();
        if (decision === 'clear') {
          if (hit.matches.length > 0) {
            await tx
              .insertInto('sanctions_clearances')
              .values(
                hit.matches.map((m) => ({
                  subject_kind: hit.subject_kind,
                  subject_id: hit.subject_id,
                  name_key: hit.name_key,
                  source: m.source,
                  entry_id: m.entryId,
                  content_hash: m.contentHash,
                  hit_id: hit.id,
                })),
              )
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          for (const hold of holds) {
            const others = await tx
              .selectFrom('sanctions_hits')
              .select('status')
              .where('id', 'in', hold.hit_ids)
              .where('id', '<>', hitId)
              .execute();
            if (others.some((o) => o.status !== 'cleared')) continue;
            await release(tx, hold);
            await tx
              .updateTable('sanctions_holds')
              .set({ status: 'released', decided_at: now })
              .where('transfer_id', '=', hold.transfer_id)
              .execute();
          }
          await audit?.(tx, {
            subject: { kind: hit.subject_kind, id: hit.subject_id, name: hit.name },
            matches: hit.matches.map((m) => `${m.source}:${m.entryId}`),
            released: holds.map((h) => h.transfer_id),
          });
          return { status: 'cleared' as const, released: holds.length };
        }
        await tx
          .insertInto('sanctions_blocks')
          .values({ subject_kind: hit.subject_kind, subject_id: hit.subject_id, hit_id: hit.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (hit.subject_kind === 'user') {
          // The operations console's freeze (migration 0055): no money leaves the account.
          await tx
            .updateTable('users')
            .set({ frozen_at: now, frozen_reason: `Sanctions: a true match blocked (${reason})` })
            .where('id', '=', hit.subject_id)
            .where('frozen_at', 'is', null)
            .execute();
        }
        const movements: { transferId: string; movement: string; amountCents: number }[] = [];
        for (const hold of holds) {
          const transfer = await lockTransfer(tx, hold.transfer_id);
          await refund(tx, hold);
          await tx
            .updateTable('sanctions_holds')
            .set({ status: 'refunded', decided_at: now })
            .where('transfer_id', '=', hold.transfer_id)
            .execute();
          movements.push({
            transferId: hold.transfer_id,
            movement: hold.movement,
            amountCents: transfer?.amount_cents ?? 0,
          });
        }
        const dueOn = addBusinessDays(now, REPORT_BUSINESS_DAYS).toISOString().slice(0, 10);
        await tx
          .insertInto('sanctions_reports')
          .values({
            hit_id: hit.id,
            user_id: hit.user_id,
            details: JSON.stringify({
              subject: { kind: hit.subject_kind, id: hit.subject_id, name: hit.name },
              matches: hit.matches,
              movements,
              decidedBy: by,
              reason,
            }),
            blocked_at: now,
            due_on: dueOn,
          })
          .execute();
        await audit?.(tx, {
          subject: { kind: hit.subject_kind, id: hit.subject_id, name: hit.name },
          matches: hit.matches.map((m) => `${m.source}:${m.entryId}`),
          refunded: movements,
          reportDueOn: dueOn,
        });
        return { status: 'blocked' as const, refunded: holds.length, reportDueOn: dueOn };
      });
    },
  };
}

export type Sanctions = ReturnType<typeof createSanctions>;

import { addBusinessDays } from '@pago/shared/business-days';
import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { SanctionsSubjectKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TransferRow } from '../activity/activity.service';
import { type Ledger, metadataOf } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { PartnerPayouts } from '../remittances/partner-payouts';
import { buildIndex, type KnownFacts, type ListIndex } from './list-index';
import { normalise } from './name-match';
import { currentLoad, loadSandboxListIfEmpty, readIndexEntries } from './sanctions-list';

type Deps = {
  db: Database;
  ledger: Ledger;
  partner: Pick<PartnerPayouts, 'decideHeld'>;
  notifications: Pick<Notifications, 'notify'>;
  /** Sandbox mode: the fictional list is loaded when none is. */
  sandbox: boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

export type Subject = {
  kind: SanctionsSubjectKind;
  /** The user's id, or the recipient's (saved recipient id; a phone for a send to a phone). */
  id: string;
  /** Whose it is: the user, or the sender who saved the recipient. */
  userId: string;
  name: string;
  facts?: KnownFacts;
};

export type Decision = 'clear' | 'block';

/** A blocked party: the money is not sent, and the person is told to contact support. */
const blocked = () =>
  new AppError(
    'sanctions_blocked',
    403,
    'Because of a compliance review we cannot make this send. If you think this is a mistake, write to support.',
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
  let cached: Promise<{ loadId: number | null; index: ListIndex }> | null = null;
  let cachedLoad: number | null | undefined;

  /** The index of the list as last loaded (rebuilt once per load; sandbox loads its list). */
  async function current(): Promise<{ loadId: number | null; index: ListIndex }> {
    let load = await currentLoad(db);
    if (!load && sandbox) {
      await loadSandboxListIfEmpty(db, ledger.clock());
      load = await currentLoad(db);
    }
    const loadId = load?.id ?? null;
    if (!cached || cachedLoad !== loadId) {
      cachedLoad = loadId;
      cached = (async () => ({ loadId, index: buildIndex(await readIndexEntries(db)) }))();
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  }

  async function isBlocked(tx: Database, kind: SanctionsSubjectKind, id: string) {
    const row = await tx
      .selectFrom('sanctions_blocks')
      .select('hit_id')
      .where('subject_kind', '=', kind)
      .where('subject_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Screens a subject's name, in `tx`: the screening stored; matches at or above the threshold
   * that were not cleared for this subject, name and (unchanged) listed entry open a hit, or
   * refresh the open one. Returns the open hit's id (null: clear).
   */
  async function screen(
    tx: Database,
    subject: Subject,
    reason: string,
    using?: { loadId: number | null; index: ListIndex },
  ): Promise<string | null> {
    const { loadId, index } = using ?? (await current());
    const nameKey = normalise(subject.name);
    const found = index.search(subject.name, subject.facts ?? {});
    let open = found;
    if (found.length > 0) {
      const cleared = await tx
        .selectFrom('sanctions_clearances')
        .select(['source', 'entry_id', 'content_hash'])
        .where('subject_kind', '=', subject.kind)
        .where('subject_id', '=', subject.id)
        .where('name_key', '=', nameKey)
        .execute();
      const done = new Set(cleared.map((c) => `${c.source}:${c.entry_id}:${c.content_hash}`));
      open = found.filter((m) => !done.has(`${m.source}:${m.entryId}:${m.contentHash}`));
    }
    let hitId: string | null = null;
    if (open.length > 0) {
      const hit = await tx
        .insertInto('sanctions_hits')
        .values({
          subject_kind: subject.kind,
          subject_id: subject.id,
          user_id: subject.userId,
          name: subject.name,
          name_key: nameKey,
          matches: JSON.stringify(open),
          created_at: ledger.clock(),
        })
        .onConflict((oc) =>
          oc
            .columns(['subject_kind', 'subject_id', 'name_key'])
            .where('status', '=', 'open')
            .doUpdateSet({ matches: JSON.stringify(open) }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      hitId = hit.id;
    }
    // A re-screening stores what it found only (every customer, every list update).
    if (reason !== 'list_update' || hitId) {
      await tx
        .insertInto('sanctions_screenings')
        .values({
          subject_kind: subject.kind,
          subject_id: subject.id,
          user_id: subject.userId,
          name: subject.name,
          reason,
          load_id: loadId,
          result: hitId ? 'possible_match' : 'clear',
          matches: JSON.stringify(found),
          hit_id: hitId,
          created_at: ledger.clock(),
        })
        .execute();
    }
    return hitId;
  }

  /** A user as screening sees them: the legal name once verified (with its birth date), else the
   * name they gave. */
  async function userSubject(tx: Database, userId: string): Promise<Subject | null> {
    const user = await tx
      .selectFrom('users')
      .select(['id', 'name', 'legal_name', 'legal_birth_date'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    return {
      kind: 'user',
      id: user.id,
      userId: user.id,
      name: user.legal_name ?? user.name,
      facts: { birthDate: user.legal_birth_date },
    };
  }

  /** Screens a user whose name was written since their last screening (a trigger marks them). */
  async function screenUserIfChanged(tx: Database, userId: string, reason: string) {
    const changed = await tx
      .updateTable('users')
      .set({ sanctions_name_changed_at: null })
      .where('id', '=', userId)
      .where('sanctions_name_changed_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!changed) return;
    const subject = await userSubject(tx, userId);
    if (subject) await screen(tx, subject, reason);
  }

  /** Screenings under way in this process, by user: concurrent sends wait for the one. */
  const screening = new Map<string, Promise<void>>();

  /**
   * Screens a marked user now, in a transaction of its own. Sends that arrive together for one
   * user share the screening instead of each waiting on the user's row with a connection held.
   */
  function screenNow(userId: string, reason: string): Promise<void> {
    let running = screening.get(userId);
    if (!running) {
      running = db
        .transaction()
        .execute((tx) => screenUserIfChanged(tx, userId, reason))
        .finally(() => screening.delete(userId));
      screening.set(userId, running);
    }
    return running;
  }

  async function openHitsOf(tx: Database, kind: SanctionsSubjectKind, id: string) {
    const rows = await tx
      .selectFrom('sanctions_hits')
      .select('id')
      .where('subject_kind', '=', kind)
      .where('subject_id', '=', id)
      .where('status', '=', 'open')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The sender's side of any send, in `tx`: screened first if their name changed; refused if the
   * account is frozen or the person blocked; their open hits (the send is then held).
   */
  async function senderHits(tx: Database, userId: string): Promise<string[]> {
    await screenUserIfChanged(tx, userId, 'send');
    // (An account frozen by staff is refused by the ledger itself: 423 account_frozen.)
    if (await isBlocked(tx, 'user', userId)) throw blocked();
    return openHitsOf(tx, 'user', userId);
  }

  async function recordHold(
    tx: Database,
    transferId: string,
    movement: 'remittance' | 'p2p',
    userId: string,
    hitIds: string[],
  ) {
    await tx
      .insertInto('sanctions_holds')
      .values({
        transfer_id: transferId,
        movement,
        user_id: userId,
        hit_ids: hitIds,
        created_at: ledger.clock(),
      })
      .execute();
  }

  async function setUnderReview(tx: Database, transferId: string, underReview: boolean) {
    await sql`
      update ledger_transfers set metadata = case when ${underReview}::boolean
        then metadata || '{"underReview": true}'::jsonb else metadata - 'underReview' end
      where id = ${transferId}`.execute(tx);
  }

  async function lockTransfer(tx: Database, id: string) {
    return (await tx
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) as TransferRow | undefined;
  }

  /** A held movement goes ahead: the remittance is due to the partner, the P2P lands. */
  async function release(tx: Database, hold: { transfer_id: string; movement: string }) {
    const transfer = await lockTransfer(tx, hold.transfer_id);
    if (!transfer) return;
    if (hold.movement === 'remittance') {
      await partner.decideHeld(tx, transfer.id, 'release');
    } else if (hold.movement === 'p2p' && transfer.status === 'processing') {
      const payee = transfer.counterparty_user_id as string;
      await ledger.post(tx, {
        kind: 'sanctions_release',
        status: 'completed',
        userId: payee,
        amountCents: transfer.amount_cents,
        countsTowardLimits: false,
        relatedTransferId: transfer.id,
        metadata: { releaseOf: transfer.id, outcome: 'cleared' },
        legs: [
          { account: { role: 'sanctions_hold' }, amountCents: -transfer.amount_cents },
          { account: { userId: payee }, amountCents: transfer.amount_cents },
        ],
      });
      await ledger.setStatus(tx, transfer.id, 'completed', null);
      const meta = metadataOf(transfer, 'p2p');
      await notifications.notify(tx, {
        userId: payee,
        type: 'money_received',
        actorId: transfer.user_id,
        data: {
          amountCents: transfer.amount_cents,
          transferId: transfer.id,
          ...(meta.note ? { note: meta.note } : {}),
        },
      });
    }
    await setUnderReview(tx, transfer.id, false);
  }

  /** A held movement refunded in full to its sender (a remittance's fee included). */
  async function refund(tx: Database, hold: { transfer_id: string; movement: string }) {
    const transfer = await lockTransfer(tx, hold.transfer_id);
    if (!transfer) return;
    const why = 'Not sent after a compliance review: amount and fee returned to your balance';
    if (hold.movement === 'remittance') {
      await partner.decideHeld(tx, transfer.id, 'refund');
    } else if (hold.movement === 'p2p' && transfer.status === 'processing') {
      await ledger.post(tx, {
        kind: 'sanctions_release',
        status: 'completed',
        userId: transfer.user_id,
        amountCents: cents(transfer.amount_cents + transfer.fee_cents),
        countsTowardLimits: false,
        relatedTransferId: transfer.id,
        metadata: { releaseOf: transfer.id, outcome: 'blocked' },
        legs: [
          {
            account: { role: 'sanctions_hold' },
            amountCents: -(transfer.amount_cents + transfer.fee_cents),
          },
          {
            account: { userId: transfer.user_id },
            amountCents: transfer.amount_cents + transfer.fee_cents,
          },
        ],
      });
      await ledger.setStatus(tx, transfer.id, 'refunded', why);
    }
    await setUnderReview(tx, transfer.id, false);
  }

  /** Screens every user and recipient against the entries a list load added or changed. */
  async function rescreenAfterLoad(): Promise<number> {
    const load = await db
      .selectFrom('sanctions_list_loads')
      .selectAll()
      .where('rescreened_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!load) return 0;
    const latest = await current();
    const fresh = (await readIndexEntries(db)).filter((e) => e.listedSince >= load.loaded_at);
    const index = buildIndex(fresh);
    let opened = 0;
    if (fresh.length > 0) {
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const users = await db
          .selectFrom('users')
          .select('id')
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (users.length === 0) break;
        after = users[users.length - 1]?.id ?? after;
        await db.transaction().execute(async (tx) => {
          for (const { id } of users) {
            const subject = await userSubject(tx, id);
            if (subject && (await screen(tx, subject, 'list_update', { ...latest, index })))
              opened++;
          }
        });
      }
      let afterRecipient = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const recipients = await db
          .selectFrom('remittance_recipients')
          .select(['id', 'user_id', 'full_name', 'country'])
          .where('id', '>', afterRecipient)
          .orderBy('id')
          .limit(500)
          .execute();
        if (recipients.length === 0) break;
        afterRecipient = recipients[recipients.length - 1]?.id ?? afterRecipient;
        await db.transaction().execute(async (tx) => {
          for (const r of recipients) {
            const subject: Subject = {
              kind: 'recipient',
              id: r.id,
              userId: r.user_id,
              name: r.full_name,
              facts: { country: r.country },
            };
            if (await screen(tx, subject, 'list_update', { ...latest, index })) opened++;
          }
        });
      }
    }
    await db
      .updateTable('sanctions_list_loads')
      .set({ rescreened_at: ledger.clock() })
      .where('id', '=', load.id)
      .execute();
    if (opened > 0) log.info({ loadId: load.id, opened }, 'sanctions re-screening opened hits');
    return opened + 1;
  }

  return {
    /** The list as loaded now: for the CLI's summary and the tests. */
    current,

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
     * Whether a P2P payment between these two (by the sender's session or id and the payee's
     * phone) must be sent by the server rather than the one-statement send: an open hit or a block
     * on either side. A party whose name was not screened yet is screened first, here. False
     * (nothing to look at) lets the statement send it.
     */
    async p2pMayHold(
      sender: { userId: string } | { tokenHash: Buffer },
      payeePhone: string,
    ): Promise<boolean> {
      // The sender by id, or by the session (one round trip either way).
      const senderSql =
        'userId' in sender
          ? sql`select ${sender.userId}::uuid as id`
          : sql`select user_id as id from sessions where token_hash = ${sender.tokenHash}`;
      const parties = async () => {
        const { rows } = await sql<{
          id: string;
          sender: boolean;
          unscreened: boolean;
          flagged: boolean;
        }>`
          with s as (${senderSql})
          select u.id, u.id = (select id from s) as sender,
            u.sanctions_name_changed_at is not null as unscreened,
            (exists (select 1 from sanctions_hits h where h.subject_kind = 'user'
                and h.subject_id = u.id::text and h.status = 'open')
              or exists (select 1 from sanctions_blocks b where b.subject_kind = 'user'
                and b.subject_id = u.id::text)) as flagged
          from users u
          where exists (select 1 from s)
            and (u.id = (select id from s) or (u.phone = ${payeePhone} and u.phone_verified))`.execute(
          db,
        );
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

    recordHold,
    setUnderReview,

    /** Screens the users whose names were written since (sign-up by any path, a verification). */
    async screenChangedUsers(limit = 100): Promise<number> {
      const due = await db
        .selectFrom('users')
        .select('id')
        .where('sanctions_name_changed_at', 'is not', null)
        .limit(limit)
        .execute();
      for (const { id } of due) {
        await db.transaction().execute((tx) => screenUserIfChanged(tx, id, 'name_written'));
      }
      return due.length;
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

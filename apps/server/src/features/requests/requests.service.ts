import { usdToCents } from '@pago/shared/contracts/amounts';
import {
  type CreatedRequest,
  type createRequestBody,
  type MoneyRequest,
  type MoneyRequestList,
  REQUEST_LIMITS,
} from '@pago/shared/contracts/requests';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { MoneyRequestsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Accounts } from '../accounts/accounts.service';
import { type Ledger, walletToWallet } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import {
  getRequestOf,
  heldPaymentIds,
  insertRequest,
  listRequests,
  lockAndCountPair,
  lockRequestOf,
  setRequestStatus,
} from './requests.repository';

const DAY_MS = 24 * 3600_000;

type Row = Selectable<MoneyRequestsTable>;

/** Requests for money between Pago users; paying one is a P2P transfer that counts toward limits. */
export function createRequests({
  db,
  ledger,
  accounts,
  notifications,
  sanctions,
}: {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  /** Sanctions screening (features/sanctions, built after this feature). */
  sanctions: () => Pick<Sanctions, 'p2pHits' | 'recordHold'>;
  notifications: Pick<Notifications, 'notify'>;
}) {
  async function view(rows: Row[], executor: Database = db): Promise<MoneyRequest[]> {
    const parties = await accounts.parties(
      rows.flatMap((r) => [r.requester_id, r.payer_id]),
      executor,
    );
    const held = await heldPaymentIds(
      executor,
      rows.flatMap((r) => (r.status === 'paid' && r.transfer_id ? [r.transfer_id] : [])),
    );
    const party = (id: string) => {
      const p = parties.get(id);
      return { userId: id, name: p?.name ?? '', username: p?.username ?? null, phone: null };
    };
    return rows.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      note: r.note,
      status:
        r.transfer_id && held.has(r.transfer_id)
          ? 'under_review'
          : (r.status as MoneyRequest['status']),
      requester: party(r.requester_id),
      payer: party(r.payer_id),
      transferId: r.transfer_id,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /** The pending request, as the party allowed to act on it; 404 for anyone else. */
  async function pending(tx: Database, userId: string, id: string, role: 'payer' | 'requester') {
    const row = isUuid(id) ? await lockRequestOf(tx, userId, id) : undefined;
    if (!row || (role === 'payer' ? row.payer_id : row.requester_id) !== userId) {
      throw new AppError('not_found', 404, 'No such request.');
    }
    if (row.status !== 'pending') {
      throw new AppError('request_not_pending', 409, `This request is already ${row.status}.`);
    }
    return row;
  }

  return {
    async create(
      tx: Database,
      userId: string,
      body: z.output<typeof createRequestBody>,
    ): Promise<CreatedRequest> {
      const from = body.requestedFrom.startsWith('+')
        ? await accounts.findRecipient({ phone: body.requestedFrom }, tx)
        : await accounts.findRecipient({ username: body.requestedFrom }, tx);
      if (!from)
        throw new AppError('recipient_not_found', 404, 'No Pago user has that username or phone.');
      if (from.userId === userId)
        throw new AppError('self_transfer', 422, 'You cannot request money from yourself.');
      const now = ledger.clock();
      const pair = await lockAndCountPair(
        tx,
        userId,
        from.userId,
        new Date(now.getTime() - DAY_MS),
      );
      if (pair.pending >= REQUEST_LIMITS.pendingPerPayer) {
        throw new AppError(
          'request_limit_reached',
          429,
          `You already have ${REQUEST_LIMITS.pendingPerPayer} pending requests to this person. Wait until they answer or cancel one.`,
          { limit: 'pending', max: REQUEST_LIMITS.pendingPerPayer },
        );
      }
      if (pair.recent >= REQUEST_LIMITS.perPayerPerDay) {
        const freesAt = (pair.oldestRecent?.getTime() ?? now.getTime()) + DAY_MS;
        throw new AppError(
          'request_limit_reached',
          429,
          `You can send at most ${REQUEST_LIMITS.perPayerPerDay} requests a day to the same person.`,
          {
            limit: 'daily',
            max: REQUEST_LIMITS.perPayerPerDay,
            retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
          },
        );
      }
      const row = await insertRequest(tx, {
        requesterId: userId,
        payerId: from.userId,
        amountCents: usdToCents(body.amountUsd),
        note: body.requestNote,
        at: now,
      });
      await notifications.notify(tx, {
        userId: from.userId,
        type: 'request_received',
        actorId: userId,
        data: { amountCents: row.amount_cents, requestId: row.id, note: row.note },
      });
      const created = (await view([row], tx))[0] as MoneyRequest;
      return { ...created, payer: await accounts.payeeOf(from.userId, tx) };
    },

    /** A page of the user's requests, newest first; nextCursor continues after its last. */
    async list(
      userId: string,
      side: 'incoming' | 'outgoing',
      query: { cursor?: string | undefined; limit: number },
    ): Promise<MoneyRequestList> {
      const rows = await listRequests(db, userId, side, {
        before: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: await view(page),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
      };
    },

    /** One request the user is a party of, whatever its status; 404 for anyone else. */
    async get(userId: string, id: string): Promise<MoneyRequest> {
      const row = isUuid(id) ? await getRequestOf(db, userId, id) : undefined;
      if (!row) throw new AppError('not_found', 404, 'No such request.');
      return (await view([row]))[0] as MoneyRequest;
    },

    async pay(tx: Database, userId: string, id: string): Promise<MoneyRequest> {
      const request = await pending(tx, userId, id, 'payer');
      // Both parties screened (features/sanctions): an open hit holds the payment for review.
      const hits = await sanctions().p2pHits(tx, userId, request.requester_id);
      const held = hits.length > 0;
      const amount = request.amount_cents;
      const transfer = await ledger.post(tx, {
        kind: 'request_payment',
        status: held ? 'processing' : 'completed',
        userId,
        counterpartyUserId: request.requester_id,
        amountCents: amount,
        countsTowardLimits: true,
        metadata: {
          requestId: request.id,
          note: request.note,
          ...(held ? { underReview: true } : {}),
        },
        legs: held
          ? [
              { account: { userId }, amountCents: -amount },
              { account: { role: 'sanctions_hold' }, amountCents: amount },
            ]
          : walletToWallet(userId, request.requester_id, amount),
      });
      if (held) await sanctions().recordHold(tx, transfer.id, 'p2p', userId, hits);
      return (
        await view(
          [await setRequestStatus(tx, request.id, 'paid', ledger.clock(), transfer.id)],
          tx,
        )
      )[0] as MoneyRequest;
    },

    async decline(tx: Database, userId: string, id: string): Promise<MoneyRequest> {
      const request = await pending(tx, userId, id, 'payer');
      await notifications.notify(tx, {
        userId: request.requester_id,
        type: 'request_declined',
        actorId: userId,
        data: { amountCents: request.amount_cents, requestId: request.id, note: request.note },
      });
      return (
        await view([await setRequestStatus(tx, request.id, 'declined', ledger.clock())], tx)
      )[0] as MoneyRequest;
    },

    async cancel(tx: Database, userId: string, id: string): Promise<MoneyRequest> {
      const request = await pending(tx, userId, id, 'requester');
      return (
        await view([await setRequestStatus(tx, request.id, 'cancelled', ledger.clock())], tx)
      )[0] as MoneyRequest;
    },
  };
}

export type Requests = ReturnType<typeof createRequests>;

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/** A cursor this API gave out; anything else (including dates PostgreSQL cannot hold) is a 400. */
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  const year = createdAt.getUTCFullYear();
  if (Number.isNaN(year) || year < 2000 || year > 9999 || !id || !isUuid(id)) {
    throw new AppError('bad_request', 400, 'The cursor is not valid.');
  }
  return { createdAt, id };
}

import {
  type CreateRequestBody,
  createRequestBody,
  type MoneyRequest,
  usdToCents,
} from '@pago/shared/contracts/money';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { MoneyRequestsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Accounts } from '../accounts/accounts.service';
import { type Ledger, walletToWallet } from '../ledger/ledger.service';
import {
  insertRequest,
  listRequests,
  lockRequestOf,
  setRequestStatus,
} from './requests.repository';

type Row = Selectable<MoneyRequestsTable>;

/** Requests for money between Pago users; paying one is a P2P transfer that counts toward limits. */
export function createRequests({
  db,
  ledger,
  accounts,
}: {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
}) {
  async function view(rows: Row[], executor: Database = db): Promise<MoneyRequest[]> {
    const parties = await accounts.parties(
      rows.flatMap((r) => [r.requester_id, r.payer_id]),
      executor,
    );
    const party = (id: string) => {
      const p = parties.get(id);
      return { userId: id, name: p?.name ?? '', username: p?.username ?? null, phone: null };
    };
    return rows.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      note: r.note,
      status: r.status as MoneyRequest['status'],
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
    async create(tx: Database, userId: string, input: CreateRequestBody): Promise<MoneyRequest> {
      const body = createRequestBody.parse(input);
      const from = body.requestedFrom.startsWith('+')
        ? await accounts.findRecipient({ phone: body.requestedFrom }, tx)
        : await accounts.findRecipient({ username: body.requestedFrom }, tx);
      if (!from)
        throw new AppError('recipient_not_found', 404, 'No Pago user has that username or phone.');
      if (from.userId === userId)
        throw new AppError('self_transfer', 422, 'You cannot request money from yourself.');
      const row = await insertRequest(tx, {
        requesterId: userId,
        payerId: from.userId,
        amountCents: usdToCents(body.amountUsd),
        note: body.requestNote,
        at: ledger.clock(),
      });
      return (await view([row], tx))[0] as MoneyRequest;
    },

    async list(userId: string, side: 'incoming' | 'outgoing'): Promise<MoneyRequest[]> {
      return view(await listRequests(db, userId, side, 100));
    },

    async pay(tx: Database, userId: string, id: string): Promise<MoneyRequest> {
      const request = await pending(tx, userId, id, 'payer');
      const transfer = await ledger.post(tx, {
        kind: 'request_payment',
        status: 'completed',
        userId,
        counterpartyUserId: request.requester_id,
        amountCents: request.amount_cents,
        countsTowardLimits: true,
        metadata: { requestId: request.id, note: request.note },
        legs: walletToWallet(userId, request.requester_id, request.amount_cents),
      });
      return (
        await view(
          [await setRequestStatus(tx, request.id, 'paid', ledger.clock(), transfer.id)],
          tx,
        )
      )[0] as MoneyRequest;
    },

    async decline(tx: Database, userId: string, id: string): Promise<MoneyRequest> {
      const request = await pending(tx, userId, id, 'payer');
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

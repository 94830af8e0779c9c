import type {
  Transfer,
  TransferKind,
  TransferList,
  TransferReceipt,
  TransferStatus,
} from '@pago/shared/contracts/transfers';
import { addCents, cents } from '@pago/shared/money';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { primaryReads, type ReadRouting } from '../../db/replica';
import type { LedgerTransfersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { easternDayStart } from '../../lib/eastern-time';
import { isUuid } from '../../lib/ids';
import type { Accounts, Party } from '../accounts/accounts.service';
import {
  findTransferOf,
  findTransfersOfByHashPrefix,
  listTransfersOf,
  statusHistory,
} from './activity.repository';
import { csvHeader, csvLine } from './activity-csv';
import { parseReceiptReference, receiptReference, referenceHashPrefix } from './receipt-reference';

export type TransferRow = Selectable<LedgerTransfersTable>;
type Deps = {
  db: Database;
  accounts: Accounts;
  /** Lists and CSV exports may read a replica (db/replica.ts); receipts read the primary. */
  reads?: ReadRouting;
};

/** Kinds in which the owner receives money rather than sends it. */
const INCOMING_FOR_OWNER = new Set<TransferKind>([
  'deposit',
  'remittance_refund',
  'bank_deposit',
  'bank_withdrawal_return',
  'card_refund',
  'card_release',
  'ach_received',
  'check_deposit',
  'cash_deposit',
  'card_funding',
  'bill_payment_return',
  'card_dispute_credit',
  'staff_refund',
  'colecta_release',
  'colecta_collected',
]);

/**
 * One transfer as `viewerId` sees it, from its row and the people on it (`parties`, by user id):
 * the one place a transfer's answer is shaped, for lists, receipts and a send's answer alike.
 */
export function transferView(
  row: TransferRow,
  viewerId: string,
  parties: Map<string, Party>,
): Transfer {
  const isOwner = row.user_id === viewerId;
  const other = isOwner ? row.counterparty_user_id : row.user_id;
  const { partyNames, ...meta } = row.metadata;
  const party: Party | undefined = other ? parties.get(other) : undefined;
  // The name as it was when the money moved (older transfers have no snapshot).
  const name = partyNames?.[isOwner ? 'counterparty' : 'owner'] || party?.name;
  const counterparty = party
    ? { userId: party.userId, name: name ?? '', username: party.username, phone: party.phone }
    : 'recipientPhone' in meta
      ? {
          userId: null,
          name: ('recipientName' in meta && meta.recipientName) || meta.recipientPhone,
          username: null,
          phone: meta.recipientPhone,
        }
      : 'billerName' in meta
        ? { userId: null, name: meta.billerName, username: null, phone: null }
        : null;
  return {
    id: row.id,
    reference: receiptReference(row.id),
    kind: row.kind,
    status: row.status,
    direction: isOwner && !INCOMING_FOR_OWNER.has(row.kind) ? 'out' : 'in',
    amountCents: row.amount_cents,
    // The fee is the sender's; the other party never sees it.
    feeCents: isOwner ? row.fee_cents : cents(0),
    totalCents: addCents(row.amount_cents, isOwner ? row.fee_cents : cents(0)),
    counterparty,
    createdAt: row.created_at.toISOString(),
    // The other person sees a payment's note (it was written for them), nothing else of it.
    details: isOwner ? meta : 'note' in meta && row.kind === 'p2p' ? { note: meta.note } : {},
  };
}

/** What a user sees of transfers: as owner or counterparty, a page, a receipt, a CSV. */
export function createActivity({ db, accounts, reads = primaryReads(db) }: Deps) {
  /** Inside a transaction, pass it: a second pool connection per request could starve the pool. */
  async function view(
    rows: TransferRow[],
    viewerId: string,
    executor: Database = db,
  ): Promise<Transfer[]> {
    const ids = rows.flatMap((r) =>
      [r.user_id, r.counterparty_user_id].filter((x): x is string => !!x),
    );
    const parties = await accounts.parties(ids, executor);
    return rows.map((row) => transferView(row, viewerId, parties));
  }

  async function findReceiptRow(userId: string, idOrReference: string) {
    if (isUuid(idOrReference)) return findTransferOf(db, userId, idOrReference);
    const reference = parseReceiptReference(idOrReference);
    if (!reference) return undefined;
    const rows = await findTransfersOfByHashPrefix(db, userId, referenceHashPrefix(reference));
    // The SQL compares 48 bits; the reference holds 50.
    return rows.find((row) => receiptReference(row.id) === reference);
  }

  return {
    view,

    async list(
      userId: string,
      query: {
        cursor?: string | undefined;
        limit: number;
        type?: TransferKind | undefined;
        status?: TransferStatus | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ): Promise<TransferList> {
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      return reads.read(userId, async (from) => {
        const rows = await listTransfersOf(from, userId, {
          type: query.type,
          status: query.status,
          from: query.from ? easternDayStart(query.from) : undefined,
          to: query.to ? easternDayStart(query.to, 1) : undefined,
          before,
          limit: query.limit + 1,
        });
        const page = rows.slice(0, query.limit);
        const last = page[page.length - 1];
        return {
          items: await view(page, userId, from),
          nextCursor:
            rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
        };
      });
    },

    /** By id or by short reference (`7KQ2M-X9C4T`, any case); only the viewer's own transfers. */
    async receipt(userId: string, idOrReference: string): Promise<TransferReceipt> {
      const row = await findReceiptRow(userId, idOrReference);
      if (!row) throw new AppError('not_found', 404, 'No such transfer.');
      const [transfer] = await view([row], userId);
      // No rows yet: the status never changed, and the transfer holds its first (migration 0012).
      const rows = await statusHistory(db, row.id);
      const history =
        rows.length > 0 ? rows : [{ status: row.status, at: row.created_at, note: null }];
      return {
        ...(transfer as Transfer),
        statusHistory: history.map((h) => ({
          status: h.status,
          at: h.at.toISOString(),
          note: h.note,
        })),
      };
    },

    /**
     * Every transfer of the date range (US Eastern days, inclusive: Pago's days, as limits count
     * them), as CSV in the account's language, times in the user's own zone with its name.
     */
    async exportCsv(userId: string, from: string, to: string): Promise<string> {
      const { language, timeZone } = await accounts.getAccountSettings(userId);
      return reads.read(userId, async (source) => {
        const lines = [csvHeader(language, timeZone)];
        let before: { createdAt: Date; id: string } | undefined;
        for (;;) {
          const rows = await listTransfersOf(source, userId, {
            from: easternDayStart(from),
            to: easternDayStart(to, 1),
            before,
            limit: 500,
          });
          for (const t of await view(rows, userId, source)) {
            for (const line of csvRowsOf(t)) lines.push(csvLine(line, language, timeZone));
          }
          const last = rows[rows.length - 1];
          if (rows.length < 500 || !last) break;
          before = { createdAt: last.created_at, id: last.id };
        }
        return `${lines.join('\r\n')}\r\n`;
      });
    },
  };
}

export type Activity = ReturnType<typeof createActivity>;

/**
 * The CSV rows of one transfer: one, but an ATM withdrawal with a fee is two — the cash, and
 * the ATM fee on its own line (kind `card_fee`, same reference), so each line's total is one
 * amount that left the wallet and the lines still add up to the balance's change.
 */
export function csvRowsOf(t: Transfer): Transfer[] {
  if (t.kind !== 'card_atm_withdrawal' || t.feeCents <= 0) return [t];
  return [
    { ...t, feeCents: cents(0), totalCents: t.amountCents },
    { ...t, kind: 'card_fee', amountCents: t.feeCents, feeCents: cents(0), totalCents: t.feeCents },
  ];
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/**
 * Only what encodeCursor writes: an ISO instant of a four-digit year (any other date is not a
 * transfer's, and PostgreSQL cannot hold some that JavaScript can) and a UUID.
 */
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  const isOurs =
    rest.length === 0 &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at) &&
    !Number.isNaN(createdAt.getTime()) &&
    createdAt.toISOString() === at &&
    isUuid(id);
  if (!isOurs) throw new AppError('bad_request', 400, 'The cursor is not valid.');
  return { createdAt, id };
}

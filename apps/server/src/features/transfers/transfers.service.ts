import { randomUUID } from 'node:crypto';
import { usdToCents } from '@pago/shared/contracts/amounts';
import type {
  Quote,
  quoteBody,
  SendMoneyBody,
  Transfer,
  TransferKind,
  TransferList,
  TransferReceipt,
  TransferStatus,
} from '@pago/shared/contracts/transfers';
import { fxSpreadBps, getCorridor, internationalFee } from '@pago/shared/fees';
import { addCents, cents, centsToDecimalString } from '@pago/shared/money';
import { isPhoneOfCountry, phoneCountryOf } from '@pago/shared/phone-countries';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { LedgerTransfersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { RatesProvider } from '../../providers/fx/rates';
import type { PayoutPartner } from '../../providers/payout/payout-partner';
import type { Accounts, Party } from '../accounts/accounts.service';
import { type Ledger, metadataOf, walletToWallet } from '../ledger/ledger.service';
import { customerRate, payoutAmount } from './fx-math';
import {
  findTransferOf,
  insertQuote,
  listTransfersOf,
  lockDuePayouts,
  lockQuote,
  markQuoteUsed,
  statusHistory,
} from './transfers.repository';

export const QUOTE_TTL_MINUTES = 10;

type TransferRow = Selectable<LedgerTransfersTable>;
type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  rates: RatesProvider;
  payouts: PayoutPartner;
  payoutDelayMs: number;
};

/** Kinds in which the owner receives money rather than sends it. */
const INCOMING_FOR_OWNER = new Set<TransferKind>(['deposit', 'remittance_refund']);

export function createTransfers({ db, ledger, accounts, rates, payouts, payoutDelayMs }: Deps) {
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
    return rows.map((row) => {
      const isOwner = row.user_id === viewerId;
      const other = isOwner ? row.counterparty_user_id : row.user_id;
      const { partyNames, ...meta } = row.metadata;
      const party: Party | undefined = other ? parties.get(other) : undefined;
      // The name as it was when the money moved (older transfers have no snapshot).
      const name = partyNames?.[isOwner ? 'counterparty' : 'owner'] || party?.name;
      const counterparty = party
        ? { userId: party.userId, name: name ?? '', username: party.username, phone: party.phone }
        : 'recipientPhone' in meta
          ? { userId: null, name: meta.recipientPhone, username: null, phone: meta.recipientPhone }
          : 'billerName' in meta
            ? { userId: null, name: meta.billerName, username: null, phone: null }
            : null;
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        direction: isOwner && !INCOMING_FOR_OWNER.has(row.kind) ? 'out' : 'in',
        amountCents: row.amount_cents,
        // The fee is the sender's; the other party never sees it.
        feeCents: isOwner ? row.fee_cents : cents(0),
        totalCents: addCents(row.amount_cents, isOwner ? row.fee_cents : cents(0)),
        counterparty,
        createdAt: row.created_at.toISOString(),
        details: isOwner ? meta : {},
      };
    });
  }

  /**
   * Whom a phone reaches: a Pago user's phone is an instant, free P2P transfer; any other is a
   * remittance, whose phone must belong to the destination country. A U.S. phone that is not a
   * Pago user's is neither (there is no U.S. payout): the person can be invited instead.
   */
  async function destination(
    userId: string,
    phone: string,
    country: string,
    executor: Database,
  ): Promise<{ kind: 'p2p'; party: Party } | { kind: 'remittance' }> {
    const recipient = await accounts.findRecipient({ phone }, executor);
    if (recipient?.userId === userId) {
      throw new AppError('self_transfer', 422, 'You cannot send money to yourself.');
    }
    if (recipient) return { kind: 'p2p', party: recipient };
    const phoneCountry = phoneCountryOf(phone) ?? null;
    if (phoneCountry === 'US') {
      throw new AppError(
        'recipient_not_on_pago',
        422,
        'This U.S. phone is not on Pago. Money within the United States goes to Pago users only: invite them to Pago.',
        { phoneCountry },
      );
    }
    if (!isPhoneOfCountry(phone, country)) {
      throw new AppError(
        'recipient_country_mismatch',
        422,
        'The recipient’s phone is not from the destination country. Check the phone or the country.',
        { recipientCountry: country, phoneCountry },
      );
    }
    return { kind: 'remittance' };
  }

  /** `body` as its route's contract parsed it (defaults applied). */
  async function quote(userId: string, body: z.output<typeof quoteBody>): Promise<Quote> {
    const corridor = getCorridor(body.recipientCountry);
    const amountCents = usdToCents(body.amountUsd);
    // Without a phone a quote is an estimate: it is bound to no recipient, so it cannot be sent.
    const kind = body.recipientPhone
      ? (await destination(userId, body.recipientPhone, corridor.country, db)).kind
      : 'remittance';
    if (kind === 'remittance' && !payouts.available) throw unavailableInLiveMode('remittances');
    await ledger.assertRoom(db, userId, amountCents);
    const expiresAt = new Date(ledger.clock().getTime() + QUOTE_TTL_MINUTES * 60_000);
    const recipientPhone = body.recipientPhone ?? null;
    if (kind === 'p2p') {
      // Pago to Pago: what the sender pays and what arrives are the same dollars, at once.
      const payout = centsToDecimalString(amountCents);
      const row = await insertQuote(db, {
        userId,
        country: corridor.country,
        speed: body.speed,
        amountCents,
        feeCents: cents(0),
        currency: 'USD',
        marketRate: '1',
        fxRate: '1',
        spreadBps: 0,
        payoutAmount: payout,
        recipientPhone,
        transferKind: 'p2p',
        expiresAt,
      });
      return {
        quoteId: row.id,
        transferKind: 'p2p',
        recipientCountry: corridor.country,
        speed: body.speed,
        amountCents,
        feeCents: cents(0),
        totalCents: amountCents,
        payoutCurrency: 'USD',
        fxRate: '1.000000',
        marketRate: '1',
        spreadBps: 0,
        payoutAmount: payout,
        deliveryEstimate: 'instant',
        expiresAt: expiresAt.toISOString(),
      };
    }
    const feeCents = internationalFee(corridor.country, amountCents, body.speed);
    const marketRate = await rates.marketRate(corridor.currency);
    const spreadBps = fxSpreadBps(corridor.currency);
    const fxRate = customerRate(marketRate, spreadBps);
    const payout = payoutAmount(amountCents, fxRate, corridor.currency);
    const row = await insertQuote(db, {
      userId,
      country: corridor.country,
      speed: body.speed,
      amountCents,
      feeCents,
      currency: corridor.currency,
      marketRate,
      fxRate,
      spreadBps,
      payoutAmount: payout,
      recipientPhone,
      transferKind: 'remittance',
      expiresAt,
    });
    return {
      quoteId: row.id,
      transferKind: 'remittance',
      recipientCountry: corridor.country,
      speed: body.speed,
      amountCents,
      feeCents,
      totalCents: addCents(amountCents, feeCents),
      payoutCurrency: corridor.currency,
      fxRate,
      marketRate,
      spreadBps,
      payoutAmount: payout,
      deliveryEstimate: body.speed === 'express' ? 'under_30_minutes' : 'one_to_three_days',
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * The quote a send carries, locked and marked used: still valid, made for this recipient
   * (phone, country, and kind — a free P2P price cannot pay a remittance) and this amount.
   */
  async function takeQuote(
    tx: Database,
    userId: string,
    quoteId: string,
    body: SendMoneyBody,
    kind: 'p2p' | 'remittance',
  ) {
    const q = await lockQuote(tx, userId, quoteId);
    const now = ledger.clock();
    if (!q || q.used_at)
      throw new AppError('quote_expired', 409, 'This quote is no longer valid. Get a new quote.');
    if (q.expires_at <= now)
      throw new AppError('quote_expired', 409, 'This quote has expired. Get a new quote.');
    if (
      q.recipient_phone !== body.recipientName ||
      q.recipient_country !== body.recipientCountry ||
      q.transfer_kind !== kind
    ) {
      throw new AppError(
        'quote_recipient_mismatch',
        409,
        'This quote was made for another recipient. Get a new quote for this one.',
      );
    }
    const speed = body.speed ?? q.speed;
    if (q.amount_cents !== usdToCents(body.amountUsd) || q.speed !== speed) {
      throw new AppError(
        'quote_mismatch',
        409,
        'The amount, country or speed differ from the quote. Get a new quote.',
      );
    }
    await markQuoteUsed(tx, q.id, now);
    return { ...q, speed, now };
  }

  async function send(tx: Database, userId: string, body: SendMoneyBody): Promise<Transfer> {
    const amountCents = usdToCents(body.amountUsd);
    const to = await destination(userId, body.recipientName, body.recipientCountry, tx);
    if (to.kind === 'p2p') {
      if (body.quoteId) await takeQuote(tx, userId, body.quoteId, body, 'p2p');
      // Pago to Pago: instant and free.
      const row = await ledger.post(tx, {
        kind: 'p2p',
        status: 'completed',
        userId,
        counterpartyUserId: to.party.userId,
        amountCents,
        countsTowardLimits: true,
        metadata: { recipientPhone: body.recipientName, recipientCountry: body.recipientCountry },
        legs: walletToWallet(userId, to.party.userId, amountCents),
      });
      return (await view([row], userId, tx))[0] as Transfer;
    }

    if (!payouts.available) throw unavailableInLiveMode('remittances');
    if (!body.quoteId) {
      throw new AppError(
        'quote_required',
        400,
        'Get a quote first: the fee and the rate are shown before you send.',
      );
    }
    const q = await takeQuote(tx, userId, body.quoteId, body, 'remittance');
    const { speed, now } = q;
    const delay = speed === 'express' ? payoutDelayMs : payoutDelayMs * 2;
    const row = await ledger.post(tx, {
      kind: 'remittance',
      status: 'processing',
      userId,
      amountCents,
      feeCents: q.fee_cents,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: body.recipientName,
        recipientCountry: q.recipient_country,
        speed,
        quoteId: q.id,
        payoutCurrency: q.payout_currency,
        payoutAmount: q.payout_amount,
        fxRate: q.fx_rate,
        marketRate: q.market_rate,
        spreadBps: q.spread_bps,
        payoutReference: randomUUID(),
        payoutDueAt: new Date(now.getTime() + delay).toISOString(),
      },
      legs: [
        { account: { userId }, amountCents: -(amountCents + q.fee_cents) },
        { account: { role: `payout_clearing:${q.recipient_country}` }, amountCents },
        ...(q.fee_cents > 0
          ? [{ account: { role: 'fee_revenue' as const }, amountCents: q.fee_cents }]
          : []),
      ],
    });
    return (await view([row], userId, tx))[0] as Transfer;
  }

  /**
   * Settles remittances whose payout is due: delivered, or failed and refunded in full (fee
   * included) in the same transaction. Safe to run from several processes at once.
   */
  async function settleDuePayouts(limit = 50): Promise<number> {
    if (!payouts.available) return 0;
    return db.transaction().execute(async (tx) => {
      const due = await lockDuePayouts(tx, ledger.clock(), limit);
      for (const transfer of due) {
        const meta = metadataOf(transfer, 'remittance');
        const outcome = payouts.outcome(meta.recipientPhone);
        if (outcome.status === 'delivered') {
          await ledger.setStatus(tx, transfer.id, 'delivered', null);
          continue;
        }
        await ledger.setStatus(tx, transfer.id, 'failed', outcome.reason);
        await ledger.post(tx, {
          kind: 'remittance_refund',
          status: 'completed',
          userId: transfer.user_id,
          amountCents: addCents(transfer.amount_cents, transfer.fee_cents),
          countsTowardLimits: false,
          relatedTransferId: transfer.id,
          metadata: {
            refundOf: transfer.id,
            reason: outcome.reason,
            recipientPhone: meta.recipientPhone,
          },
          legs: [
            {
              account: { role: `payout_clearing:${meta.recipientCountry}` },
              amountCents: -transfer.amount_cents,
            },
            ...(transfer.fee_cents > 0
              ? [{ account: { role: 'fee_revenue' as const }, amountCents: -transfer.fee_cents }]
              : []),
            {
              account: { userId: transfer.user_id },
              amountCents: transfer.amount_cents + transfer.fee_cents,
            },
          ],
        });
        await ledger.setStatus(
          tx,
          transfer.id,
          'refunded',
          'Amount and fee returned to your balance',
        );
      }
      return due.length;
    });
  }

  return {
    view,
    quote,
    send,
    settleDuePayouts,

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
      const rows = await listTransfersOf(db, userId, {
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
        items: await view(page, userId),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
      };
    },

    async receipt(userId: string, id: string): Promise<TransferReceipt> {
      const row = isUuid(id) ? await findTransferOf(db, userId, id) : undefined;
      if (!row) throw new AppError('not_found', 404, 'No such transfer.');
      const [transfer] = await view([row], userId);
      const history = await statusHistory(db, row.id);
      return {
        ...(transfer as Transfer),
        statusHistory: history.map((h) => ({
          status: h.status,
          at: h.at.toISOString(),
          note: h.note,
        })),
      };
    },

    /** Every transfer of the date range (US Eastern days, inclusive), as CSV. */
    async exportCsv(userId: string, from: string, to: string): Promise<string> {
      const lines = ['id,date,type,status,direction,counterparty,amount_usd,fee_usd,total_usd'];
      let before: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await listTransfersOf(db, userId, {
          from: easternDayStart(from),
          to: easternDayStart(to, 1),
          before,
          limit: 500,
        });
        for (const t of await view(rows, userId)) {
          const sign = t.direction === 'out' ? '-' : '';
          lines.push(
            [
              t.id,
              t.createdAt,
              t.kind,
              t.status,
              t.direction,
              csvField(t.counterparty?.name ?? ''),
              `${sign}${dollars(t.amountCents)}`,
              dollars(t.feeCents),
              `${sign}${dollars(t.totalCents)}`,
            ].join(','),
          );
        }
        const last = rows[rows.length - 1];
        if (rows.length < 500 || !last) break;
        before = { createdAt: last.created_at, id: last.id };
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type Transfers = ReturnType<typeof createTransfers>;

function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** Quotes a CSV field, and defuses spreadsheet formulas (a leading = + - @). */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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

/** Midnight US Eastern at the start of `date` (YYYY-MM-DD), plus `days`. */
export function easternDayStart(date: string, days = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 05:00 UTC is 00:00 or 01:00 in New York: before any 2 AM daylight-saving switch.
  const probe = new Date(Date.UTC(y, m - 1, d + days, 5));
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(probe)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offsetHours = Number(/GMT([+-]\d+)/.exec(zone ?? '')?.[1] ?? -5);
  return new Date(Date.UTC(y, m - 1, d + days) - offsetHours * 3_600_000);
}

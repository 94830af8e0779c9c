import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  type CreatePidemeRequestBody,
  PIDEME_LINK_IDLE_DAYS,
  PIDEME_PENDING_MAX,
  type PidemeLink,
  type PidemeRequest,
  type PidemeRequestDetail,
  type PublicPideme,
} from '@pago/shared/contracts/pideme';
import type { Quote } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { PhasedWork } from '../idempotency/idempotency.service';
import type { Notifications } from '../notifications/notifications.service';
import type { RecipientNoticeService } from '../recipient-notice/recipient-notice.service';
import { firstName } from '../recipient-notice/recipient-sms-texts';
import type { Recipients } from '../remittances/recipients.service';
import type { Remittances } from '../remittances/remittances.service';
import {
  activeLinks,
  decideRequest,
  insertPhoto,
  insertRequest,
  type LinkRow,
  linkOf,
  lockPendingRequest,
  lockWorkingLink,
  pendingCount,
  photoOf,
  purgeOld,
  type RequestRow,
  replaceLink,
  requestOf,
  requestOfLink,
  requestsOf,
  requestsOfLink,
  revokeLink,
  senderNames,
  touchLink,
  workingLinkOfHash,
} from './pideme.repository';
import { normalAmount, quoteAtLeast } from './pideme-money';

/** A link's token: 22 base64url characters (128 bits of an HMAC). */
export const PIDEME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The send home that pays a request (features/remittances, "send on behalf"). */
export type PidemeSending = Pick<Remittances, 'quoteFor' | 'sendQuoted'>;

type Deps = {
  db: Database;
  appSecret: string;
  publicUrl: string;
  recipients: Pick<Recipients, 'rowOf'>;
  notifications: Pick<Notifications, 'notify'>;
  sending: () => PidemeSending;
  recipientNotice: Pick<RecipientNoticeService, 'senderView'>;
};

/** Every request is paid standard: the relative asked for an amount, not for speed. */
const SPEED = 'standard' as const;

const notFound = () => new AppError('not_found', 404, 'Not found');
const requestNotFound = () =>
  new AppError('not_found', 404, 'There is no such request among yours.');
const notPending = () =>
  new AppError('request_not_pending', 409, 'This request was already paid or declined.');

export function pidemeTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The currency a recipient is paid in: their corridor's. */
function currencyOf(country: string): string {
  return getCorridor(country as CorridorCountry).currency;
}

/**
 * "Pídeme" (docs/pideme.md): the sender's links, the relative's requests through them, and the
 * sender's answer (pay in one call, or decline).
 */
export function createPideme({
  db,
  appSecret,
  publicUrl,
  recipients,
  notifications,
  sending,
  recipientNotice,
}: Deps) {
  /**
   * The token of a link: HMAC-SHA256 under APP_SECRET of the link's random id, cut to 128 bits.
   * The database keeps only its SHA-256 (a copy of the table opens no link), and the sender can
   * copy the link again at any time without Pago keeping it.
   */
  const tokenOf = (linkId: string) =>
    createHmac('sha256', appSecret)
      .update(`pago pideme link:${linkId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  function linkView(row: LinkRow): PidemeLink {
    return {
      id: row.id,
      recipientId: row.recipient_id,
      recipientFirstName: row.recipient_first_name,
      currency: currencyOf(row.country),
      url: `${publicUrl}/p/${tokenOf(row.id)}`,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      expiresAt: row.expires_at.toISOString(),
      revokedAt: row.revoked_at?.toISOString() ?? null,
    };
  }

  function requestView(row: RequestRow): PidemeRequest {
    return {
      id: row.id,
      recipientId: row.recipient_id,
      recipientFirstName: row.recipient_first_name,
      amount: normalAmount(row.amount, row.currency) ?? row.amount,
      currency: row.currency,
      reason: row.reason,
      hasPhoto: row.has_photo,
      status: row.status,
      transferId: row.transfer_id,
      createdAt: row.created_at.toISOString(),
      decidedAt: row.decided_at?.toISOString() ?? null,
    };
  }

  async function ownRequest(userId: string, id: string, executor: Database = db) {
    const row = isUuid(id) ? await requestOf(executor, userId, id) : undefined;
    if (!row) throw requestNotFound();
    return row;
  }

  /** The link of a token, if it works now; anything else is 404 with nothing said. */
  async function linkOfToken(token: string) {
    if (!PIDEME_TOKEN_PATTERN.test(token)) throw notFound();
    const link = await workingLinkOfHash(db, pidemeTokenHash(token));
    if (!link) throw notFound();
    return link;
  }

  function priceOf(userId: string, row: RequestRow) {
    return quoteAtLeast(row.amount, (amountCents) =>
      sending().quoteFor(userId, row.recipient_id, cents(amountCents), SPEED),
    );
  }

  return {
    tokenOf,

    /** A new link for a saved recipient; any earlier link of the pair stops working. */
    async createLink(userId: string, recipientId: string): Promise<PidemeLink> {
      await recipients.rowOf(userId, recipientId);
      const id = randomUUID();
      await db.transaction().execute((tx) =>
        replaceLink(tx, {
          id,
          userId,
          recipientId,
          tokenHash: pidemeTokenHash(tokenOf(id)),
          idleDays: PIDEME_LINK_IDLE_DAYS,
        }),
      );
      return linkView((await linkOf(db, userId, id)) as LinkRow);
    },

    async listLinks(userId: string, recipientId?: string) {
      return { items: (await activeLinks(db, userId, recipientId)).map(linkView) };
    },

    async revoke(userId: string, id: string): Promise<PidemeLink> {
      if (!isUuid(id) || !(await linkOf(db, userId, id))) throw notFound();
      await revokeLink(db, userId, id);
      return linkView((await linkOf(db, userId, id)) as LinkRow);
    },

    async listRequests(userId: string) {
      return { items: (await requestsOf(db, userId, 100)).map(requestView) };
    },

    /** A request, with the partner's live price for at least the amount while it waits. */
    async detail(userId: string, id: string): Promise<PidemeRequestDetail> {
      const row = await ownRequest(userId, id);
      const view = { request: requestView(row), quote: null, quoteError: null };
      if (row.status !== 'pending') return view;
      try {
        return { ...view, quote: await priceOf(userId, row) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ...view, quoteError: { code: error.code, message: error.message } };
      }
    },

    async photo(userId: string, id: string) {
      const photo = isUuid(id) ? await photoOf(db, userId, id) : undefined;
      if (!photo) throw notFound();
      return photo;
    },

    /**
     * Pays a request in one call (a money POST's phases): priced fresh (refused if above the total
     * the sender was shown), then, in the request's transaction, the request locked while pending,
     * the remittance reserved to the recipient's saved payout method and the request marked paid
     * with it. The partner gets it from the payout job right after the commit.
     */
    payPhases(
      userId: string,
      id: string,
      shownTotalCents: number,
    ): PhasedWork<Quote, string, null> {
      return {
        prepare: async () => {
          const row = await ownRequest(userId, id);
          if (row.status !== 'pending') throw notPending();
          const quote = await priceOf(userId, row);
          if (quote.totalCents > shownTotalCents) {
            throw new AppError(
              'quote_changed',
              409,
              'The price went up since you saw it. Check the new total and pay again.',
              { totalCents: quote.totalCents },
            );
          }
          return quote;
        },
        reserve: async (tx, quote) => {
          const locked = await lockPendingRequest(tx, userId, id);
          if (!locked) throw requestNotFound();
          if (locked.status !== 'pending') throw notPending();
          const transfer = await sending().sendQuoted(tx, userId, {
            recipientId: locked.recipient_id,
            quoteId: quote.quoteId,
            amountCents: quote.amountCents,
            speed: SPEED,
            origin: { kind: 'pideme', id },
          });
          await decideRequest(tx, id, { status: 'paid', transferId: transfer.id });
          return id;
        },
        call: async () => null,
        settle: async (tx, requestId) => ({
          statusCode: 200,
          body: requestView(await ownRequest(userId, requestId, tx)),
        }),
      };
    },

    async decline(userId: string, id: string): Promise<PidemeRequest> {
      await db.transaction().execute(async (tx) => {
        const locked = isUuid(id) ? await lockPendingRequest(tx, userId, id) : undefined;
        if (!locked) throw requestNotFound();
        if (locked.status !== 'pending') throw notPending();
        await decideRequest(tx, id, { status: 'declined' });
      });
      return requestView(await ownRequest(userId, id));
    },

    /** The relative's page: the sender's first name, theirs, their currency, their requests. */
    async publicView(token: string): Promise<PublicPideme> {
      const link = await linkOfToken(token);
      const sender = await senderNames(db, link.user_id);
      const rows = await requestsOfLink(db, link.id, 20);
      const requests = [];
      for (const row of rows) {
        const tracking =
          row.status === 'paid' && row.transfer_id
            ? (await recipientNotice.senderView(row.transfer_id)).link
            : null;
        requests.push({
          id: row.id,
          amount: normalAmount(row.amount, row.currency) ?? row.amount,
          currency: row.currency,
          reason: row.reason,
          hasPhoto: row.has_photo,
          status: row.status,
          trackingUrl: tracking,
          createdAt: row.created_at.toISOString(),
        });
      }
      return {
        senderFirstName: firstName(sender?.legal_name ?? sender?.name ?? ''),
        recipientFirstName: firstName(link.recipient_first_name),
        currency: currencyOf(link.country),
        requests,
      };
    },

    /** The job: old photos and never-used dead links go (pideme.repository `purgeOld`). */
    purge: () => purgeOld(db),

    /** The link of a token for the public routes' rate limits (by its hash, never the token). */
    async linkKey(token: string): Promise<string> {
      return (await linkOfToken(token)).token_hash.toString('hex');
    },

    /** A relative's request: recorded, the link's expiry moved on, the sender notified. */
    async ask(token: string, body: CreatePidemeRequestBody) {
      const link = await linkOfToken(token);
      const currency = currencyOf(link.country);
      const amount = normalAmount(body.amount, currency);
      if (amount === null) {
        throw new AppError('validation_failed', 400, `${currency} is paid in whole units.`, {
          field: 'amount',
        });
      }
      const id = await db.transaction().execute(async (tx) => {
        const locked = await lockWorkingLink(tx, link.id);
        if (!locked) throw notFound();
        if ((await pendingCount(tx, link.id)) >= PIDEME_PENDING_MAX) {
          throw new AppError(
            'pideme_pending_limit',
            409,
            'This link has as many requests waiting as it may. Wait for an answer first.',
          );
        }
        const requestId = await insertRequest(tx, {
          linkId: link.id,
          userId: link.user_id,
          recipientId: link.recipient_id,
          amount,
          currency,
          reason: body.reason,
        });
        await touchLink(tx, link.id, PIDEME_LINK_IDLE_DAYS);
        await notifications.notify(tx, {
          userId: link.user_id,
          type: 'pideme_request',
          data: {
            requestId,
            recipientName: firstName(link.recipient_first_name),
            note: body.reason,
            foreignAmount: amount,
            currency,
          },
        });
        return requestId;
      });
      return (await this.publicView(token)).requests.find((r) => r.id === id) as NonNullable<
        PublicPideme['requests'][number]
      >;
    },

    /** The photo of the bill, for a request of this link that waits and has none yet. */
    async addPhoto(
      token: string,
      requestId: string,
      photo: { contentType: string; bytes: Buffer },
    ) {
      const link = await linkOfToken(token);
      const request = isUuid(requestId) ? await requestOfLink(db, link.id, requestId) : undefined;
      if (!request) throw notFound();
      if (request.status !== 'pending') throw notPending();
      if (!(await insertPhoto(db, { requestId, ...photo }))) {
        throw new AppError('conflict', 409, 'This request has its photo already.');
      }
      return (await this.publicView(token)).requests.find((r) => r.id === requestId) as NonNullable<
        PublicPideme['requests'][number]
      >;
    },
  };
}

export type Pideme = ReturnType<typeof createPideme>;

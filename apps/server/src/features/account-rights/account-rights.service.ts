import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  CloseAccountBody,
  CloseConditions,
  ClosedAccount,
  ConfirmWithPasswordBody,
  DataExportTicket,
} from '@pago/shared/contracts/account-rights';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import type { UnitClient } from '../../providers/unit/unit-client';
import { UnitRefusal } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Activity } from '../activity/activity.service';
import type { PlaidService } from '../plaid/plaid.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import {
  closeBlockers,
  closedAwaitingPartners,
  closeEffects,
  lockUser,
  markCardClosed,
  markClosed,
  openCardsOf,
  partnerAccountsOf,
  plaidItemIdsOf,
} from './account-rights.repository';
import { accountClosedEmail } from './closed-email';
import { dataExportZip } from './data-export';
import { RECORDS_YEARS, runRetention } from './retention';

/** How long a download ticket lasts after the password was entered. */
export const EXPORT_TICKET_MINUTES = 15;

/** Who closes an account: its owner, or a staff member from the operations console. */
export type ClosedBy = 'customer' | { staffId: string };

type Deps = {
  db: Database;
  accounts: Pick<Accounts, 'confirmPassword' | 'getAccountSettings' | 'twoStep'>;
  activity: Pick<Activity, 'view'>;
  rateLimits: RateLimits;
  mailer: Mailer;
  unit: UnitClient | null;
  plaid: Pick<PlaidService, 'unlinkItem'>;
  clock: () => Date;
  log: FastifyBaseLogger;
};

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();

export function recordsKeptUntil(closedAt: Date): Date {
  const until = new Date(closedAt);
  until.setUTCFullYear(until.getUTCFullYear() + RECORDS_YEARS);
  return until;
}

/**
 * Customers' rights over their account (docs/account-rights.md): a copy of their data as a ZIP,
 * closing the account, and the retention job that erases what no law needs kept.
 */
export function createAccountRights({
  db,
  accounts,
  activity,
  rateLimits,
  mailer,
  unit,
  plaid,
  clock,
  log,
}: Deps) {
  /** The password (and a code when two-step codes are on): the person at the screen is the owner. */
  async function confirmOwner(userId: string, body: ConfirmWithPasswordBody, ip: string) {
    if (!(await accounts.confirmPassword(userId, body.password, ip, { signedIn: true }))) {
      throw new AppError('invalid_credentials', 400, 'Wrong password');
    }
    await accounts.twoStep.requireSecondStep(userId, body.twoStepCode);
  }

  /**
   * Closes the account's cards, its deposit account at the banking partner and its linked banks
   * at Plaid, with no transaction open (after the closing committed). Each step is idempotent;
   * the closing job runs this again until every step went through.
   */
  async function closeAtPartners(userId: string): Promise<boolean> {
    let done = true;
    for (const card of await openCardsOf(db, userId)) {
      try {
        if (unit) await unit.cardAction(card.partner_card_id, 'close');
        await markCardClosed(db, card.id, clock());
      } catch (error) {
        done = false;
        log.warn({ err: error, userId, cardId: card.id }, 'closing account: card not closed');
      }
    }
    if (unit) {
      for (const accountId of await partnerAccountsOf(db, userId)) {
        try {
          await unit.closeAccount(accountId, 'ByCustomer');
        } catch (error) {
          // Closed at Unit already (by Unit or a previous try that lost its answer): done.
          if (error instanceof UnitRefusal && /closed/i.test(error.title)) continue;
          done = false;
          log.warn(
            { err: error, userId, accountId },
            'closing account: partner account not closed',
          );
        }
      }
    }
    for (const itemId of await plaidItemIdsOf(db, userId)) {
      try {
        await plaid.unlinkItem(userId, itemId);
      } catch (error) {
        done = false;
        log.warn({ err: error, userId, itemId }, 'closing account: linked bank not removed');
      }
    }
    if (done) {
      await db
        .updateTable('users')
        .set({ partner_closed_at: clock() })
        .where('id', '=', userId)
        .where('partner_closed_at', 'is', null)
        .execute();
    }
    return done;
  }

  /**
   * Closes an account: refused (409 `account_not_closable`, the blockers in `details`) while it
   * holds money, owes money, has money on its way or an open dispute or claim. In one
   * transaction: the conditions checked again with the ledger accounts locked, open requests and
   * scheduled bill payments ended, the account marked closed, every session ended. Then, with no
   * transaction open, the cards, the partner account and the linked banks are closed at the
   * vendors, and the owner is e-mailed. Closing a closed account answers its closing again.
   */
  async function closeAccount(
    userId: string,
    { by, reason }: { by: ClosedBy; reason?: string | null | undefined },
  ): Promise<ClosedAccount> {
    const closedBy = by === 'customer' ? 'customer' : `staff:${by.staffId}`;
    const outcome = await db.transaction().execute(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('not_found', 404, 'No such account.');
      if (user.closed_at) return { closedAt: user.closed_at, user, fresh: false };
      const blockers = await closeBlockers(tx, userId, { lock: true });
      if (blockers.length > 0) {
        throw new AppError(
          'account_not_closable',
          409,
          'This account cannot be closed yet: settle what is listed first.',
          { blockers },
        );
      }
      const at = clock();
      await markClosed(tx, userId, { at, by: closedBy, reason: reason?.trim() || null });
      return { closedAt: at, user, fresh: true };
    });
    if (outcome.fresh) {
      // The account is closed whatever the vendors answer; the closing job retries them.
      await closeAtPartners(userId).catch((error) =>
        log.warn({ err: error, userId }, 'closing account: partners to retry'),
      );
      mailer
        .send({
          to: outcome.user.email,
          ...accountClosedEmail(outcome.user.language, {
            name: outcome.user.name,
            closedAt: outcome.closedAt,
            keptUntil: recordsKeptUntil(outcome.closedAt),
          }),
        })
        .catch((error) => log.warn({ err: error, userId }, 'closing account: e-mail not sent'));
    }
    return {
      closedAt: outcome.closedAt.toISOString(),
      recordsKeptUntil: recordsKeptUntil(outcome.closedAt).toISOString(),
    };
  }

  return {
    closeAccount,

    /** Whether the account can close now, what stops it, and what closing does on the way. */
    async conditions(userId: string): Promise<CloseConditions> {
      const blockers = await closeBlockers(db, userId, { lock: false });
      const user = await db
        .selectFrom('users')
        .select('two_step_enabled_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        closable: blockers.length === 0,
        blockers: blockers as CloseConditions['blockers'],
        effects: await closeEffects(db, userId),
        twoStepRequired: user.two_step_enabled_at !== null,
      };
    },

    /** The owner closes their own account: their password (and code) first. */
    async closeByCustomer(userId: string, body: CloseAccountBody, ip: string) {
      await confirmOwner(userId, body, ip);
      return closeAccount(userId, { by: 'customer', reason: body.reason });
    },

    /**
     * A ticket for one download of the user's data, after their password (and code): a few a
     * day, as building a ZIP of a long history is work.
     */
    async requestExport(
      userId: string,
      body: ConfirmWithPasswordBody,
      ip: string,
    ): Promise<DataExportTicket> {
      await confirmOwner(userId, body, ip);
      await rateLimits.takeAll([
        {
          key: `data-export:day:${userId}`,
          limit: 5,
          windowSeconds: 24 * 3600,
          message: 'You asked for your data several times today. Try again tomorrow.',
        },
      ]);
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock().getTime() + EXPORT_TICKET_MINUTES * 60_000);
      await db
        .insertInto('account_data_exports')
        .values({ user_id: userId, token_hash: hashTicket(ticket), expires_at: expiresAt })
        .execute();
      return {
        downloadUrl: `/api/account/data-export/${ticket}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The ZIP of a ticket of this user's; another user's ticket, or none, is 404. */
    async openExport(userId: string, ticket: string): Promise<{ stream: Readable; name: string }> {
      const row = await db
        .updateTable('account_data_exports')
        .set({ downloaded_at: clock() })
        .where('token_hash', '=', hashTicket(ticket))
        .where('user_id', '=', userId)
        .returning(['expires_at'])
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', 404, 'No such download.');
      if (row.expires_at <= clock()) {
        throw new AppError(
          'data_export_expired',
          410,
          'This download expired. Ask for your data again.',
        );
      }
      const { language, timeZone } = await accounts.getAccountSettings(userId);
      const now = clock();
      return {
        stream: dataExportZip({ db, activity, userId, language, timeZone, now }),
        name: `pago-${now.toISOString().slice(0, 10)}.zip`,
      };
    },

    /** The closing job: closed accounts whose vendors did not all answer yet, tried again. */
    async finishClosings(): Promise<number> {
      let finished = 0;
      for (const { id } of await closedAwaitingPartners(db, 50)) {
        if (await closeAtPartners(id)) finished += 1;
      }
      return finished;
    },

    /** The retention job (retention.ts), on the ledger's clock. */
    retention: () => runRetention(db, clock()),
  };
}

export type AccountRights = ReturnType<typeof createAccountRights>;

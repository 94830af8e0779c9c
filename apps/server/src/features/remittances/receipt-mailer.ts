import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Mailer } from '../../providers/email/mailer';
import type { Accounts } from '../accounts/accounts.service';
import type { Ledger } from '../ledger/ledger.service';
import { remittanceReceiptEmail } from './remittance-receipt';
import { lockReceiptsDue, updatePayout } from './remittances.repository';

/** Receipts e-mailed per run of the job. */
const RECEIPTS_PER_RUN = 20;

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  track: (userId: string, transferId: string) => Promise<RemittanceTracking>;
};

/** A remittance's receipt by e-mail, from the same view the tracking page and the PDF show. */
export function createReceiptMailer({ db, ledger, accounts, mailer, log, track }: Deps) {
  return {
    /**
     * The job: the receipt of each remittance the partner confirmed, e-mailed once in the
     * sender's language (§ 1005.31(b)(2); the screen and the PDF say the same). Marked sent before
     * the e-mail goes, so a crash never sends it twice (a lost one is logged, not retried).
     */
    async send(): Promise<number> {
      const due = await db.transaction().execute(async (tx) => {
        const rows = await lockReceiptsDue(tx, RECEIPTS_PER_RUN);
        for (const row of rows) {
          await updatePayout(tx, row.transfer_id, { receipt_sent_at: ledger.clock() });
        }
        return rows;
      });
      for (const row of due) {
        try {
          const person = await accounts.bankApplicant(db, row.user_id);
          if (!person?.email) continue;
          // The language the sender used to send, kept on the payout when it was paid.
          const language = row.language ?? 'es';
          const view = {
            tracking: await track(row.user_id, row.transfer_id),
            senderName: person.legalName,
            // Its dates in the sender's own zone, as the PDF and the screens write them.
            timeZone: (await accounts.getAccountSettings(row.user_id)).timeZone,
          };
          await mailer.send({ to: person.email, ...remittanceReceiptEmail(view, language) });
        } catch (error) {
          log.warn({ err: error, transferId: row.transfer_id }, 'remittance receipt not e-mailed');
        }
      }
      return due.length;
    },
  };
}

import type {
  PublicTransfer,
  RecipientNotice,
  RecipientSmsState,
  RecipientStatus,
  RecipientStep,
} from '@pago/shared/contracts/recipient-tracking';
import type { TrackingStep } from '@pago/shared/contracts/remittances';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TwilioMessages } from '../../providers/twilio/twilio-messages';
import { TwilioApiError } from '../../providers/twilio/twilio-verify';
import type { Activity } from '../activity/activity.service';
import { timeline } from '../remittances/remittance-tracking';
import { recipientLink, recipientToken, TOKEN_PATTERN, tokenHash } from './recipient-link';
import {
  hasLink,
  insertLink,
  insertSms,
  markSms,
  type PayoutRow,
  payoutOf,
  smsFacts,
  smsOf,
  takeDueSms,
  transferOfToken,
} from './recipient-notice.repository';
import {
  amountLocale,
  cleanWords,
  firstName,
  RECIPIENT_SMS,
  smsLanguageOf,
} from './recipient-sms-texts';

/** SMS taken per run of the job. */
const SMS_PER_RUN = 20;
/** Tries of one SMS before it is given up (Twilio refusing it, or unreachable). */
export const SMS_MAX_ATTEMPTS = 6;
/** The wait before the next try: 30 s, doubled each time, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** (attempts - 1));

/** The recipient's step for each of the sender's tracking steps (null: not theirs to see). */
const STEP_FOR_RECIPIENT: Record<TrackingStep, RecipientStep | null> = {
  created: 'sent',
  sent_to_partner: 'on_the_way',
  submitted: 'on_the_way',
  under_review: 'under_review',
  available_for_pickup: 'ready_for_pickup',
  picked_up: 'picked_up',
  deposited: 'deposited',
  failed: 'not_delivered',
  cancelled: 'not_delivered',
  refunded: 'not_delivered',
  reversed: 'not_delivered',
};

const notFound = () => new AppError('not_found', 404, 'Transfer not found');

type Deps = {
  db: Database;
  activity: Pick<Activity, 'receipt'>;
  /** Twilio Messaging; null in live mode without it: nothing is sent, and the sender is told. */
  sms: TwilioMessages | null;
  appSecret: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * The remittance's recipient is told: a tracking link per transfer, and an SMS when the money is
 * sent and when cash is ready for pickup (with the code), each at most once, in the language of
 * the recipient's country.
 */
export function createRecipientNotice({ db, activity, sms, appSecret, publicUrl, log }: Deps) {
  const tokenOf = (transferId: string) => recipientToken(appSecret, transferId);

  return {
    /**
     * Records, in the transaction that applies the partner's status, that the recipient is to be
     * told: at `sent` the tracking link too. A payout without a phone gets no SMS; without Twilio
     * the row says `unavailable`, so the sender's page can say it was not sent.
     */
    async record(tx: Database, payout: PayoutRow, kind: 'sent' | 'ready') {
      if (kind === 'sent')
        await insertLink(tx, payout.transfer_id, tokenHash(tokenOf(payout.transfer_id)));
      if (!payout.phone) return;
      await insertSms(tx, {
        transferId: payout.transfer_id,
        kind,
        to: payout.phone,
        status: sms ? 'pending' : 'unavailable',
      });
    },

    /** The job: each due SMS written and sent; a refusal or an outage retried, a timeout not. */
    async deliver(): Promise<number> {
      const due = await takeDueSms(db, SMS_PER_RUN);
      for (const row of due) {
        try {
          if (!sms) {
            await markSms(db, row.id, {
              status: 'failed',
              error: 'Twilio Messaging not configured',
            });
            continue;
          }
          const body = await bodyOf(row.transfer_id, row.kind);
          if (!body) {
            await markSms(db, row.id, { status: 'failed', error: 'nothing to tell any more' });
            continue;
          }
          const sent = await sms.send(row.to_number, body);
          await markSms(db, row.id, { status: 'sent', providerId: sent.sid });
        } catch (error) {
          const retry =
            error instanceof TwilioApiError &&
            !error.mayHaveReached &&
            (error.httpStatus === 0 || error.httpStatus === 429 || error.httpStatus >= 500);
          const message = (error as Error).message;
          log.warn(
            { err: error, transferId: row.transfer_id, kind: row.kind },
            'recipient SMS not sent',
          );
          if (retry && row.attempts < SMS_MAX_ATTEMPTS) {
            await markSms(db, row.id, {
              status: 'pending',
              error: message,
              retryInSeconds: retryDelaySeconds(row.attempts),
            });
          } else {
            // Refused for good, or it may have reached Twilio: never sent twice.
            await markSms(db, row.id, { status: 'failed', error: message });
          }
        }
      }
      return due.length;
    },

    /** For the sender's tracking page: the recipient's link and what each SMS did. */
    async senderView(transferId: string): Promise<RecipientNotice> {
      const rows = await smsOf(db, transferId);
      const state = (kind: 'sent' | 'ready'): RecipientSmsState | null => {
        const status = rows.find((r) => r.kind === kind)?.status;
        if (!status) return null;
        return status === 'sending' ? 'pending' : status;
      };
      return {
        link: (await hasLink(db, transferId))
          ? recipientLink(publicUrl, tokenOf(transferId))
          : null,
        sms: { sent: state('sent'), ready: state('ready') },
      };
    },

    /** The recipient's page, by the token of their link; anything else is 404. */
    async publicView(token: string): Promise<PublicTransfer> {
      if (!TOKEN_PATTERN.test(token)) throw notFound();
      const transferId = await transferOfToken(db, tokenHash(token));
      if (!transferId) throw notFound();
      const payout = await payoutOf(db, transferId);
      if (!payout) throw notFound();
      const transfer = await activity.receipt(payout.user_id, transferId);
      const facts = await smsFacts(db, transferId);
      const meta = (facts?.metadata ?? {}) as { payoutAmount?: string; payoutCurrency?: string };
      const steps: PublicTransfer['steps'] = [];
      for (const entry of timeline(transfer, payout)) {
        const step = STEP_FOR_RECIPIENT[entry.step];
        if (step && steps.at(-1)?.step !== step) steps.push({ step, at: entry.at });
      }
      const last = steps.at(-1)?.step ?? 'sent';
      const status: RecipientStatus = last === 'sent' ? 'on_the_way' : last;
      const ready = (await smsOf(db, transferId)).find((r) => r.kind === 'ready');
      return {
        senderFirstName: firstName(facts?.legal_name ?? facts?.name ?? ''),
        recipientFirstName: firstName(payout.first_name ?? payout.full_name),
        country: payout.country,
        amount: meta.payoutAmount ?? '0',
        currency: meta.payoutCurrency ?? 'USD',
        method: payout.payout_method,
        payerName: payout.payer_name,
        status,
        steps,
        expectedBy: payout.expected_by.toISOString(),
        codeSentTo:
          status === 'ready_for_pickup' && ready?.status === 'sent'
            ? maskPhone(ready.to_number)
            : null,
      };
    },
  };

  /** The SMS's text, or null when there is nothing to tell (refunded, or no code yet). */
  async function bodyOf(transferId: string, kind: 'sent' | 'ready'): Promise<string | null> {
    const facts = await smsFacts(db, transferId);
    if (!facts || facts.refunded_at) return null;
    const meta = facts.metadata as { payoutAmount?: string; payoutCurrency?: string };
    const language = smsLanguageOf(facts.country);
    const amount =
      meta.payoutAmount && meta.payoutCurrency
        ? new Intl.NumberFormat(amountLocale(language, facts.country), {
            style: 'currency',
            currency: meta.payoutCurrency,
            currencyDisplay: 'code',
          })
            .format(meta.payoutAmount as Intl.StringNumericLiteral)
            // Intl's no-break spaces are not in the GSM-7 alphabet: one would make it UCS-2.
            .replace(/[\u00a0\u202f]/g, ' ')
        : '';
    const words = {
      sender: firstName(facts.legal_name ?? facts.name),
      amount,
      payer: facts.payer_name ? cleanWords(facts.payer_name) : null,
      link: recipientLink(publicUrl, tokenOf(transferId)),
    };
    const texts = RECIPIENT_SMS[language];
    if (kind === 'sent') return texts.sent(words, facts.payout_method === 'cash_pickup');
    if (!facts.pickup_code) return null;
    return texts.ready(words, cleanWords(facts.pickup_code, 32));
  }
}

/** A phone as the recipient's page shows it: its last four digits only. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.replace(/\D/g, '').slice(-4)}`;
}

export type RecipientNoticeService = ReturnType<typeof createRecipientNotice>;

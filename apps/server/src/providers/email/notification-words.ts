import type { NotificationType } from '@pago/shared/contracts/notifications';

/** The words a notification e-mail's sentences are made of (already formatted). */
export type Words = {
  amount: string;
  who: string;
  phone: string;
  device: string;
  time: string;
  merchant: string;
  fee: string;
  reason: string;
  payer: string;
  owed: string;
  biller: string;
  date: string;
  /** A remittance's recipient: their name, or their phone on rows from before names were kept. */
  recipient: string;
  /** The external sign-in's provider ("Google"). */
  provider: string;
  /** What a card purchase was authorized for, when it cleared at another amount. */
  authorized: string;
  /** Schedules: the quote's rate ("1 USD = 18.25 MXN"), total, what arrives, why a run failed. */
  rate: string;
  total: string;
  received: string;
  failure: string;
  /** Rate notifications (docs/rates.md): the payout currency, the rate reached and the target. */
  currency: string;
  rateReached: string;
  target: string;
  /** Pídeme: what the relative asked for, in their currency ("MXN 3,000.00"). */
  foreign: string;
  /** A colecta's title. */
  title: string;
};

/** One notification's e-mail: its subject and paragraphs. */
export type NotificationText = { subject: (w: Words) => string; body: (w: Words) => string[] };

/** Every notification type's text (a returned deposit has its own template). */
export type NotificationTexts = Record<
  Exclude<NotificationType, 'deposit_returned'>,
  NotificationText
>;

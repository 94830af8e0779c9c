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

import type { Language } from '@pago/shared/contracts/accounts';
import {
  isAlwaysEmailed,
  type NotificationData,
  type NotificationType,
} from '@pago/shared/contracts/notifications';
import { failureReasonOf, type ScheduleFailureReason } from '@pago/shared/contracts/schedules';
import { type Cents, formatUsd } from '@pago/shared/money';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@pago/shared/time-zones';
import { NOTIFICATION_TEXTS_EN } from './notification-texts-en';
import { NOTIFICATION_TEXTS_ES } from './notification-texts-es';
import type { NotificationTexts, Words } from './notification-words';
import { depositReturnedEmail, type EmailContent, paragraphsEmail, plainName } from './templates';

/** What a notification's e-mail is made of: its type, data, the user and the other person. */
export type NotificationEmailInput = {
  type: NotificationType;
  data: NotificationData;
  createdAt: Date;
  /** The user's time zone (`userTimeZone`); US Eastern when not given. */
  timeZone?: string | undefined;
  name: string;
  actorName: string | null;
  /** The link that stops this kind of e-mail (also its List-Unsubscribe header). */
  unsubscribeUrl?: string | undefined;
};

/** Why a card was declined, as the notification says it. */
const DECLINE_WORDS: Record<Language, Record<string, string>> = {
  es: {
    card_frozen: 'tu tarjeta está congelada',
    card_closed: 'tu tarjeta está cancelada',
    card_inactive: 'tu tarjeta aún no está activada',
    insufficient_funds: 'no tienes saldo suficiente',
    card_limit_exceeded: 'superaría el límite diario de tu tarjeta',
  },
  en: {
    card_frozen: 'your card is frozen',
    card_closed: 'your card is closed',
    card_inactive: 'your card is not activated yet',
    insufficient_funds: 'your balance is not enough',
    card_limit_exceeded: 'it would go over your card’s daily limit',
  },
};
/** Why the partner rejected or returned a check (its reasons; docs/check-deposits.md). */
const CHECK_REASON_WORDS: Record<Language, Record<string, string>> = {
  es: {
    ImageQuality: 'las fotos no se pueden leer',
    PossibleDuplicate: 'parece que ese cheque ya se depositó',
    InsufficientFunds: 'la cuenta del cheque no tenía fondos suficientes',
  },
  en: {
    ImageQuality: 'the photos cannot be read',
    PossibleDuplicate: 'that check seems to have been deposited already',
    InsufficientFunds: 'the check’s account did not have enough money',
  },
};
/** Why a scheduled transfer's run sent nothing (features/schedules). */
const SCHEDULE_FAILURE_WORDS: Record<Language, Record<ScheduleFailureReason, string>> = {
  es: {
    insufficient_funds: 'tu saldo no alcanzaba',
    limit_exceeded: 'superaba tus límites de envío',
    partner_unavailable: 'nuestro socio de pagos no estaba disponible',
    recipient_deleted: 'el destinatario ya no está guardado',
    send_refused: 'el envío fue rechazado',
  },
  en: {
    insufficient_funds: 'your balance was not enough',
    limit_exceeded: 'it was over your sending limits',
    partner_unavailable: 'our payout partner was unavailable',
    recipient_deleted: 'the recipient is no longer saved',
    send_refused: 'the transfer was refused',
  },
};
const TEXTS: Record<Language, NotificationTexts> = {
  es: NOTIFICATION_TEXTS_ES,
  en: NOTIFICATION_TEXTS_EN,
};

const FRAME = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    unknownDevice: 'un dispositivo desconocido',
    settings: 'Puedes elegir qué correos recibes en Notificaciones, en la app.',
    unsubscribe: (url: string) => `Para dejar de recibir este tipo de correo: ${url}`,
    signature: 'El equipo de Pago',
  },
  en: {
    greeting: (name: string) => `Hi ${name},`,
    unknownDevice: 'an unknown device',
    settings: 'You can choose which e-mails you get under Notifications, in the app.',
    unsubscribe: (url: string) => `To stop this kind of e-mail: ${url}`,
    signature: 'The Pago team',
  },
} as const;

/** The e-mail of one notification, in the user's language. */
export function notificationEmail(
  language: Language,
  { type, data, createdAt, timeZone, name, actorName, unsubscribeUrl }: NotificationEmailInput,
): EmailContent {
  const amountCents = (data.amountCents ?? 0) as Cents;
  if (type === 'deposit_returned') {
    return depositReturnedEmail(language, {
      name,
      amountCents,
      owedCents: (data.owedCents ?? 0) as Cents,
      unsubscribe: unsubscribeUrl ? FRAME[language].unsubscribe(unsubscribeUrl) : undefined,
    });
  }
  const frame = FRAME[language];
  const text = TEXTS[language][type];
  const words: Words = {
    amount: formatUsd(amountCents, language),
    who: plainName(actorName ?? ''),
    phone: data.phone ?? '',
    device: data.device ?? frame.unknownDevice,
    // The moment in the user's own zone, with the zone's name (spec §9 counts days in Eastern).
    time: formatDateTime(createdAt, language, timeZone ?? DEFAULT_TIME_ZONE),
    merchant: data.merchant ?? '',
    fee: formatUsd((data.feeCents ?? 0) as Cents, language),
    payer: data.payer ?? '',
    reason:
      DECLINE_WORDS[language][data.declineReason ?? ''] ??
      CHECK_REASON_WORDS[language][data.declineReason ?? ''] ??
      '',
    owed: data.owedCents ? formatUsd(data.owedCents as Cents, language) : '',
    // A lost dispute's reversal day, or a bill payment's day.
    date:
      (data.date ?? data.payDate)
        ? new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(`${data.date ?? data.payDate}T12:00:00Z`))
        : '',
    biller: data.biller ?? '',
    recipient: plainName(data.recipientName ?? '') || (data.phone ?? ''),
    provider: data.provider ?? '',
    authorized: data.authorizedCents ? formatUsd(data.authorizedCents as Cents, language) : '',
    rate: data.fxRate && data.payoutCurrency ? `1 USD = ${data.fxRate} ${data.payoutCurrency}` : '',
    total: data.totalCents ? formatUsd(data.totalCents as Cents, language) : '',
    received:
      data.payoutAmount && data.payoutCurrency ? `${data.payoutAmount} ${data.payoutCurrency}` : '',
    failure: data.failureReason
      ? SCHEDULE_FAILURE_WORDS[language][failureReasonOf(data.failureReason)]
      : '',
    currency: data.currency ?? '',
    rateReached: data.rate ?? '',
    target: data.targetRate ?? '',
    foreign: foreignAmount(data.foreignAmount, data.currency, language),
    title: data.title ?? '',
  };
  const always = isAlwaysEmailed(type);
  return paragraphsEmail(language, text.subject(words), [
    frame.greeting(plainName(name)),
    ...text.body(words),
    ...(data.note ? [`“${data.note}”`] : []),
    ...(always ? [] : [frame.settings]),
    ...(unsubscribeUrl ? [frame.unsubscribe(unsubscribeUrl)] : []),
    frame.signature,
  ]);
}

/** An amount in another currency, with its code ("MXN 3,000.00"); empty without one. */
function foreignAmount(
  amount: string | undefined,
  currency: string | undefined,
  language: Language,
) {
  if (!amount || !currency) return '';
  return new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(amount as Intl.StringNumericLiteral);
}

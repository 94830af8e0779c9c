import type { Notification } from '@pago/shared/contracts/notifications';
import { type Cents, formatUsd, type Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { formatPhone } from '@/lib/phone';

/** A notification's sentence in the active language, from its type and data. */
export function notificationText(t: TFunction, notification: Notification, locale: Locale): string {
  const { data, type } = notification;
  const owes =
    (type === 'deposit_returned' ||
      type === 'direct_deposit_returned' ||
      type === 'check_deposit_returned' ||
      type === 'card_funding_reversed') &&
    (data.owedCents ?? 0) > 0;
  // A dispute lost before any provisional credit: nothing to take back.
  const nothingBack = type === 'card_dispute_lost' && !data.date;
  // A payment's note, when the sender wrote one, is part of the sentence.
  const withNote = type === 'money_received' && Boolean(data.note);
  const key = owes
    ? `types.${type}_owed`
    : nothingBack
      ? 'types.card_dispute_lost_no_credit'
      : withNote
        ? 'types.money_received_note'
        : `types.${type}`;
  return t(key, {
    name: notification.actorName ?? t('someone'),
    amount: formatUsd((data.amountCents ?? 0) as Cents, locale),
    owed: formatUsd((data.owedCents ?? 0) as Cents, locale),
    phone: data.phone ? formatPhone(data.phone) : '',
    device: data.device ?? t('unknownDevice'),
    merchant: data.merchant ?? '',
    payer: data.payer ?? '',
    fee: formatUsd((data.feeCents ?? 0) as Cents, locale),
    reason: data.declineReason ? t(`cardDeclineReasons.${data.declineReason}`) : '',
    date: data.date
      ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          new Date(`${data.date}T12:00:00Z`),
        )
      : '',
    biller: data.biller ?? '',
    note: data.note ?? '',
    // A remittance's recipient by name; rows from before names were kept have only the phone.
    recipient: data.recipientName || (data.phone ? formatPhone(data.phone) : ''),
    provider: data.provider || t('externalProvider'),
    authorized: formatUsd((data.authorizedCents ?? 0) as Cents, locale),
    // A scheduled transfer's estimate (what arrives) and why a run sent nothing.
    received: data.payoutAmount ? `${data.payoutAmount} ${data.payoutCurrency ?? ''}`.trim() : '',
    failure: data.failureReason ? t(`scheduleFailureReasons.${data.failureReason}`) : '',
    currency: data.currency ?? '',
    rate: data.rate ?? '',
    target: data.targetRate ?? '',
    // Pídeme: what the relative asked for, in their currency.
    foreign:
      data.foreignAmount && data.currency
        ? new Intl.NumberFormat(locale === 'es' ? 'es-MX' : 'en-US', {
            style: 'currency',
            currency: data.currency,
            currencyDisplay: 'code',
          }).format(data.foreignAmount as Intl.StringNumericLiteral)
        : '',
    title: data.title ?? '',
  });
}

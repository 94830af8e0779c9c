import type { Notification } from '@pago/shared/contracts/notifications';
import { type Cents, formatUsd, type Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { formatPhone } from '@/lib/phone';

/** A notification's sentence in the active language, from its type and data. */
export function notificationText(t: TFunction, notification: Notification, locale: Locale): string {
  const { data, type } = notification;
  const owes = type === 'deposit_returned' && (data.owedCents ?? 0) > 0;
  return t(owes ? 'types.deposit_returned_owed' : `types.${type}`, {
    name: notification.actorName ?? t('someone'),
    amount: formatUsd((data.amountCents ?? 0) as Cents, locale),
    owed: formatUsd((data.owedCents ?? 0) as Cents, locale),
    phone: data.phone ? formatPhone(data.phone) : '',
    device: data.device ?? t('unknownDevice'),
    merchant: data.merchant ?? '',
    reason: data.declineReason ? t(`cardDeclineReasons.${data.declineReason}`) : '',
    biller: data.biller ?? '',
  });
}

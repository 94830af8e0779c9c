import type { MonitoringHit } from '@pago/shared/contracts/monitoring';
import { cents, formatUsd, type Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format';

const money = (value: unknown, locale: Locale) =>
  typeof value === 'number' ? formatUsd(cents(value), locale) : '—';
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

type Near = { amountCents?: number; totalCents?: number; lineCents: number; day?: string };

/**
 * A hit's reason in the reader's words, from the figures the rule stored (the server's `reason`
 * is English, for logs and API clients). Unknown shapes fall back to it.
 */
export function hitReason(
  hit: MonitoringHit,
  t: TFunction<'opsMonitoring'>,
  locale: Locale,
): string {
  const f = hit.figures;
  switch (hit.rule) {
    case 'structuring': {
      const transfers = (f.nearTransfers as Near[] | undefined) ?? [];
      const days = (f.nearDays as Near[] | undefined) ?? [];
      const parts: string[] = [];
      if (transfers.length > 0) {
        parts.push(
          t('reason.structuringTransfers', {
            count: transfers.length,
            hours: num(f.windowHours),
            percent: num(f.nearPercent),
            list: transfers
              .map((n) =>
                t('reason.under', {
                  amount: money(n.amountCents, locale),
                  line: money(n.lineCents, locale),
                }),
              )
              .join(', '),
          }),
        );
      }
      if (days.length > 0) {
        parts.push(
          t('reason.structuringDays', {
            count: days.length,
            list: days
              .map(
                (d) =>
                  `${d.day}: ${t('reason.under', {
                    amount: money(d.totalCents, locale),
                    line: money(d.lineCents, locale),
                  })}`,
              )
              .join(', '),
          }),
        );
      }
      return parts.length > 0 ? parts.join(' ') : hit.reason;
    }
    case 'new_account_outflow':
      return t('reason.newAccount', {
        count: num(f.ageDays),
        sent: money(f.sentCents, locale),
        received: money(f.receivedCents, locale),
        ratio: num(f.ratio),
      });
    case 'many_senders_one_recipient':
      return t('reason.manySenders', {
        recipient: typeof f.recipient === 'string' ? f.recipient : hit.subject,
        total: money(f.totalCents, locale),
        count: num(f.unrelatedSenders),
        senders: num(f.senders),
        days: num(f.windowDays),
      });
    case 'credential_change_then_send': {
      const fields = Array.isArray(f.fields) ? (f.fields as string[]) : [];
      return t('reason.credentialChange', {
        fields: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
          fields.map((field) => t(`fields.${field}`, { defaultValue: field })),
        ),
        when: typeof f.changedAt === 'string' ? formatDateTime(f.changedAt, locale) : '—',
        sent: money(f.sentCents, locale),
        hours: num(f.withinHours),
      });
    }
    default:
      return hit.reason;
  }
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Cents, formatUsd } from '@pago/shared/money';
import { formatReference } from '@pago/shared/reference';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { useBillPayments, useCancelCheck, useCancelSchedule, useSchedules } from '../api/billpay';
import { formatDay } from './bill-text';

const STATUS_COLOR = { processing: 'info', completed: 'success', failed: 'error' } as const;

/** The user's scheduled payments (cancel one) and their bill payments with their statuses. */
export function ScheduledBills({
  enabled,
  onReceipt,
}: {
  enabled: boolean;
  /** Opens a payment's receipt (the activity receipt, by its transfer). */
  onReceipt?: (transferId: string) => void;
}) {
  const { t } = useTranslation(['billpay', 'accountDetails']);
  const locale = useLocale();
  const schedules = useSchedules(enabled);
  const payments = useBillPayments(enabled);
  const cancelSchedule = useCancelSchedule();
  const cancelCheck = useCancelCheck();
  const [failed, setFailed] = useState(false);
  const usd = (amount: number) => formatUsd(amount as Cents, locale);
  if (!enabled) return null;
  const active = (schedules.data ?? []).filter((s) => s.status === 'active');

  const run = async (work: () => Promise<unknown>) => {
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 3 }}>
      {failed && (
        <Alert severity="error" role="alert">
          {t('scheduled.cancelFailed')}
        </Alert>
      )}
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('scheduled.title')}
        </Typography>
        {schedules.isError && (
          <LoadFailed onRetry={schedules.refetch} message={t('scheduled.loadFailed')} />
        )}
        {schedules.data && active.length === 0 && (
          <Typography color="text.secondary">{t('scheduled.none')}</Typography>
        )}
        <List aria-label={t('scheduled.title')}>
          {active.map((s) => (
            <ListItem
              key={s.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  disabled={cancelSchedule.isPending}
                  onClick={() => void run(() => cancelSchedule.mutateAsync(s.id))}
                >
                  {t('scheduled.cancel')}
                </Button>
              }
            >
              <ListItemText
                primary={`${s.billerName} · ${usd(s.amountCents)}`}
                secondary={
                  s.repeat === 'monthly'
                    ? t('scheduled.monthly', { date: formatDay(s.nextDate ?? '', locale) })
                    : t('scheduled.once', { date: formatDay(s.nextDate ?? '', locale) })
                }
                sx={{ pr: 12 }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('history.title')}
        </Typography>
        {payments.data?.length === 0 && (
          <Typography color="text.secondary">{t('history.none')}</Typography>
        )}
        <List aria-label={t('history.title')}>
          {(payments.data ?? []).map((p) => (
            <ListItem key={p.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={`${p.billerName} · ${usd(p.amountCents)}`}
                secondary={`${t(`pay.methodName.${p.method}`)} · ${t('history.expected', {
                  date: formatDay(p.expectedBy, locale),
                })}${p.partnerStatus ? ` · ${t(`history.partner.${p.partnerStatus}`, { defaultValue: p.partnerStatus })}` : ''}`}
              />
              <Chip
                size="small"
                color={p.underReview ? 'warning' : STATUS_COLOR[p.status]}
                label={t(
                  p.underReview ? 'history.status.underReview' : `history.status.${p.status}`,
                )}
              />
              {p.transferId && p.reference && onReceipt && (
                <Button
                  size="small"
                  onClick={() => onReceipt(p.transferId as string)}
                  aria-label={`${t('accountDetails:billReceipt.viewReceipt')} ${formatReference(p.reference)}`}
                >
                  {t('accountDetails:billReceipt.viewReceipt')}
                </Button>
              )}
              {p.cancelable && (
                <Button
                  size="small"
                  color="error"
                  disabled={cancelCheck.isPending}
                  onClick={() => void run(() => cancelCheck.mutateAsync(p.id))}
                >
                  {t('history.cancelCheck')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}

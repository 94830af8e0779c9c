import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { OpsQueueItem } from '@pago/shared/contracts/ops-queues';
import { cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, useLocale } from '@/lib/format';

/** How long something has waited, in the largest whole unit (minutes, hours, days). */
export function waited(
  since: string,
  now: Date,
): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A detail as staff read it: a moment in their format, a known code in words, else as stored. */
function useDetailText() {
  const { t } = useTranslation('opsQueues');
  const locale = useLocale();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'object') return JSON.stringify(value);
    const text = String(value);
    if (ISO_MOMENT.test(text)) return formatDateTime(text, locale);
    return t(`values.${text}`, { defaultValue: text });
  };
}

/** One item of a queue: the customer, the money, the deadline, the history and the actions. */
export function QueueItemCard({
  item,
  now,
  onAction,
}: {
  item: OpsQueueItem;
  now: Date;
  onAction(action: string): void;
}) {
  const { t } = useTranslation('opsQueues');
  const locale = useLocale();
  const detailText = useDetailText();
  const wait = waited(item.waitingSince, now);
  const details = Object.entries(item.details).filter(
    ([, value]) => value !== null && value !== undefined,
  );
  return (
    <Card
      variant="outlined"
      component="article"
      sx={item.overdue ? { borderColor: 'error.main', borderWidth: 2 } : undefined}
    >
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, flex: '1 1 auto' }}>
            {item.customer ? item.customer.name : t(`queues.${item.queue}.title`)}
            {item.money && ` · ${formatUsd(cents(item.money.amountCents), locale)}`}
          </Typography>
          {item.overdue && <Chip color="error" label={t('overdue')} size="small" />}
        </Box>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {t(`values.${item.title}`, { defaultValue: item.title })}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            '& dd': { m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' },
          }}
        >
          {item.customer && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('customer')}
              </Typography>
              <Typography component="dd">
                <RouterLink to={`/ops/customers/${item.customer.id}`}>
                  {item.customer.name}
                </RouterLink>
                {' · '}
                {item.customer.email}
              </Typography>
            </>
          )}
          {item.money && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('money')}
              </Typography>
              <Typography component="dd">
                {t('amountAndFee', {
                  amount: formatUsd(cents(item.money.amountCents), locale),
                  fee: formatUsd(cents(item.money.feeCents), locale),
                  currency: item.money.currency,
                })}
              </Typography>
            </>
          )}
          <Typography component="dt" color="text.secondary">
            {t('waiting')}
          </Typography>
          <Typography component="dd">
            {t(`waited.${wait.unit}`, { count: wait.count })} ·{' '}
            {formatDateTime(item.waitingSince, locale)}
          </Typography>
          {item.dueBy && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('dueBy')}
              </Typography>
              <Typography
                component="dd"
                color={item.overdue ? 'error' : undefined}
                sx={item.overdue ? { fontWeight: 700 } : undefined}
              >
                {formatDateTime(item.dueBy, locale)}
                {item.overdue && ` · ${t('overdue')}`}
              </Typography>
            </>
          )}
          {details.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {t(`details.${key}`, { defaultValue: key })}
              </Typography>
              <Typography component="dd">{detailText(value)}</Typography>
            </Box>
          ))}
        </Box>
        {item.history.length > 0 && (
          <Box component="details" sx={{ mt: 1 }}>
            <Typography component="summary" sx={{ cursor: 'pointer' }}>
              {t('history', { count: item.history.length })}
            </Typography>
            <Box component="ol" sx={{ pl: 3, my: 1 }}>
              {item.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  {formatDateTime(entry.at, locale)} ·{' '}
                  {t(`status.${entry.status}`, { defaultValue: entry.status })}
                  {entry.note && ` · ${entry.note}`}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
      {item.actions.length > 0 && (
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {item.actions.map((action) => (
            <Button
              key={action}
              variant={action === 'refresh' || action === 'rerun' ? 'outlined' : 'contained'}
              color={action === 'cancel' || action === 'dismiss' ? 'error' : 'primary'}
              onClick={() => onAction(action)}
            >
              {t(`actions.${item.queue}.${action}`)}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}

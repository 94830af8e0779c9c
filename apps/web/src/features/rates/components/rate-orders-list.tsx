import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RateOrder } from '@pago/shared/contracts/rates';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { formatRate, useLocale } from '@/lib/format';
import { useCancelRateOrder, useRateOrders } from '../api/rates';

/** The person's rate orders, what they reserve ("Reservado"), and a cancel for waiting ones. */
export function RateOrdersList() {
  const { t } = useTranslation(['rates', 'errors']);
  const locale = useLocale();
  const orders = useRateOrders();
  const cancel = useCancelRateOrder();
  if (!orders.data || orders.data.items.length === 0) return null;
  const { items, reservedCents } = orders.data;
  return (
    <Box component="section" aria-labelledby="rate-orders-list" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="rate-orders-list" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('orders.list')}
      </Typography>
      {reservedCents > 0 && (
        <Typography data-testid="rate-orders-reserved">
          {t('orders.reserved', { amount: formatUsd(reservedCents, locale) })}
        </Typography>
      )}
      {cancel.isError && (
        <Alert severity="error" role="alert">
          {errorText(t, cancel.error) ?? t('orders.cancelFailed')}
        </Alert>
      )}
      {items.map((order: RateOrder) => (
        <Paper key={order.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {t('orders.item', {
                amount: formatUsd(order.amountCents, locale),
                name: order.recipientName,
              })}
            </Typography>
            <Chip size="small" label={t(`orders.status.${order.status}`)} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {order.status === 'sent' && order.sentRate
              ? t('orders.sentAt', {
                  rate: formatRate(order.sentRate, locale),
                  currency: order.currency,
                })
              : t('orders.waitingFor', {
                  rate: formatRate(order.targetRate, locale),
                  currency: order.currency,
                  date: new Intl.DateTimeFormat(locale, {
                    day: 'numeric',
                    month: 'short',
                    timeZone: 'UTC',
                  }).format(new Date(`${order.lastDate}T12:00:00Z`)),
                })}
          </Typography>
          {order.status === 'waiting' && (
            <Button
              size="small"
              onClick={() => cancel.mutate(order.id)}
              disabled={cancel.isPending}
              sx={{ justifySelf: 'start' }}
            >
              {t('orders.cancel')}
            </Button>
          )}
        </Paper>
      ))}
    </Box>
  );
}

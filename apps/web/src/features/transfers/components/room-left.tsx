import Typography from '@mui/material/Typography';
import { type Cents, formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { useLimits } from '@/lib/wallet';

/**
 * How much the person can still send: per transfer, today and this month (the server refuses a
 * quote over it with the same figures). Nothing while loading or if the limits can't be read.
 */
export function RoomLeft() {
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  const limits = useLimits();
  if (!limits.data) return null;
  const usd = (amount: Cents) => formatUsd(amount, locale);
  const { perTransactionCents, day, month } = limits.data;
  return (
    <Typography variant="body2" color="text.secondary" role="note">
      {t('room.left', {
        perTransfer: usd(perTransactionCents),
        today: usd(day.remainingCents),
        month: usd(month.remainingCents),
      })}
    </Typography>
  );
}

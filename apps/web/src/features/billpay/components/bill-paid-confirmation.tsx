import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatUsd } from '@pago/shared/money';
import { formatReference } from '@pago/shared/reference';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '@/lib/format';

/**
 * A bill paid now, confirmed: to whom, how much, when, and its reference (the one format, the
 * same as every receipt's), with its receipt a tap away. Stays until dismissed or the next payment.
 */
export function BillPaidConfirmation({
  paid,
  onReceipt,
  onDismiss,
}: {
  paid: Transfer;
  onReceipt?: () => void;
  onDismiss(): void;
}) {
  const { t } = useTranslation(['accountDetails', 'billpay']);
  const locale = useLocale();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="bill-paid-title"
      data-testid="bill-paid-confirmation"
      sx={{ p: 2, mb: 3, display: 'grid', gap: 1 }}
    >
      <Typography id="bill-paid-title" variant="h6" component="h2">
        {t('billReceipt.title', {
          biller: paid.counterparty?.name ?? '',
          amount: formatUsd(paid.totalCents, locale),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(paid.createdAt, locale)}
      </Typography>
      <Typography>
        {t('billReceipt.reference')}:{' '}
        <Box component="strong" sx={{ fontFamily: 'monospace' }} data-testid="bill-reference">
          {formatReference(paid.reference)}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {onReceipt && (
          <Button variant="contained" onClick={onReceipt} aria-haspopup="dialog">
            {t('billReceipt.viewReceipt')}
          </Button>
        )}
        <Button onClick={onDismiss}>{t('billReceipt.dismiss')}</Button>
      </Box>
    </Paper>
  );
}

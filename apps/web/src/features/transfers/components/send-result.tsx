import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatUsd } from '@pago/shared/money';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

/**
 * What a send did, at the top of the view (scrolled to and focused, so a phone shows it at once):
 * its status, amount and person, with "Ver recibo" and "Enviar otra vez". It replaces the form,
 * so no message of an earlier send stays behind.
 */
export function SendResult({
  transfer,
  person,
  onReceipt,
  onAgain,
  onDone,
}: {
  transfer: Transfer;
  person: string;
  onReceipt(): void;
  onAgain(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);
  const failed = transfer.status === 'failed' || transfer.status === 'refunded';
  // Held for a sanctions review: accepted (202), not sent yet.
  const review = transfer.status === 'processing' && transfer.details.underReview === true;

  return (
    <Paper
      variant="outlined"
      data-testid="send-result"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, textAlign: 'center' }}
    >
      <Typography ref={headingRef} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 0 }}>
        {t(
          `result.title.${failed ? 'failed' : review ? 'review' : transfer.status === 'processing' ? 'processing' : 'sent'}`,
        )}
      </Typography>
      <Typography sx={{ fontSize: { xs: 36, sm: 44 }, fontWeight: 800, lineHeight: 1.2 }}>
        {formatUsd(transfer.amountCents, locale)}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{t('result.to', { name: person })}</Typography>
      <Alert
        severity={failed ? 'error' : review ? 'info' : 'success'}
        role="status"
        sx={{ textAlign: 'start' }}
      >
        {t(review ? 'result.status.review' : `result.status.${transfer.status}`)}
        {transfer.feeCents === 0 && !failed && !review ? ` ${t('result.noFee')}` : ''}
      </Alert>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Button variant="contained" onClick={onReceipt}>
          {t('result.receipt')}
        </Button>
        <Button variant="outlined" onClick={onAgain}>
          {t('result.again')}
        </Button>
        <Button onClick={onDone}>{t('result.done')}</Button>
      </Box>
    </Paper>
  );
}

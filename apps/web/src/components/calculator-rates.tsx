import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RateHistoryChart } from './rate-history-chart';

/**
 * What the send calculator shows of the rate (docs/rates.md): the 30-day chart of the payout
 * currency and the way to rate alerts and sending at a target rate. Nothing for a dollar corridor.
 */
export function CalculatorRates({ currency }: { currency: string }) {
  const { t } = useTranslation('rates');
  if (currency === 'USD') return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <RateHistoryChart currency={currency} />
      <Link component={RouterLink} to={`/send-home/rates?currency=${currency}`}>
        {t('link')}
      </Link>
    </Box>
  );
}

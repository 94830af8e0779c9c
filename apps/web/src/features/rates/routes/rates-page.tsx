import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RATE_CURRENCIES } from '@pago/shared/contracts/rates';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RateHistoryChart } from '@/components/rate-history-chart';
import { usePageTitle } from '@/lib/page-title';
import { RateAlertsSection } from '../components/rate-alerts-section';
import { RateOrderForm } from '../components/rate-order-form';
import { RateOrdersList } from '../components/rate-orders-list';

/** The rate working for the sender: the 30-day chart, rate alerts, and send at my rate. */
export default function RatesPage() {
  const { t } = useTranslation('rates');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const asked = params.get('currency') ?? '';
  const currency = (RATE_CURRENCIES as string[]).includes(asked) ? asked : 'MXN';
  return (
    <Container
      maxWidth="sm"
      sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}
    >
      <div>
        <Link component={RouterLink} to="/send-home">
          {t('back')}
        </Link>
        <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </div>
      <RateHistoryChart currency={currency} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <RateAlertsSection currency={currency} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('orders.title')}
        </Typography>
        <Typography color="text.secondary">{t('orders.intro')}</Typography>
        <RateOrderForm />
        <RateOrdersList />
      </Paper>
    </Container>
  );
}

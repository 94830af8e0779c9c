import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReceiptDialog } from '@/features/activity/components/receipt-dialog';
import { StatementsList } from '@/features/banking/components/statements-list';
import { usePageTitle } from '@/lib/page-title';
import { ActivityPanel } from './activity-panel';

/**
 * "Ver todo" from the home screen: every transfer with receipts and the CSV, the limits, and the
 * wallet's monthly statements. `?receipt=<transfer id>` opens that transfer's receipt over it
 * (where a notification leads).
 */
export default function ActivityPage() {
  const { t } = useTranslation('activity');
  usePageTitle(t('activity.pageTitle'));
  const [params, setParams] = useSearchParams();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 3 }}>
        {t('activity.pageTitle')}
      </Typography>
      <ActivityPanel />
      <Paper variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
        <StatementsList />
      </Paper>
      <ReceiptDialog
        transferId={params.get('receipt')}
        onClose={() => setParams({}, { replace: true })}
      />
    </Container>
  );
}

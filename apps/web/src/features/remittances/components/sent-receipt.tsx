import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useTracking } from '../api/remittances';
import { trackingPath } from '../lib/send-home';
import { RemittanceReceipt } from './remittance-disclosure';

/** After paying: the receipt the rule requires, from the server's record, and the tracking page. */
export function SentReceipt({ transferId }: { transferId: string }) {
  const { t } = useTranslation('remittances');
  const tracking = useTracking(transferId);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        {t('receipt.sent')}
      </Alert>
      {tracking.isPending ? (
        <Loading>
          <Skeleton height={160} />
        </Loading>
      ) : tracking.isError ? (
        <LoadFailed message={t('receipt.loadFailed')} onRetry={() => tracking.refetch()} />
      ) : (
        <RemittanceReceipt tracking={tracking.data} />
      )}
      <Button
        component={RouterLink}
        to={trackingPath(transferId)}
        variant="contained"
        sx={{ justifySelf: 'start' }}
      >
        {t('links.track')}
      </Button>
    </Box>
  );
}

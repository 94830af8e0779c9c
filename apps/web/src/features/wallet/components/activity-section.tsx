import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useActivity } from '../api/wallet';
import { ActivityList } from './activity-list';
import { ExportCsv } from './export-csv';
import { ReceiptDialog } from './receipt-dialog';

/** The latest transfers, more on request (cursor paging), a receipt for each, and the CSV export. */
export function ActivitySection() {
  const { t } = useTranslation('wallet');
  const activity = useActivity();
  const [openId, setOpenId] = useState<string | null>(null);
  const transfers = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const pages = activity.data?.pages.length ?? 0;

  return (
    <SectionCard title={t('activity.title')}>
      {activity.isPending ? (
        <Loading>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} />
          ))}
        </Loading>
      ) : activity.isError ? (
        <LoadFailed onRetry={activity.refetch} message={t('activity.loadFailed')} />
      ) : transfers.length === 0 ? (
        <Typography color="text.secondary">{t('activity.empty')}</Typography>
      ) : (
        <>
          <ActivityList transfers={transfers} onOpen={(transfer) => setOpenId(transfer.id)} />
          {activity.hasNextPage && (
            <Button
              onClick={() => void activity.fetchNextPage()}
              disabled={activity.isFetchingNextPage}
              sx={{ alignSelf: 'flex-start' }}
            >
              {activity.isFetchingNextPage
                ? t('common:status.loading')
                : pages === 1
                  ? t('activity.seeAll')
                  : t('activity.more')}
            </Button>
          )}
          {activity.isFetchNextPageError && (
            <Alert severity="error" role="alert">
              {t('activity.loadFailed')}
            </Alert>
          )}
        </>
      )}
      <Divider />
      <ExportCsv />
      <ReceiptDialog transferId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useActivity } from '../api/activity';
import { ActivityList } from './activity-list';
import { ExportCsv } from './export-csv';
import { ReceiptDialog } from './receipt-dialog';

/** How many of the latest transfers the home screen shows; "Ver todo" leads to the rest. */
export const RECENT_ACTIVITY = 5;

/**
 * The latest transfers, a receipt for each. In full (`/activity`): more on request (cursor
 * paging) and the CSV export. As `recent` (the home screen): the first few, "Ver todo" to the
 * full list, and with none yet a friendly word and `emptyAction`. One query either way.
 */
export function ActivitySection({
  recent = false,
  emptyAction,
}: {
  recent?: boolean;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('activity');
  const activity = useActivity();
  const [openId, setOpenId] = useState<string | null>(null);
  const all = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const transfers = recent ? all.slice(0, RECENT_ACTIVITY) : all;
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
        <>
          <Typography color="text.secondary">{t('activity.empty')}</Typography>
          {emptyAction}
        </>
      ) : recent ? (
        <>
          <ActivityList transfers={transfers} onOpen={(transfer) => setOpenId(transfer.id)} />
          <Button component={RouterLink} to="/activity" sx={{ alignSelf: 'flex-start' }}>
            {t('activity.seeAll')}
          </Button>
        </>
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
      {!recent && (
        <>
          <Divider />
          <ExportCsv />
        </>
      )}
      <ReceiptDialog transferId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

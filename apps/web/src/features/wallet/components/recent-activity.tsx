import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { useActivity } from '../api/wallet';
import { ActivityList } from './activity-list';
import { ReceiptDialog } from './receipt-dialog';

/** How many of the latest transfers the home screen shows; "Ver todo" leads to the rest. */
export const RECENT_ACTIVITY = 5;

/**
 * The home screen's latest transfers (the same query as the full activity, so it stays fresh),
 * each opening its receipt; with none yet, a friendly word and `emptyAction`.
 */
export function RecentActivity({ emptyAction }: { emptyAction: ReactNode }) {
  const { t } = useTranslation('wallet');
  const activity = useActivity();
  const [openId, setOpenId] = useState<string | null>(null);
  const latest = (activity.data?.pages[0]?.items ?? []).slice(0, RECENT_ACTIVITY);

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
      ) : latest.length === 0 ? (
        <>
          <Typography color="text.secondary">{t('activity.empty')}</Typography>
          {emptyAction}
        </>
      ) : (
        <>
          <ActivityList transfers={latest} onOpen={(transfer) => setOpenId(transfer.id)} />
          <Button component={RouterLink} to="/activity" sx={{ alignSelf: 'flex-start' }}>
            {t('activity.seeAll')}
          </Button>
        </>
      )}
      <ReceiptDialog transferId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

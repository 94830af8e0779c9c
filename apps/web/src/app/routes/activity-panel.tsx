import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { Loading } from '@/components/ui/query-state';
import { ActivitySection } from '@/features/activity/components/activity-section';
import { LimitsSection } from '@/features/wallet/components/limits-section';

/**
 * All of the activity ("Ver todo" from the home screen): limits left, and every transfer with
 * receipts and a CSV export. The balance is the home screen's alone. The 'activity' and 'wallet'
 * translations load with the panel, behind its own placeholder.
 */
export function ActivityPanel() {
  return (
    <Suspense fallback={<ActivityPanelSkeleton />}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ActivitySection />
        <LimitsSection />
      </Box>
    </Suspense>
  );
}

function ActivityPanelSkeleton() {
  return (
    <Loading sx={{ display: 'grid', gap: 3 }}>
      <Skeleton variant="rounded" height={320} />
      <Skeleton variant="rounded" height={180} />
    </Loading>
  );
}

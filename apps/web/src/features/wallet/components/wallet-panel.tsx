import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { Loading } from '@/components/ui/query-state';
import { ActivitySection } from './activity-section';
import { BalanceSection } from './balance-section';
import { LimitsSection } from './limits-section';

const GRID = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

/**
 * The wallet on the dashboard: balance (with sandbox test money), limits left, and activity with
 * receipts and a CSV export. Each part loads on its own; the 'wallet' translations load with the
 * panel, behind its own placeholder so the rest of the page does not wait for them.
 */
export function WalletPanel() {
  return (
    <Suspense fallback={<WalletPanelSkeleton />}>
      <Box sx={GRID}>
        <BalanceSection />
        <LimitsSection />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ActivitySection />
        </Box>
      </Box>
    </Suspense>
  );
}

function WalletPanelSkeleton() {
  return (
    <Loading sx={GRID}>
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={320} sx={{ gridColumn: '1 / -1' }} />
    </Loading>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';

export const SKELETON_CARDS = 4;

/** Spec §2: four placeholder cards while the profile loads, in the layout the real cards take. */
export function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box role="status" aria-live="polite">
        <Box component="span" sx={visuallyHidden}>
          {t('loading')}
        </Box>
      </Box>
      <Box aria-hidden>
        <Skeleton variant="text" width={220} sx={{ fontSize: '2.125rem' }} />
        <Skeleton variant="text" width={280} sx={{ mb: 3 }} />
        <Box
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
        >
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton
              key={index}
              data-testid="dashboard-skeleton-card"
              variant="rounded"
              height={280}
            />
          ))}
        </Box>
      </Box>
    </Container>
  );
}

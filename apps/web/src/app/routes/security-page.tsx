import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { ChangePasswordCard } from '@/features/accounts/components/change-password-card';
import { SessionsCard } from '@/features/accounts/components/sessions-card';
import { TwoStepCard } from '@/features/accounts/components/two-step-card';
import { usePageTitle } from '@/lib/page-title';

/** Sign-in security: two-step codes, change of password, active sessions. */
export default function SecurityPage() {
  const { t } = useTranslation(['security', 'dashboard']);
  usePageTitle(t('title'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/profile" sx={{ display: 'inline-block', mb: 1 }}>
        {t('dashboard:profilePage.title')}
      </Link>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <SectionCard title={t('twoStep.title')}>
          <TwoStepCard />
        </SectionCard>
        <SectionCard title={t('password.title')}>
          <ChangePasswordCard />
        </SectionCard>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <SectionCard title={t('sessions.title')}>
            <SessionsCard />
          </SectionCard>
        </Box>
      </Box>
    </Container>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { IdentityFailureReason, IdentitySettings } from '@pago/shared/contracts/identity';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailRows } from '@/components/ui/detail-rows';
import { OutlinedSection } from '@/components/ui/outlined-section';
import { LoadFailed } from '@/components/ui/query-state';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { formatDateTime, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { getStoredVerificationService } from '@/lib/session-storage';
import { useIdentitySettings } from '../api/identity';
import { chooseProvider, type DisplayedStatus, displayedStatus } from '../lib/identity-status';

const STATUS_COLOR = {
  verified: 'success',
  unverified: 'default',
  completed: 'primary',
  pending: 'warning',
  failed: 'error',
} as const satisfies Record<DisplayedStatus, string>;

/**
 * Where the person's identity verification stands (the access guard lets the unverified see it):
 * the status, the provider, the last change, and what to do next. While the answers are
 * reviewed it asks again every few seconds.
 */
export default function IdentityVerificationPage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('verification.title'));
  const settings = useIdentitySettings({ pollWhileInReview: true });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <TitleAndIntro title={t('verification.title')} intro={t('verification.intro')} />
      {settings.isPending ? (
        <Box role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
          {t('common:status.loading')}
        </Box>
      ) : settings.isError ? (
        <LoadFailed onRetry={settings.refetch} message={t('verification.loadFailed')} />
      ) : (
        <StatusCard settings={settings.data} />
      )}
    </Container>
  );
}

function StatusCard({ settings }: { settings: IdentitySettings }) {
  const { t } = useTranslation('identity');
  const locale = useLocale();
  const identity = settings.status;
  const status = displayedStatus(identity);
  // The provider of the latest attempt; before any, the one the next attempt will use.
  const provider =
    (identity.updatedAt ? identity.verificationService : null) ??
    chooseProvider(getStoredVerificationService(), settings);

  return (
    <>
      <OutlinedSection
        title={t('verification.summary')}
        heading={{ variant: 'h6', component: 'h2', sx: { mb: 2 } }}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
      >
        <DetailRows
          rows={[
            {
              label: t('verification.status'),
              value: (
                <Chip
                  size="small"
                  color={STATUS_COLOR[status]}
                  label={t(`verification.statuses.${status}`)}
                />
              ),
            },
            { label: t('verification.provider'), value: t(`providers.${provider}`) },
            ...(identity.legalName
              ? [{ label: t('verification.legalName'), value: identity.legalName }]
              : []),
            {
              label: t('verification.lastUpdate'),
              value: identity.updatedAt
                ? formatDateTime(identity.updatedAt, locale)
                : t('verification.noAttempts'),
            },
          ]}
        />
      </OutlinedSection>
      <NextStep status={status} failureReason={identity.failureReason} />
    </>
  );
}

/** What to do next: start or resume, try again, wait for the review, or nothing at all. */
function NextStep({
  status,
  failureReason,
}: {
  status: DisplayedStatus;
  failureReason: IdentityFailureReason | null;
}) {
  const { t } = useTranslation('identity');
  const action = {
    unverified: { to: '/onboarding/verify', label: t('verification.actions.start') },
    pending: { to: '/onboarding/verify', label: t('verification.actions.resume') },
    failed: { to: '/onboarding/verify', label: t('verification.actions.retry') },
    verified: { to: '/dashboard', label: t('verification.actions.dashboard') },
    completed: null,
  }[status];

  return (
    <OutlinedSection
      title={t('verification.next.title')}
      heading={{ variant: 'h6', component: 'h2', sx: { mb: 1 } }}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box role={status === 'completed' ? 'status' : undefined} sx={{ display: 'flex', gap: 1.5 }}>
        {status === 'completed' && (
          <CircularProgress size={20} aria-hidden sx={{ mt: 0.25, flexShrink: 0 }} />
        )}
        <Typography sx={{ mb: action ? 2 : 0 }}>
          {status === 'failed' && failureReason
            ? t(`failureReasons.${failureReason}`)
            : t(`verification.next.${status}`)}
        </Typography>
      </Box>
      {action && (
        <Button
          variant="contained"
          component={RouterLink}
          to={action.to}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {action.label}
        </Button>
      )}
    </OutlinedSection>
  );
}

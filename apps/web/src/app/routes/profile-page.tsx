import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { YourDataCard } from '@/features/account-rights/components/your-data-card';
import { BalanceCard } from '@/features/accounts/components/balance-card';
import { ProfileCard } from '@/features/accounts/components/profile-card';
import { ProfileQrCard } from '@/features/accounts/components/profile-qr-card';
import { TimeZoneCard } from '@/features/accounts/components/time-zone-card';
import { PROFILE_SUCCESS_MS } from '@/features/accounts/lib/profile-display';
import { SignInMethod } from '@/features/banking/components/sign-in-method';
import { ExternalBankAccounts } from '@/features/plaid/components/external-bank-accounts';
import { isLanguage } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { DashboardSkeleton } from './dashboard-skeleton';
import { ProfileLoadFailed } from './profile-load-failed';

// The editor brings the form library, zod and the phone metadata: loaded when first wanted.
const loadEditor = () => import('@/features/accounts/components/edit-profile-dialog');
const EditProfileDialog = lazy(() =>
  loadEditor().then((module) => ({ default: module.EditProfileDialog })),
);
const VerifyPhoneDialog = lazy(() =>
  import('@/features/phone/components/verify-phone-dialog').then((module) => ({
    default: module.VerifyPhoneDialog,
  })),
);

/**
 * The profile (what the dashboard held before the home screen): the account (profile,
 * QR code, editor), the phone's SMS verification, the account's status and the linked banks
 * (plaid). The wallet is the account: its numbers are on /direct-deposit, its statements on
 * /activity.
 */
export default function ProfilePage() {
  const { t, i18n } = useTranslation(['dashboard', 'accounts', 'phone', 'security', 'banking']);
  const locale = isLanguage(i18n.language) ? i18n.language : 'es';
  usePageTitle(t('profilePage.title'));
  const { user, loading } = useSession();
  const [editing, setEditing] = useState(false);
  const [editorWanted, setEditorWanted] = useState(false);
  // Bumped on each save, so a second save restarts the 3 s of the success message.
  const [savedCount, setSavedCount] = useState(0);
  const [showSaved, setShowSaved] = useState(false);
  const [verifyingPhone, setVerifyingPhone] = useState(false);
  const [phoneVerified, setPhoneVerified] = useState(false);

  useEffect(() => {
    if (savedCount === 0) return;
    setShowSaved(true);
    const timer = window.setTimeout(() => setShowSaved(false), PROFILE_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [savedCount]);

  const closeEditor = useCallback(() => setEditing(false), []);
  const markSaved = useCallback(() => setSavedCount((count) => count + 1), []);
  const closePhoneDialog = useCallback(() => setVerifyingPhone(false), []);
  const markPhoneVerified = useCallback(() => {
    setVerifyingPhone(false);
    setPhoneVerified(true);
  }, []);

  if (!user && loading) return <DashboardSkeleton />;

  if (!user) return <ProfileLoadFailed title={t('profilePage.title')} />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('profilePage.title')}
      </Typography>
      <Link component={RouterLink} to="/security" sx={{ display: 'inline-block', mb: 3 }}>
        {t('security:profileLink')}
      </Link>

      <Box aria-live="polite" sx={{ mb: showSaved || phoneVerified ? 3 : 0 }}>
        {showSaved && <Alert severity="success">{t('accounts:edit.success')}</Alert>}
        {phoneVerified && (
          <Alert severity="success" onClose={() => setPhoneVerified(false)}>
            {t('phone:success')}
          </Alert>
        )}
      </Box>

      <SignInMethod />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ProfileCard
          user={user}
          onEdit={() => {
            setEditorWanted(true);
            setEditing(true);
          }}
          onEditIntent={() => void loadEditor()}
          onVerifyPhone={() => {
            setPhoneVerified(false);
            setVerifyingPhone(true);
          }}
        />
        <BalanceCard user={user} locale={locale} />
        <SectionCard title={t('accounts:qr.title')}>
          <ProfileQrCard user={user} />
        </SectionCard>
        <TimeZoneCard user={user} />
        <Box id="banks" sx={{ scrollMarginTop: 80 }}>
          <SectionCard title={t('bankAccounts.title')}>
            <ExternalBankAccounts />
          </SectionCard>
        </Box>
        <YourDataCard />
      </Box>

      {verifyingPhone && user.phone && (
        <Suspense fallback={null}>
          <VerifyPhoneDialog
            open
            phone={user.phone}
            onClose={closePhoneDialog}
            onVerified={markPhoneVerified}
          />
        </Suspense>
      )}
      {editorWanted && (
        <Suspense fallback={null}>
          <EditProfileDialog open={editing} user={user} onClose={closeEditor} onSaved={markSaved} />
        </Suspense>
      )}
    </Container>
  );
}

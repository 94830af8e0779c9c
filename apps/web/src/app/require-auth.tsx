import Box from '@mui/material/Box';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useSession } from '@/lib/session';
import {
  EXEMPT_FROM_IDENTITY_REDIRECT,
  IDENTITY_ONBOARDING_PATH,
  useVerificationStatus,
} from '@/lib/verification';

/**
 * The access guard (spec §4). Signed-out visitors go to /login, which sends them back here after
 * signing in. With `requireVerification`, the profile is fetched afresh (a provider may have
 * finished since the session started) and the unverified go to /onboarding/verify.
 */
export function RequireAuth({ requireVerification = false }: { requireVerification?: boolean }) {
  const { isAuthenticated, loading, error } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const wasSignedIn = useRef(false);
  if (isAuthenticated) wasSignedIn.current = true;
  if (loading) return <PageLoading label={t('status.loading')} />;
  if (!isAuthenticated) {
    // Someone who logged out here (signed in a moment ago, no session error) starts afresh after
    // logging in again; an expired session or a first visit comes back to this page.
    const loggedOut = wasSignedIn.current && !error;
    return <Navigate to="/login" replace state={loggedOut ? null : { from: location }} />;
  }
  if (requireVerification) return <RequireVerifiedIdentity />;
  return <Outlet />;
}

function RequireVerifiedIdentity() {
  // Its texts come with the account pages' namespace, not the first load (the layout's Suspense
  // shows Loading... meanwhile).
  const { t } = useTranslation('accounts');
  const { pathname } = useLocation();
  const status = useVerificationStatus();

  if (status === 'checking') return <PageLoading label={t('guard.checking')} />;
  if (status === 'error') {
    // Plain text on purpose: this guard is in the first load, MUI's Alert is not.
    return (
      <Box role="alert" sx={{ minHeight: '100vh', py: 10, px: 2, textAlign: 'center' }}>
        {t('guard.checkFailed')}
      </Box>
    );
  }
  if (status === 'not_verified' && !EXEMPT_FROM_IDENTITY_REDIRECT.includes(pathname)) {
    return <Navigate to={IDENTITY_ONBOARDING_PATH} replace />;
  }
  return <Outlet />;
}

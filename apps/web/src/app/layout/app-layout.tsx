import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppStatus } from '@/components/app-status';
import { PageLoading } from '@/components/ui/page-loading';
import { OPEN_SIGNUP_MODAL } from '@/lib/events';
import { loadErrorTexts } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { Footer } from './footer';
import { Header } from './header';

const SignupModal = lazy(async () => {
  const [modal] = await Promise.all([
    import('@/features/accounts/components/signup-modal'),
    loadErrorTexts(),
  ]);
  return modal;
});

export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [signupOpen, setSignupOpen] = useState(false);
  const [signupLoaded, setSignupLoaded] = useState(false);

  // Any part of the page may ask for the signup dialog through the page-wide event (spec §2).
  useEffect(() => {
    const open = () => {
      setSignupLoaded(true);
      setSignupOpen(true);
    };
    window.addEventListener(OPEN_SIGNUP_MODAL, open);
    return () => window.removeEventListener(OPEN_SIGNUP_MODAL, open);
  }, []);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <AppStatus />
      {/* Staff froze the account for review (docs/ops-console.md): said on every page. */}
      {user?.accountFrozen && (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
          {t('accountFrozen')}
        </Alert>
      )}
      <Box component="main" id="main" sx={{ flex: 1 }}>
        <Suspense fallback={<PageLoading label={t('status.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {signupLoaded && (
        <Suspense fallback={null}>
          <SignupModal open={signupOpen} onClose={() => setSignupOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useSession } from '@/lib/session';

/** Signed-out visitors go to /login, which sends them back here after signing in (spec §2). */
export function RequireAuth() {
  const { isAuthenticated, loading } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) return <PageLoading label={t('status.loading')} />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

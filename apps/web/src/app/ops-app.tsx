import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { OpsLayout } from '@/features/ops/components/ops-layout';
import OpsLoginPage from '@/features/ops/routes/ops-login-page';
import { hasRole } from '@/lib/ops-api';
import { OpsSessionProvider, useOpsSession } from '@/lib/ops-session';
import { opsPages } from './ops-pages';

/**
 * The operations console under /ops: its own sign-in, its own session (sessionStorage) and its own
 * frame; the customer's app never links here, and nothing of the customer's layout shows.
 */
export default function OpsApp() {
  return (
    <OpsSessionProvider>
      <OpsRoutes />
    </OpsSessionProvider>
  );
}

const namespaces = ['ops', ...new Set(opsPages.flatMap((page) => page.namespaces ?? []))];

function OpsRoutes() {
  const { staff } = useOpsSession();
  const { t } = useTranslation(namespaces);
  return (
    <Suspense fallback={<PageLoading label={t('ops:common.loading')} />}>
      {useRoutes([
        {
          path: 'login',
          element: staff ? <Navigate to="/ops" replace /> : <OpsLoginPage />,
        },
        { path: '*', element: staff ? <OpsShell /> : <Navigate to="/ops/login" replace /> },
      ])}
    </Suspense>
  );
}

function OpsShell() {
  const { staff, signOut } = useOpsSession();
  const { t } = useTranslation(namespaces);
  const pages = useMemo(() => opsPages.filter((page) => hasRole(staff, page.roles)), [staff]);
  const nav = pages
    .filter((page) => page.navLabelKey)
    .map((page) => ({ to: `/ops/${page.path}`, label: t(page.navLabelKey ?? '') }));
  const routes = useRoutes([
    { index: true, element: <Navigate to={nav[0]?.to ?? '/ops/approvals'} replace /> },
    ...pages.map(({ path, Page }) => ({ path, element: <Page /> })),
    { path: '*', element: <p>{t('ops:common.forbidden')}</p> },
  ]);
  if (!staff) return null;
  return (
    <OpsLayout staff={staff} nav={nav} onSignOut={() => void signOut()}>
      <Suspense fallback={<PageLoading label={t('ops:common.loading')} />}>{routes}</Suspense>
    </OpsLayout>
  );
}

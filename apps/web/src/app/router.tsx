import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import LandingPage from '@/features/landing/routes/landing-page';
import { AppLayout } from './layout/app-layout';
import { lazyPage } from './lazy-page';

// The landing page ships with the shell (it is the first page most people see, and a lazy chunk
// would add a round trip before it paints). The table of every other page is a chunk of its own
// (./page-routes.tsx), with the feature slots only those pages use: with each page's list of
// files to preload they were about 5 KiB (gzip) of the landing page's first load
// (docs/benchmarks.md). Another page's first visit fetches it, then the page, under the layout's
// "Loading".
const PageRoutes = lazy(() => import('./page-routes'));

// The operations console (staff only; docs/ops-console.md): its own shell, outside the customer's.
const OpsApp = lazyPage(() => import('./ops-app'));

export const appRoutes: RouteObject[] = [
  {
    path: '/ops/*',
    element: (
      <Suspense fallback={null}>
        <OpsApp />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <PageRoutes /> },
    ],
  },
];

/** Declarative routing: the data-router APIs (loaders, actions) are unused and stay out of the bundle. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

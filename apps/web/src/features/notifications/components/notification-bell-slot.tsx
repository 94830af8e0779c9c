import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session-context';

// The bell, its live stream and TanStack Query arrive in their own chunk, once signed in: the
// landing page's first load does not grow.
const NotificationBell = lazy(() => import('./notification-bell'));

/** The header's notification bell for a signed-in user; nothing otherwise. */
export function NotificationBellSlot() {
  const { isAuthenticated } = useSession();
  if (!isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}

import { createContext, useContext } from 'react';
import type { Session, SessionUser } from './session';

// The part of the session that pages import. It is apart from SessionProvider (session.tsx) so that
// session.tsx is needed by the app shell only: the bundler then keeps its on-demand import of the
// sign-up code from splitting Vite's preload helper out of the first-load chunk (about 0.8 KiB).

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** Identity verified (spec §4): any one of the three provider statuses says so. */
export function isIdentityVerified(user: Partial<SessionUser> | null | undefined): boolean {
  return (
    user?.kyc_status === 'completed' ||
    user?.persona_status === 'approved' ||
    user?.persona_status === 'completed' ||
    user?.plaidIdentityStatus === 'approved'
  );
}

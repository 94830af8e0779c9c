import type { StaffMember } from '@pago/shared/contracts/ops';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  clearStaffSession,
  getStoredStaff,
  OPS_SESSION_ENDED,
  opsFetch,
  storeStaffSession,
} from './ops-api';

type OpsSession = {
  /** The signed-in staff member, or null (the shell shows its sign-in page). */
  staff: StaffMember | null;
  /** After the code step: keeps the token for this tab. */
  signedIn(token: string, staff: StaffMember): void;
  signOut(): Promise<void>;
};

const OpsSessionContext = createContext<OpsSession | null>(null);

/** The console's session (its own, in sessionStorage; never the customer's). */
export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const [staff, setStaff] = useState<StaffMember | null>(() => getStoredStaff());
  useEffect(() => {
    const ended = () => setStaff(null);
    window.addEventListener(OPS_SESSION_ENDED, ended);
    return () => window.removeEventListener(OPS_SESSION_ENDED, ended);
  }, []);
  const signedIn = useCallback((token: string, member: StaffMember) => {
    storeStaffSession(token, member);
    setStaff(member);
  }, []);
  const signOut = useCallback(async () => {
    try {
      await opsFetch('/api/ops/auth/logout', { method: 'POST' });
    } catch {
      // Ended already: nothing to end.
    }
    clearStaffSession();
    setStaff(null);
  }, []);
  const value = useMemo(() => ({ staff, signedIn, signOut }), [staff, signedIn, signOut]);
  return <OpsSessionContext.Provider value={value}>{children}</OpsSessionContext.Provider>;
}

/** The console's session; only inside the /ops shell. */
export function useOpsSession(): OpsSession {
  const session = useContext(OpsSessionContext);
  if (!session) throw new Error('useOpsSession outside the /ops shell');
  return session;
}

/** The signed-in staff member (pages under the shell's guard always have one). */
export function useStaff(): StaffMember {
  const { staff } = useOpsSession();
  if (!staff) throw new Error('useStaff outside the signed-in /ops shell');
  return staff;
}

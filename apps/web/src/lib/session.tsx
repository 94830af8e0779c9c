import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, apiFetch } from './api-client';
import { SESSION_EXPIRED } from './events';
import {
  clearStoredToken,
  clearStoredVerificationService,
  getStoredToken,
} from './session-storage';

/** The signed-in person as the profile endpoint returns them (spec §3); the accounts work fills it in. */
export type SessionUser = {
  _id: string;
  name?: string;
  username?: string;
  email?: string;
  verificationService?: 'plaid' | 'persona';
  [field: string]: unknown;
};

export type Session = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /** Tells the server, then forgets the session locally even if that call fails (spec §4). */
  logout(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(() => getStoredToken() !== null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!getStoredToken()) return;
    const controller = new AbortController();
    apiFetch<SessionUser>('/api/user/profile', { signal: controller.signal })
      .then((profile) => setUser(profile))
      .catch((failure: unknown) => {
        if ((failure as Error).name === 'AbortError') return;
        clearStoredToken();
        setUser(null);
        setError(failure instanceof ApiError && failure.status === 401 ? 'sessionExpired' : null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const onExpired = () => {
      setUser(null);
      setError('sessionExpired');
    };
    window.addEventListener(SESSION_EXPIRED, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED, onExpired);
  }, []);

  const logout = useCallback(async () => {
    try {
      await apiFetch('/api/auth/logout', { method: 'POST', body: {} });
    } catch (failure) {
      console.error('Logout call failed', failure);
    } finally {
      clearStoredToken();
      clearStoredVerificationService();
      setUser(null);
    }
  }, []);

  const value = useMemo<Session>(
    () => ({ user, isAuthenticated: user !== null, loading, error, logout }),
    [user, loading, error, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

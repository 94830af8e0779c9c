import type {
  RecoveryCodes,
  SecurityStatus,
  SessionInfo,
  TwoStepSetup,
} from '@pago/shared/contracts/security';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const securityKeys = {
  status: ['security', 'status'] as const,
  sessions: ['security', 'sessions'] as const,
};

export function useSecurityStatus() {
  return useQuery({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => apiFetch<SecurityStatus>('/api/security', { signal }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) =>
      apiFetch<{ sessions: SessionInfo[] }>('/api/security/sessions', { signal }),
  });
}

export const startTwoStep = () =>
  apiFetch<TwoStepSetup>('/api/security/two-step/setup', { method: 'POST', body: {} });

export const confirmTwoStep = (code: string) =>
  apiFetch<RecoveryCodes>('/api/security/two-step/confirm', {
    method: 'POST',
    body: { code: code.trim() },
  });

export const disableTwoStep = (password: string, code: string) =>
  apiFetch('/api/security/two-step/disable', {
    method: 'POST',
    body: { password, code: code.trim() },
  });

export const changePassword = (body: {
  currentPassword: string;
  newPassword: string;
  twoStepCode?: string;
}) => apiFetch('/api/security/password', { method: 'POST', body });

export const endSession = (id: string) =>
  apiFetch(`/api/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () =>
  apiFetch('/api/security/sessions/sign-out-others', { method: 'POST', body: {} });

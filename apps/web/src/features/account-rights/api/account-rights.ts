import type {
  CloseAccountBody,
  CloseConditions,
  ClosedAccount,
  ConfirmWithPasswordBody,
  DataExportTicket,
} from '@pago/shared/contracts/account-rights';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

export const accountRightsKeys = { conditions: ['account-rights', 'conditions'] as const };

/** Whether the account can close now, what stops it, and what closing does. */
export function useCloseConditions(enabled: boolean) {
  return useQuery({
    queryKey: accountRightsKeys.conditions,
    queryFn: ({ signal }) => apiFetch<CloseConditions>('/api/account/close', { signal }),
    enabled,
  });
}

/** The password (and code) give a one-time ticket; the ZIP is then downloaded with the session. */
export async function downloadMyData(body: ConfirmWithPasswordBody): Promise<void> {
  const ticket = await apiFetch<DataExportTicket>('/api/account/data-export', {
    method: 'POST',
    body,
  });
  const day = new Date().toISOString().slice(0, 10);
  await downloadWithSession(ticket.downloadUrl, `pago-mis-datos-${day}.zip`);
}

export const closeAccount = (body: CloseAccountBody) =>
  apiFetch<ClosedAccount>('/api/account/close', { method: 'POST', body });

import type { SendContacts } from '@pago/shared/contracts/send';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The people the user paid or was paid by, newest first (`GET /api/send/contacts`). */
export function useSendContacts() {
  return useQuery({
    // Under the wallet's keys: a payment refreshes it as it refreshes the balance.
    queryKey: ['wallet', 'send-contacts'],
    queryFn: ({ signal }) => apiFetch<SendContacts>('/api/send/contacts', { signal }),
  });
}

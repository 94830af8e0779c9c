import type { Recipient } from '@pago/shared/contracts/remittances';
import type {
  CreateScheduleBody,
  Schedule,
  ScheduleList,
  UpdateScheduleBody,
} from '@pago/shared/contracts/schedules';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useMoneyMutation } from '@/lib/wallet';

const SCHEDULES = ['schedules'];

function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: SCHEDULES });
}

/** The user's scheduled transfers, each with its next date and latest runs. */
export function useScheduleList() {
  return useQuery({
    queryKey: SCHEDULES,
    queryFn: ({ signal }) => apiFetch<ScheduleList>('/api/schedules', { signal }),
  });
}

/** The saved recipients abroad a schedule can send to (the remittances' list). */
export function useSavedRecipients() {
  return useQuery({
    queryKey: ['schedules-recipients'],
    queryFn: ({ signal }) => apiFetch<{ items: Recipient[] }>('/api/recipients', { signal }),
  });
}

/** A new schedule, under an Idempotency-Key: a retried tap never makes a second one. */
export function useCreateSchedule() {
  return useMoneyMutation<CreateScheduleBody, Schedule>({
    request: (body) => ({ path: '/api/schedules', body }),
    onSuccess: (_result, client) => refresh(client),
  });
}

export function useUpdateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateScheduleBody }) =>
      apiFetch<Schedule>(`/api/schedules/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => refresh(client),
  });
}

export type ScheduleAction = 'pause' | 'resume' | 'skip' | 'cancel';

export function useScheduleAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ScheduleAction }) =>
      apiFetch<Schedule>(`/api/schedules/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => refresh(client),
  });
}

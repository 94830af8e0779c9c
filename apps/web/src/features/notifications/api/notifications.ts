import type {
  Notification,
  NotificationList,
  NotificationSettings,
  UnreadCount,
} from '@pago/shared/contracts/notifications';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The notification center: newest first, a page at a time. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<NotificationList>(`/api/notifications?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How many are unread (the bell's badge); the live stream keeps it current. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiFetch<NotificationList>('/api/notifications?limit=1', { signal })).unreadCount,
    enabled,
  });
}

/** After a change the server counted: the badge takes its count, the list is read again. */
function applyCount(client: QueryClient, { unreadCount }: UnreadCount) {
  client.setQueryData(notificationKeys.unread, unreadCount);
  void client.invalidateQueries({ queryKey: notificationKeys.list });
}

/** Marks every one read: opening the center does. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<UnreadCount>('/api/notifications/read-all', { method: 'POST', body: {} }),
    onSuccess: (count) => applyCount(client, count),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      apiFetch<NotificationSettings>('/api/notifications/settings', { signal }),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiFetch<NotificationSettings>('/api/notifications/settings', {
        method: 'PUT',
        body: settings,
      }),
    onMutate: (settings) => client.setQueryData(notificationKeys.settings, settings),
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.settings }),
  });
}

/** A notification that arrived on the stream, with the count after it. */
export type StreamedNotification = { notification: Notification; unreadCount: number };

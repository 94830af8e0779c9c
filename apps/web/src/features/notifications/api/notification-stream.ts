import type { Notification } from '@pago/shared/contracts/notifications';
import { NOTIFICATION_EVENT, type StreamTicket } from '@pago/shared/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/api-client';
import { invalidateMoney } from '@/lib/wallet';
import { notificationKeys, type StreamedNotification } from './notifications';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
/** Before connecting again after the stream ended or failed (the server also says `retry`). */
const RECONNECT_MS = 3000;

/**
 * Holds the live stream of the signed-in user's notifications while mounted: the browser's
 * EventSource, opened with a single-use ticket (it cannot send the Bearer token). Each new
 * notification updates the badge, the center's list and — money having moved — the balance and
 * activity, without a reload. When the stream ends or fails, it catches up and opens again with a
 * new ticket, until unmounted or signed out. `onNotification` hears each one as it arrives.
 * Returns whether the stream is open now (the server said `ready`): news that came before it
 * opened shows in the count it sends then, with no toast.
 */
export function useNotificationStream(
  enabled: boolean,
  onNotification?: (notification: Notification) => void,
) {
  const client = useQueryClient();
  // The latest callback, without opening the stream again when it changes.
  const listener = useRef(onNotification);
  listener.current = onNotification;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const count = (event: MessageEvent<string>) => {
      const body = JSON.parse(event.data) as Partial<StreamedNotification>;
      if (typeof body.unreadCount === 'number') {
        client.setQueryData(notificationKeys.unread, body.unreadCount);
      }
    };
    const connect = async () => {
      let ticket: StreamTicket;
      try {
        ticket = await apiFetch<StreamTicket>('/api/notifications/stream-ticket', {
          method: 'POST',
          body: {},
        });
      } catch (error) {
        // Signed out: the session handles it. Anything else: try again a little later.
        if (!(error instanceof ApiError && error.status === 401) && !stopped) {
          timer = setTimeout(connect, RECONNECT_MS);
        }
        return;
      }
      if (stopped) return;
      source = new EventSource(
        `${BASE_URL}/api/notifications/stream?ticket=${encodeURIComponent(ticket.ticket)}`,
      );
      source.addEventListener('ready', (event) => {
        count(event);
        setLive(true);
      });
      source.addEventListener(NOTIFICATION_EVENT, (event) => {
        count(event);
        const { notification } = JSON.parse(event.data) as Partial<StreamedNotification>;
        if (notification?.type) listener.current?.(notification);
        void client.invalidateQueries({ queryKey: notificationKeys.list });
        invalidateMoney(client);
      });
      // The ticket is used up: rather than EventSource's own retry, a new ticket.
      source.onerror = () => {
        source?.close();
        source = null;
        setLive(false);
        if (stopped) return;
        // What came while it was down: the news, and the money it may have moved.
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        invalidateMoney(client);
        timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    void connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
      setLive(false);
    };
  }, [client, enabled]);
  return live;
}

import { NOTIFICATION_EVENT } from '@pago/shared/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getStoredToken } from '@/lib/session-storage';
import { invalidateMoney } from '@/lib/wallet';
import { notificationKeys, type StreamedNotification } from './notifications';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
/** Before connecting again after the stream ended or failed (the server also says `retry`). */
const RECONNECT_MS = 3000;

export type SseEvent = { event: string; data: string };

/**
 * Splits Server-Sent Events text into complete events; what follows the last blank line is
 * returned as `rest`, to be prefixed to the next chunk. Comment lines (heartbeats) are dropped.
 */
export function parseSse(text: string): { events: SseEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Holds the live stream of the signed-in user's notifications while mounted. The browser's
 * EventSource cannot send the Bearer token, so it is fetch, reading the body as it arrives.
 * Each new notification updates the badge, the center's list and — money having moved — the
 * balance and activity, without a reload. Reconnects after the stream ends, until unmounted or
 * signed out.
 */
export function useNotificationStream(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const handle = ({ event, data }: SseEvent) => {
      const body = JSON.parse(data) as Partial<StreamedNotification>;
      if (typeof body.unreadCount === 'number') {
        client.setQueryData(notificationKeys.unread, body.unreadCount);
      }
      if (event === NOTIFICATION_EVENT) {
        void client.invalidateQueries({ queryKey: notificationKeys.list });
        invalidateMoney(client);
      }
    };

    const connect = async () => {
      const token = getStoredToken();
      if (!token || controller.signal.aborted) return;
      try {
        const response = await fetch(`${BASE_URL}/api/notifications/stream`, {
          headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        // Signed out or refused: the rest of the app handles the session; no retry loop.
        if (!response.ok || !response.body) {
          if (response.status >= 500) timer = setTimeout(connect, RECONNECT_MS);
          return;
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + value);
          buffer = parsed.rest;
          for (const event of parsed.events) handle(event);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      // Ended (the server closes streams now and then) or broke: catch up, then listen again.
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      timer = setTimeout(connect, RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, enabled]);
}

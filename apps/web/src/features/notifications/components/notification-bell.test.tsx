import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';
import { storeToken } from '@/lib/session-storage';
import { featureRenderer } from '@/test/render-feature';
import NotificationBell from './notification-bell';

const renderBell = featureRenderer('notifications');

afterEach(() => {
  vi.unstubAllGlobals();
  resetQueryClient();
  localStorage.clear();
});

/** The server: the count, and a stream whose events the test writes. */
function stubServer() {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => {};
  const calls: Array<{ path: string; headers: Headers }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      calls.push({ path: `${url.pathname}${url.search}`, headers: new Headers(init?.headers) });
      if (url.pathname === '/api/notifications/stream') {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }
      return new Response(JSON.stringify({ items: [], nextCursor: null, unreadCount: 1 }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { push: (text: string) => push(text), calls };
}

describe('the notification bell', () => {
  it('shows the unread count and follows the live stream, sent with the session token', async () => {
    storeToken('t'.repeat(43));
    const server = stubServer();
    await renderBell(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notificaciones: 1 sin leer' });
    expect(bell).toHaveAttribute('href', '/notifications');
    await waitFor(() =>
      expect(server.calls.map((c) => c.path)).toContain('/api/notifications/stream'),
    );
    const stream = server.calls.find((c) => c.path === '/api/notifications/stream');
    expect(stream?.headers.get('authorization')).toBe(`Bearer ${'t'.repeat(43)}`);
    expect(stream?.headers.get('accept')).toBe('text/event-stream');

    // An event split across chunks, after a heartbeat.
    server.push(': ping\n\nevent: notification\ndata: {"notification":{},');
    server.push('"unreadCount":3}\n\n');
    expect(await screen.findByRole('link', { name: 'Notificaciones: 3 sin leer' })).toBeVisible();
  });
});

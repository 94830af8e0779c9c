import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { QueryBoundary, resetQueryClient } from '@/lib/query-boundary';
import { storeToken } from '@/lib/session-storage';
import { walletKeys } from '@/lib/wallet';
import { ok, stubRoutes } from '@/test/api-stub';
import { featureRenderer } from '@/test/render-feature';
import NotificationBell from './notification-bell';

const renderBell = featureRenderer('notifications');

/** The browser's EventSource, as jsdom has none: the test dispatches the server's events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  resetQueryClient();
  localStorage.clear();
  FakeEventSource.opened = [];
});

/** Signed in, with EventSource faked: the unread count and the stream's ticket, plus `more`. */
function signedInWithStream(unreadCount: number, more: Parameters<typeof stubRoutes>[0] = {}) {
  storeToken('t'.repeat(43));
  vi.stubGlobal('EventSource', FakeEventSource);
  return stubRoutes({
    'GET /api/notifications?limit=1': ok({ items: [], nextCursor: null, unreadCount }),
    'POST /api/notifications/stream-ticket': ok({
      ticket: 'ticket-1',
      expiresAt: '2026-11-23T19:00:00Z',
    }),
    ...more,
  });
}

describe('the notification bell', () => {
  it('shows the unread count and follows the live stream, opened with a ticket', async () => {
    const calls = signedInWithStream(1);
    const unmount = (await renderBell(<NotificationBell />)).unmount;
    const bell = await screen.findByRole('link', { name: 'Notificaciones: 1 sin leer' });
    expect(bell).toHaveAttribute('href', '/notifications');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const ticketCall = calls.find((c) => c.path === '/api/notifications/stream-ticket');
    expect(ticketCall?.authorization).toBe(`Bearer ${'t'.repeat(43)}`);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(source.url).toBe('/api/notifications/stream?ticket=ticket-1');
    expect(bell).toHaveAttribute('data-live', 'false');
    act(() => source.emit('ready', { unreadCount: 2 }));
    expect(await screen.findByRole('link', { name: 'Notificaciones: 2 sin leer' })).toHaveAttribute(
      'data-live',
      'true',
    );

    act(() => source.emit('notification', { notification: {}, unreadCount: 3 }));
    expect(await screen.findByRole('link', { name: 'Notificaciones: 3 sin leer' })).toBeVisible();

    unmount();
    expect(source.closed).toBe(true);
  });

  it('catches up when the stream fails: the news and the balance are read again', async () => {
    const calls = signedInWithStream(0, {
      'GET /api/wallet/balance': ok({ balanceCents: 0, availableBalanceCents: 0, currency: 'USD' }),
    });
    /** The home screen's balance, read beside the bell (in the visit's one cache, as pages are). */
    function Balance() {
      const balance = useQuery({
        queryKey: walletKeys.balance,
        queryFn: () => apiFetch<{ balanceCents: number }>('/api/wallet/balance'),
      });
      return <p>{balance.data ? 'saldo leído' : ''}</p>;
    }
    await renderBell(
      <>
        <NotificationBell />
        <QueryBoundary>
          <Balance />
        </QueryBoundary>
      </>,
    );
    await screen.findByText('saldo leído');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const reads = (path: string) => calls.filter((c) => c.path === path).length;
    const before = {
      balance: reads('/api/wallet/balance'),
      news: reads('/api/notifications?limit=1'),
    };
    const source = FakeEventSource.opened[0] as FakeEventSource;
    act(() => source.onerror?.());
    expect(source.closed).toBe(true);
    await waitFor(() => expect(reads('/api/wallet/balance')).toBe(before.balance + 1));
    await waitFor(() => expect(reads('/api/notifications?limit=1')).toBe(before.news + 1));
  });

  it('shows a toast when money arrives on the stream, leading to its receipt, and none for other news', async () => {
    signedInWithStream(0);
    await renderBell(<NotificationBell />);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0] as FakeEventSource;
    const arrived = (type: string, data: object, id: string) => ({
      notification: {
        id,
        type,
        actorName: 'María López',
        data,
        createdAt: '2026-11-23T18:00:00.000Z',
        readAt: null,
      },
      unreadCount: 1,
    });

    act(() => source.emit('notification', arrived('new_sign_in', { device: 'Chrome' }, 'n0')));
    await screen.findByRole('link', { name: 'Notificaciones: 1 sin leer' });
    expect(screen.queryByRole('alert')).toBeNull();

    act(() =>
      source.emit(
        'notification',
        arrived('money_received', { amountCents: 2550, transferId: 't1' }, 'n1'),
      ),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('María López te envió $25.50');
    const view = within(toast).getByRole('link', { name: 'Ver' });
    expect(view).toHaveAttribute('href', '/activity?receipt=t1');
    fireEvent.click(view);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
  OPTIONAL_EMAIL_TYPES,
} from '@pago/shared/contracts/notifications';
import { cents } from '@pago/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enWords from '@/locales/en/notifications.json';
import esWords from '@/locales/es/notifications.json';
import { ok, stubRoutes } from '@/test/api-stub';
import { featureRenderer } from '@/test/render-feature';
import NotificationsPage from '../routes/notifications-page';

const renderPage = featureRenderer('notifications');

const note = (over: Partial<Notification> & Pick<Notification, 'id' | 'type'>): Notification => ({
  actorName: 'María López',
  data: {},
  createdAt: '2026-11-23T18:00:00.000Z',
  readAt: null,
  ...over,
});

const LIST: NotificationList = {
  items: [
    note({
      id: 'n1',
      type: 'money_received',
      data: { amountCents: cents(2550), transferId: 't1' },
    }),
    note({
      id: 'n2',
      type: 'request_received',
      data: { amountCents: cents(1000), note: 'Cena', requestId: 'r1' },
    }),
    note({
      id: 'n3',
      type: 'new_sign_in',
      actorName: null,
      data: { device: 'Chrome (Android)' },
      readAt: '2026-11-23T18:05:00.000Z',
    }),
  ],
  nextCursor: null,
  unreadCount: 2,
};

const SETTINGS = {
  email: Object.fromEntries(OPTIONAL_EMAIL_TYPES.map((type) => [type, true])),
  push: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])),
};

function routes(extra: Parameters<typeof stubRoutes>[0] = {}) {
  return stubRoutes({
    'GET /api/notifications?limit=20': ok(LIST),
    'GET /api/notifications/settings': ok(SETTINGS),
    ...extra,
  });
}

/** The list as the server keeps it: all unread until read-all, then all read. */
function readOnOpening(): Parameters<typeof stubRoutes>[0] {
  let unread = LIST.unreadCount;
  return {
    'GET /api/notifications?limit=20': () =>
      ok({
        ...LIST,
        items: LIST.items.map((item) =>
          unread === 0 ? { ...item, readAt: item.readAt ?? '2026-11-23T19:00:00.000Z' } : item,
        ),
        unreadCount: unread,
      }),
    'POST /api/notifications/read-all': () => {
      unread = 0;
      return ok({ unreadCount: 0 });
    },
  };
}

describe('the notification center', () => {
  it('shows each notification in Spanish, each a link to what it talks about, and marks them read on opening', async () => {
    const calls = routes(readOnOpening());
    await renderPage(<NotificationsPage />);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nueva: María López te envió $25.50');
    expect(items[1]).toHaveTextContent('María López te solicitó $10.00');
    expect(items[1]).toHaveTextContent('“Cena”');
    expect(items[2]).toHaveTextContent('Nuevo inicio de sesión desde Chrome (Android)');
    expect(items[2]).not.toHaveTextContent('Nueva:');
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/activity?receipt=t1',
    );
    expect(within(items[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/requests/r1',
    );
    expect(within(items[2] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/security');

    // Opened: all read at once, and once only; the ones new on opening stay marked for this visit.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/notifications/read-all')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/notifications?limit=20')).toHaveLength(2),
    );
    expect(screen.getByRole('heading', { name: '2 nuevas' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Nueva:');
    expect(calls.filter((c) => c.path === '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Marcar/ })).toBeNull();
  });

  it('reads in English and turns an e-mail off, then its push', async () => {
    const calls = routes({
      ...readOnOpening(),
      // As the server: the whole settings back, push left as it was when the PUT has none.
      'PUT /api/notifications/settings': (call) =>
        ok({ push: SETTINGS.push, ...(call.body as object) }),
    });
    await renderPage(<NotificationsPage />, { language: 'en' });
    expect(await screen.findByText('María López sent you $25.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 new' })).toBeInTheDocument();

    const moneySwitch = await screen.findByRole('switch', { name: 'Money received: E-mail' });
    expect(moneySwitch).toBeChecked();
    fireEvent.click(moneySwitch);
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toEqual({ email: { ...SETTINGS.email, money_received: false } });
    });
    // Its push, beside it, is its own setting.
    fireEvent.click(screen.getByRole('switch', { name: 'Money received: Push' }));
    await waitFor(() => {
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts[1]?.body).toEqual({
        email: SETTINGS.email,
        push: { ...SETTINGS.push, money_received: false },
      });
    });
    // Password and phone changes are always e-mailed: no switch for them.
    expect(screen.queryByRole('switch', { name: /password/i })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    routes({
      'GET /api/notifications?limit=20': ok({ items: [], nextCursor: null, unreadCount: 0 }),
    });
    await renderPage(<NotificationsPage />);
    expect(await screen.findByText(/Aún no tienes notificaciones/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recientes' })).toBeInTheDocument();
  });

  it('has a text for every type and e-mail switch in both languages', () => {
    for (const words of [esWords, enWords]) {
      for (const type of NOTIFICATION_TYPES) expect(words.types).toHaveProperty(type);
      for (const type of OPTIONAL_EMAIL_TYPES) expect(words.email.types).toHaveProperty(type);
    }
  });
});

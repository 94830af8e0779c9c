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
    note({ id: 'n1', type: 'money_received', data: { amountCents: cents(2550) } }),
    note({ id: 'n2', type: 'request_received', data: { amountCents: cents(1000), note: 'Cena' } }),
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
};

function routes(extra: Parameters<typeof stubRoutes>[0] = {}) {
  return stubRoutes({
    'GET /api/notifications?limit=20': ok(LIST),
    'GET /api/notifications/settings': ok(SETTINGS),
    ...extra,
  });
}

describe('the notification center', () => {
  it('shows each notification in Spanish, unread ones marked, and marks one read', async () => {
    const calls = routes({ 'POST /api/notifications/n1/read': ok({ unreadCount: 1 }) });
    await renderPage(<NotificationsPage />);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sin leer: María López te envió $25.50');
    expect(items[1]).toHaveTextContent('María López te solicitó $10.00');
    expect(items[1]).toHaveTextContent('“Cena”');
    expect(items[2]).toHaveTextContent('Nuevo inicio de sesión desde Chrome (Android)');
    expect(items[2]).not.toHaveTextContent('Sin leer');
    expect(screen.getByRole('heading', { name: '2 sin leer' })).toBeInTheDocument();

    fireEvent.click(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Marcar como leída' }),
    );
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/api/notifications/n1/read' }),
      ),
    );
  });

  it('reads in English, marks all read, and turns an e-mail off', async () => {
    const calls = routes({
      'POST /api/notifications/read-all': ok({ unreadCount: 0 }),
      'PUT /api/notifications/settings': (call) => ok(call.body),
    });
    await renderPage(<NotificationsPage />, { language: 'en' });
    expect(await screen.findByText('María López sent you $25.50')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        'POST /api/notifications/read-all',
      ),
    );

    const moneySwitch = await screen.findByRole('switch', { name: 'Money received' });
    expect(moneySwitch).toBeChecked();
    fireEvent.click(moneySwitch);
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toEqual({ email: { ...SETTINGS.email, money_received: false } });
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
    expect(screen.getByRole('heading', { name: 'Todo leído' })).toBeInTheDocument();
  });

  it('has a text for every type and e-mail switch in both languages', () => {
    for (const words of [esWords, enWords]) {
      for (const type of NOTIFICATION_TYPES) expect(words.types).toHaveProperty(type);
      for (const type of OPTIONAL_EMAIL_TYPES) expect(words.email.types).toHaveProperty(type);
    }
  });
});

import type { Notification } from '@pago/shared/contracts/notifications';
import { cents } from '@pago/shared/money';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enWords from '@/locales/en/notifications.json';
import esWords from '@/locales/es/notifications.json';
import { notificationText } from './notification-text';

async function translator(language: 'es' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    ns: ['notifications'],
    defaultNS: 'notifications',
    resources: { [language]: { notifications: language === 'es' ? esWords : enWords } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const chargeback = (owedCents: number): Notification => ({
  id: 'n1',
  type: 'card_funding_reversed',
  actorName: null,
  data: { amountCents: cents(5000), owedCents: cents(owedCents) },
  createdAt: '2026-11-23T18:00:00.000Z',
  readAt: null,
});

describe('a card chargeback notification', () => {
  it('says what was taken back, and what is owed when something is', async () => {
    const es = await translator('es');
    expect(notificationText(es, chargeback(3000), 'es')).toBe(
      'Te retiramos $50.00 por un contracargo de tu tarjeta; tu cuenta debe $30.00',
    );
    expect(notificationText(es, chargeback(0), 'es')).toBe(
      'Te retiramos $50.00 por un contracargo de tu tarjeta',
    );
    const en = await translator('en');
    expect(notificationText(en, chargeback(3000), 'en')).toBe(
      'We took back $50.00 for a chargeback on your card; your account owes $30.00',
    );
  });
});

const received = (note?: string): Notification => ({
  id: 'n2',
  type: 'money_received',
  actorName: 'Ana Rivera',
  data: { amountCents: cents(1250), ...(note ? { note } : {}) },
  createdAt: '2026-11-23T18:00:00.000Z',
  readAt: null,
});

describe('money received from a Pago user', () => {
  it('carries the sender’s note when there is one', async () => {
    const es = await translator('es');
    expect(notificationText(es, received('Cena del viernes'), 'es')).toBe(
      'Ana Rivera te envió $12.50: «Cena del viernes»',
    );
    expect(notificationText(es, received(), 'es')).toBe('Ana Rivera te envió $12.50');
    const en = await translator('en');
    expect(notificationText(en, received('Friday dinner'), 'en')).toBe(
      'Ana Rivera sent you $12.50: “Friday dinner”',
    );
  });
});

import type { Cents } from '@pago/shared/money';
import { describe, expect, it } from 'vitest';
import { notificationEmail } from '../../providers/email/notification-templates';

const base = {
  createdAt: new Date('2026-11-30T14:00:00Z'),
  timeZone: 'America/New_York',
  name: 'Ana Rivera',
  actorName: null,
};
const data = {
  amountCents: 20_000 as Cents,
  recipientName: 'María López',
  scheduleId: 's1',
  payDate: '2026-12-01',
};

describe('scheduled transfers’ e-mails', () => {
  it('the day before: the date and the quote’s estimate (rate, fee, total, what arrives)', () => {
    const es = notificationEmail('es', {
      ...base,
      type: 'schedule_upcoming',
      data: {
        ...data,
        feeCents: 399 as Cents,
        totalCents: 20_399 as Cents,
        fxRate: '18.2500',
        payoutAmount: '3650.00',
        payoutCurrency: 'MXN',
      },
    });
    expect(es.subject).toBe('Mañana enviamos $200.00 a María López');
    expect(es.text).toContain('1 de diciembre de 2026');
    expect(es.text).toContain('1 USD = 18.2500 MXN');
    expect(es.text).toContain('comisión $3.99, total $203.99');
    expect(es.text).toContain('recibiría 3650.00 MXN');
    const en = notificationEmail('en', { ...base, type: 'schedule_upcoming', data });
    expect(en.subject).toBe('Tomorrow we send $200.00 to María López');
    // No quote (the partner did not answer): no estimate, the rest stays.
    expect(en.text).not.toContain('Estimated');
  });

  it('after a run: sent, or failed with its reason in words', () => {
    const sent = notificationEmail('es', {
      ...base,
      type: 'schedule_sent',
      data: { ...data, payoutAmount: '3650.00', payoutCurrency: 'MXN' },
    });
    expect(sent.subject).toBe('Enviamos $200.00 a María López');
    expect(sent.text).toContain('que recibe 3650.00 MXN');
    const failed = notificationEmail('en', {
      ...base,
      type: 'schedule_failed',
      data: { ...data, failureReason: 'insufficient_funds' },
    });
    expect(failed.subject).toBe('We could not send $200.00 to María López');
    expect(failed.text).toContain('did not go out: your balance was not enough. No money moved.');
  });
});

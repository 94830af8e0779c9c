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
  amountCents: 15_000 as Cents,
  recipientName: 'María López',
  payer: 'Acme Foods',
};

describe('a payday send that was not made, by e-mail', () => {
  it('says why in words, from the refusal’s error code', () => {
    const funds = notificationEmail('es', {
      ...base,
      type: 'payday_failed',
      data: { ...data, failureReason: 'insufficient_funds' },
    });
    expect(funds.subject).toBe('No pudimos enviar $150.00 a María López');
    expect(funds.text).toContain('como pediste en Día de pago: tu saldo no alcanzaba.');
    const limits = notificationEmail('en', {
      ...base,
      type: 'payday_failed',
      data: { ...data, failureReason: 'daily_limit_exceeded' },
    });
    expect(limits.text).toContain('as your Payday rule asks: it was over your sending limits.');
    const partner = notificationEmail('en', {
      ...base,
      type: 'payday_failed',
      data: { ...data, failureReason: 'unavailable' },
    });
    expect(partner.text).toContain('our payout partner was unavailable. No money moved.');
    // A refusal with no words of its own, and none given: still a sentence.
    const other = notificationEmail('es', { ...base, type: 'payday_failed', data });
    expect(other.text).toContain('Día de pago: el envío fue rechazado. No se movió dinero.');
  });
});

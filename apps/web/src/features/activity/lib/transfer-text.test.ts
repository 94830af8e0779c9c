import { describe, expect, it } from 'vitest';
import en from '@/locales/en/activity.json';
import es from '@/locales/es/activity.json';
import { historyNoteKey, originKey, statusKey } from './transfer-text';

// Activity's word for a direct deposit's status: pending, or available early once advanced.
describe('a direct deposit’s status in the activity', () => {
  const deposit = (advanced: boolean) => ({
    kind: 'ach_received' as const,
    status: 'processing' as const,
    details: advanced ? { advanced: true } : {},
  });
  const word = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es);

  it('is “Pendiente” until advanced, then “Disponible antes”', () => {
    expect(word(statusKey(deposit(false), 'processing'))).toBe('Pendiente');
    expect(word(statusKey(deposit(true), 'processing'))).toBe('Disponible antes');
  });

  it('keeps the history’s earlier processing entry as pending, and completed as every kind says it', () => {
    const advanced = { ...deposit(true), status: 'completed' as const };
    expect(word(statusKey(advanced, 'processing'))).toBe('Pendiente');
    expect(statusKey(advanced, 'completed')).toBe('status.completed');
  });
});

// A cash pickup the partner made available is waiting at the agent: never "Entregada".
describe('a cash pickup remittance’s status in the activity', () => {
  const word = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es);
  const remittance = (details: Record<string, unknown>) => ({
    kind: 'remittance' as const,
    status: 'delivered' as const,
    details,
  });

  it('is “Listo para cobrar” until collected, then “Cobrado en efectivo”; a deposit is delivered', () => {
    expect(word(statusKey(remittance({ payoutMethod: 'cash_pickup' }), 'delivered'))).toBe(
      'Listo para cobrar',
    );
    expect(
      word(statusKey(remittance({ payoutMethod: 'cash_pickup', pickedUp: true }), 'delivered')),
    ).toBe('Cobrado en efectivo');
    expect(word(statusKey(remittance({ payoutMethod: 'bank_deposit' }), 'delivered'))).toBe(
      'Entregada',
    );
    expect(word(historyNoteKey(remittance({ payoutMethod: 'cash_pickup' }), 'delivered'))).toBe(
      'El dinero está listo para cobrar en efectivo.',
    );
  });
});

// A send held for a sanctions review says so ("En revisión"), and only while it is held.
describe('a send under review in the activity', () => {
  const word = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es);

  it('is “En revisión” while held, and as every send once decided', () => {
    for (const kind of ['p2p', 'remittance'] as const) {
      const held = { kind, status: 'processing' as const, details: { underReview: true } };
      expect(word(statusKey(held, 'processing'))).toBe('En revisión');
      expect(word(statusKey({ ...held, details: {} }, 'processing'))).toBe('En proceso');
      // The receipt's history: an earlier processing step of a send now completed.
      expect(statusKey({ ...held, status: 'completed' }, 'processing')).toBe('status.processing');
    }
  });
});

// A send Pago made for the user (a schedule, a rate order…) says so under its kind.
describe('what sent a transfer without the user at the keyboard', () => {
  const word = (dict: object, key: string | null) =>
    (key ?? '')
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dict);
  const remittance = (origin?: object) => ({
    kind: 'remittance' as const,
    details: origin ? { origin } : {},
  });

  it('names each origin of a remittance home, in Spanish and English', () => {
    expect(word(es, originKey(remittance({ kind: 'schedule', id: 'x' })))).toBe('Envío programado');
    expect(word(es, originKey(remittance({ kind: 'payday', id: 'x' })))).toBe('Día de pago');
    expect(word(en, originKey(remittance({ kind: 'rate_order', id: 'x' })))).toBe(
      'Transfer at your rate',
    );
    for (const kind of ['schedule', 'rate_order', 'payday', 'pideme', 'colecta']) {
      expect(typeof word(es, originKey(remittance({ kind, id: 'x' }))), kind).toBe('string');
      expect(typeof word(en, originKey(remittance({ kind, id: 'x' }))), kind).toBe('string');
    }
  });

  it('names a recurring P2P payment; nothing for a send the user made or an unknown origin', () => {
    expect(originKey({ kind: 'p2p', details: { scheduleId: 's1' } })).toBe('origin.schedule');
    expect(originKey({ kind: 'p2p', details: {} })).toBeNull();
    expect(originKey(remittance())).toBeNull();
    expect(originKey(remittance({ kind: 'robot', id: 'x' }))).toBeNull();
    expect(originKey({ kind: 'deposit', details: { origin: { kind: 'schedule' } } })).toBeNull();
  });
});

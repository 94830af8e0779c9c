import { describe, expect, it } from 'vitest';
import es from '@/locales/es/activity.json';
import { historyNoteKey, statusKey } from './transfer-text';

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

import { cents } from '@pago/shared/money';
import { describe, expect, it } from 'vitest';
import { sendAgainPath, trackingPath } from './send-home';

describe('send-home links', () => {
  const remittance = {
    kind: 'remittance' as const,
    direction: 'out' as const,
    amountCents: cents(12_550),
    details: { recipientId: '11111111-1111-4111-8111-111111111111' },
  };

  it('prefills the flow with the saved recipient and the amount sent', () => {
    expect(sendAgainPath(remittance)).toBe(
      '/send-home?recipient=11111111-1111-4111-8111-111111111111&amount=125.50',
    );
    expect(trackingPath('a b')).toBe('/transfers/a%20b');
  });

  it('has nothing to send again without a saved recipient, or for other transfers', () => {
    expect(sendAgainPath({ ...remittance, details: {} })).toBeNull();
    expect(sendAgainPath({ ...remittance, kind: 'p2p' })).toBeNull();
    expect(sendAgainPath({ ...remittance, direction: 'in' })).toBeNull();
  });
});

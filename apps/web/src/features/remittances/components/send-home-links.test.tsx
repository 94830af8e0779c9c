import { cents } from '@pago/shared/money';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureRenderer } from '@/test/render-feature';
import { SendHomeLinks } from './send-home-links';

const render = featureRenderer('remittances');
const remittance = {
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'remittance' as const,
  direction: 'out' as const,
  amountCents: cents(2000),
  details: { recipientId: '11111111-1111-4111-8111-111111111111' },
};

describe('SendHomeLinks', () => {
  it('links a sent remittance to its tracking page and to sending it again', async () => {
    await render(<SendHomeLinks transfer={remittance} />);
    expect(screen.getByRole('link', { name: 'Ver seguimiento' })).toHaveAttribute(
      'href',
      `/transfers/${remittance.id}`,
    );
    expect(screen.getByRole('link', { name: 'Enviar otra vez' })).toHaveAttribute(
      'href',
      '/send-home?recipient=11111111-1111-4111-8111-111111111111&amount=20.00',
    );
  });

  it('in a list row, only sends again (the row itself opens the receipt)', async () => {
    await render(<SendHomeLinks transfer={remittance} place="list" />);
    expect(screen.queryByRole('link', { name: 'Ver seguimiento' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Enviar otra vez' })).toBeInTheDocument();
  });

  it('shows nothing for a P2P payment', async () => {
    const { container } = await render(<SendHomeLinks transfer={{ ...remittance, kind: 'p2p' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

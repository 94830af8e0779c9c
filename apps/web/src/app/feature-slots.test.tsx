import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityList } from '@/features/activity/components/activity-list';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { FeatureSlots } from './feature-slots';

const render = featureRenderer(['activity', 'remittances'], { user: ANA, path: '/activity' });

const REMITTANCE: Transfer = {
  id: '55555555-5555-4555-8555-555555555555',
  reference: 'R3M1TT4NC3',
  kind: 'remittance',
  status: 'processing',
  direction: 'out',
  amountCents: cents(2000),
  feeCents: cents(299),
  totalCents: cents(2299),
  counterparty: null,
  createdAt: '2025-05-02T15:04:00.000Z',
  details: { recipientId: '11111111-1111-4111-8111-111111111111', recipientCountry: 'MX' },
};

describe('feature slots', () => {
  it('puts the remittances feature’s "Send again" under a sent remittance in the activity', async () => {
    await render(
      <FeatureSlots>
        <ActivityList transfers={[REMITTANCE]} onOpen={() => {}} />
      </FeatureSlots>,
    );
    // The links' code loads when first shown (app/feature-slots.tsx).
    expect(await screen.findByRole('link', { name: 'Enviar otra vez' })).toHaveAttribute(
      'href',
      '/send-home?recipient=11111111-1111-4111-8111-111111111111&amount=20.00',
    );
  });

  it('leaves the activity without them outside the app shell', async () => {
    await render(<ActivityList transfers={[REMITTANCE]} onOpen={() => {}} />);
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enviar otra vez' })).toBeNull();
  });
});

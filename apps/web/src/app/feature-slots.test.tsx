import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityList } from '@/features/activity/components/activity-list';
import { QuoteReview } from '@/features/transfers/components/quote-review';
import { ANA } from '@/test/profiles';
import { makeRemittanceQuote } from '@/test/quotes';
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

  it('shows a remittance’s disclosure on the transfers feature’s review, as sending home does', async () => {
    const renderMoneyMover = featureRenderer(['transfers', 'remittances'], {
      user: ANA,
      path: '/moneymover',
    });
    const review = (
      <FeatureSlots>
        <QuoteReview
          quote={makeRemittanceQuote()}
          recipient="+525512345678"
          sending={false}
          requoting={false}
          onConfirm={() => {}}
          onRequote={() => {}}
          onEdit={() => {}}
        />
      </FeatureSlots>
    );
    const view = await renderMoneyMover(review, { language: 'es' });
    // The disclosure's code loads when first shown (app/feature-slots.tsx).
    const disclosure = within(await screen.findByTestId('disclosure'));
    const row = (label: string) =>
      disclosure
        .getAllByText(label, { selector: 'dt' })
        .map((dt) => (dt.nextElementSibling?.textContent ?? '').replace(/\u00a0/g, ' '));
    expect(row('Comisión de envío')).toEqual(['$4.49']);
    expect(row('Total')).toEqual(['$104.49']);
    expect(row('Tipo de cambio')).toEqual(['US$1 = 17.1234 MXN']);
    expect(row('Total para el destinatario')).toEqual(['MXN 1,712.34']);
    expect(row('Fecha de disponibilidad')[0]).toMatch(/^sábado, 21 de noviembre/);
    expect(disclosure.getByText(/^El destinatario podría recibir menos/)).toBeVisible();
    expect(disclosure.getByText(/^Pago no cobra otras comisiones ni impuestos/)).toBeVisible();
    view.unmount();

    await renderMoneyMover(review, { language: 'en' });
    const english = within(await screen.findByTestId('disclosure'));
    expect(english.getByText('Transfer fees').nextElementSibling).toHaveTextContent('$4.49');
    expect(english.getByText(/^Recipient may receive less/)).toBeVisible();
  });
});

import { act, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ANA } from '@/test/profiles';
import { makeRemittanceQuote } from '@/test/quotes';
import { featureRenderer } from '@/test/render-feature';
import {
  RemittanceDisclosureProvider,
  type RemittanceDisclosureSlot,
} from '../lib/disclosure-slot';
import { QuoteReview } from './quote-review';

const render = featureRenderer('transfers', { user: ANA });

const QUOTE = makeRemittanceQuote();

/** A stand-in for the app shell's disclosure: what it was given, in words a test can find. */
const StubDisclosure: RemittanceDisclosureSlot = ({ disclosure }) => (
  <p data-testid="stub-disclosure">{`${disclosure.totalCents} ${disclosure.totalToRecipient}`}</p>
);

function review(quote = QUOTE, slot: RemittanceDisclosureSlot = StubDisclosure) {
  return (
    <RemittanceDisclosureProvider value={slot}>
      <QuoteReview
        quote={quote}
        recipient="+525512345678"
        sending={false}
        requoting={false}
        onConfirm={vi.fn()}
        onRequote={vi.fn()}
        onEdit={vi.fn()}
      />
    </RemittanceDisclosureProvider>
  );
}

describe('the quote review of a remittance', () => {
  it('shows whom it goes to and the disclosure the app shell fills, under the rule’s title', async () => {
    await render(review(), { language: 'es' });
    const section = screen.getByRole('region', { name: 'Revisa los detalles antes de pagar' });
    const row = (label: string) => within(section).getByText(label).nextElementSibling;
    expect(row('Para')).toHaveTextContent('+52 55 1234 5678');
    expect(row('Destino')).toHaveTextContent('México');
    expect(row('Se paga por medio de')).toHaveTextContent('Banco Ejemplo México');
    expect(within(section).getByTestId('stub-disclosure')).toHaveTextContent('10449 1712.34');
    // The disclosure's figures replace the review's own: no second fee or total row.
    expect(within(section).queryByText('Comisión')).toBeNull();
    expect(within(section).queryByText('Sale de tu saldo')).toBeNull();
    expect(
      within(section).getByRole('button', { name: 'Confirmar y enviar $104.49' }),
    ).toBeEnabled();
  });

  it('says the same in English', async () => {
    await render(review(), { language: 'en' });
    const section = screen.getByRole('region', { name: 'Review the details before you pay' });
    expect(within(section).getByText('Paid through').nextElementSibling).toHaveTextContent(
      'Banco Ejemplo México',
    );
  });

  it('offers no confirm until the disclosure has loaded', async () => {
    let loaded: () => void = () => {};
    const loading = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    // As the app shell fills it: code loaded when first shown.
    const Slow: RemittanceDisclosureSlot = lazy(() =>
      loading.then(() => ({ default: StubDisclosure })),
    );
    await render(review(QUOTE, Slow), { language: 'es' });
    expect(screen.getByRole('status', { name: 'Cargando...' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirmar y enviar/ })).toBeNull();
    await act(async () => loaded());
    expect(await screen.findByTestId('stub-disclosure')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmar y enviar $104.49' })).toBeEnabled();
  });

  it('keeps its own rows for a quote without a disclosure', async () => {
    await render(review({ ...QUOTE, disclosure: null }), { language: 'es' });
    const section = screen.getByRole('region', { name: 'Revisa tu envío' });
    expect(within(section).getByText('Comisión').nextElementSibling).toHaveTextContent('$4.49');
    expect(within(section).queryByTestId('stub-disclosure')).toBeNull();
  });
});

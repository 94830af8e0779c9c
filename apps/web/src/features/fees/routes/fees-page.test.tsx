import { FEE_SCHEDULE } from '@pago/shared/fees';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureRenderer } from '@/test/render-feature';
import FeesPage from './fees-page';

const renderFees = featureRenderer('fees');

function renderFeesPage(language: 'es' | 'en') {
  return renderFees(<FeesPage />, { language });
}

/** The row whose header cell starts with `label`, in the table named `table` if given. */
function row(label: string, table?: string) {
  const scope = table ? within(screen.getByRole('table', { name: table })) : screen;
  const header = scope.getByRole('rowheader', { name: (name) => name.startsWith(label) });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`No row for ${label}`);
  return within(tr);
}

describe('FeesPage', () => {
  it.each(['es', 'en'] as const)(
    'renders every section and row of the schedule in %s, with no missing words',
    async (language) => {
      const { container } = await renderFeesPage(language);

      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(FEE_SCHEDULE.length);
      expect(screen.getAllByRole('table')).toHaveLength(FEE_SCHEDULE.length);
      const rowCount = FEE_SCHEDULE.reduce((n, section) => n + section.rows.length, 0);
      expect(screen.getAllByRole('rowheader')).toHaveLength(rowCount);
      // i18next shows the key itself when a translation is missing.
      expect(container.textContent).not.toMatch(
        /\b(title|intro|sections|rows|regions|per|prices|notes|example)\.[a-zA-Z]/,
      );
      expect(container.textContent).not.toContain('{{');
    },
  );

  it('shows the fees in Spanish', async () => {
    await renderFeesPage('es');

    expect(screen.getByRole('heading', { level: 1, name: 'Comisiones' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Comisiones · Pago'));
    expect(screen.getByText(/te mostramos la comisión que vas a pagar/)).toBeInTheDocument();
    expect(
      screen.getByText(/te avisamos por escrito con 30 días de anticipación/),
    ).toBeInTheDocument();

    const mexico = row('México', 'Envíos internacionales');
    expect(mexico.getByText('1.5% + $2.99')).toBeInTheDocument();
    expect(mexico.getByText('Agrega $3.99')).toBeInTheDocument();
    const centralAmerica = row('Centroamérica');
    expect(centralAmerica.getByText('2% + $3.49')).toBeInTheDocument();
    expect(centralAmerica.getByText('Agrega $4.99')).toBeInTheDocument();
    expect(centralAmerica.getByText(/Guatemala, Belice, El Salvador/)).toBeInTheDocument();
    expect(row('Sudamérica').getByText('2.5% + $3.99')).toBeInTheDocument();

    expect(row('Reposición de la tarjeta').getByText('$5.00')).toBeInTheDocument();
    expect(
      row('Retiro instantáneo a tu banco').getByText('$1.75 por transacción'),
    ).toBeInTheDocument();
    // Only what Pago offers: no separate instant transfer, no paper check deposit.
    expect(screen.queryByText('Transferencia instantánea')).toBeNull();
    expect(screen.queryByText('Depósito de cheques en papel')).toBeNull();
    expect(row('Con tarjeta de débito').getByText('2.9% + $0.30')).toBeInTheDocument();
    expect(row('Desde tu cuenta bancaria').getByText('Gratis')).toBeInTheDocument();
    expect(row('Una sola transacción').getByText('$999.00 por transacción')).toBeInTheDocument();
    expect(row('Total diario').getByText('$2,500.00 al día')).toBeInTheDocument();
    expect(row('Total mensual').getByText('$10,000.00 al mes')).toBeInTheDocument();
    expect(
      row('Cajeros de la red').getByText('Gratis hasta 4 al mes; después, $2.50 cada uno'),
    ).toBeInTheDocument();
    expect(
      row('Depósitos en efectivo').getByText('Gratis hasta $500.00 al mes; después, $1.99'),
    ).toBeInTheDocument();
    expect(row('Envío exprés').getByText('Menos de 30 minutos')).toBeInTheDocument();
    expect(row('Envío estándar').getByText('1-3 días')).toBeInTheDocument();
    expect(row('Horario').getByText(/^De lunes a viernes, 8/)).toBeInTheDocument();
    expect(
      row('Remesa tradicional').getByText('Del 3% al 6% + de $5.00 a $15.00'),
    ).toBeInTheDocument();
  });

  it('shows the fees in English', async () => {
    await renderFeesPage('en');

    expect(screen.getByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    const mexico = row('Mexico', 'International transfers');
    expect(mexico.getByText('1.5% + $2.99')).toBeInTheDocument();
    expect(mexico.getByText('Adds $3.99')).toBeInTheDocument();
    expect(row('Replacement card').getByText('$5.00')).toBeInTheDocument();
    expect(row('Expedited card delivery').getByText('$15.00')).toBeInTheDocument();
    expect(row('With a debit card').getByText('2.9% + $0.30')).toBeInTheDocument();
    expect(row('With a credit card').getByText('3.5% + $0.30')).toBeInTheDocument();
    expect(row('A single transaction').getByText('$999.00 per transaction')).toBeInTheDocument();
    expect(row('Daily total').getByText('$2,500.00 a day')).toBeInTheDocument();
    expect(row('Monthly total').getByText('$10,000.00 a month')).toBeInTheDocument();
    expect(
      row('ATMs outside the US').getByText("$3.50 plus whatever the ATM's bank charges"),
    ).toBeInTheDocument();
    expect(row('Same-day service hours').getByText(/^Monday to Friday, 8/)).toBeInTheDocument();
    expect(row('Notice before').getByText('30 days in advance, in writing')).toBeInTheDocument();
  });

  it('lists the per-currency fixed fees and states that they win over the regional one', async () => {
    await renderFeesPage('en');

    const table = screen.getByRole('table', { name: 'Fixed fee by currency' });
    const ecuador = row('Ecuador', 'Fixed fee by currency');
    expect(ecuador.getByText('US Dollar (USD)')).toBeInTheDocument();
    expect(ecuador.getByText('$2.99')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mexico', 'Guatemala', 'Honduras', 'Colombia', 'Peru', 'Ecuador']);
    expect(
      screen.getByText(/per-currency fixed fee replaces its region's fixed fee/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'For example, to send to Ecuador you pay a $2.99 fixed fee, not the $3.99 of South America.',
      ),
    ).toBeInTheDocument();
  });

  it('states the rule in Spanish with the Ecuador example', async () => {
    await renderFeesPage('es');

    expect(
      screen.getByText(
        'Por ejemplo, para enviar a Ecuador pagas una tarifa fija de $2.99, no los $3.99 de Sudamérica.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the exchange spreads and the countries paid in dollars', async () => {
    await renderFeesPage('en');

    expect(row('Mexican Peso (MXN)').getByText('Market rate + 2%')).toBeInTheDocument();
    expect(row('All other currencies').getByText('Market rate + 2.5%')).toBeInTheDocument();
    const usd = row('US Dollar (USD)');
    expect(usd.getByText('No currency exchange')).toBeInTheDocument();
    expect(usd.getByText(/^El Salvador, Panama, and Ecuador receive dollars/)).toBeInTheDocument();
  });

  it('works out the example and the comparison with the real fee functions', async () => {
    await renderFeesPage('en');

    expect(
      screen.getByRole('heading', { level: 3, name: 'Example: sending $100.00 to Mexico' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Standard: 1.5% of $100.00 ($1.50) + $2.99 fixed fee = $4.49 in fees.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Express: $4.49 + $3.99 express charge = $8.48 in fees.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/usually costs \$8\.00 to \$21\.00\. With Pago, .* costs \$4\.49\./),
    ).toBeInTheDocument();
  });
});

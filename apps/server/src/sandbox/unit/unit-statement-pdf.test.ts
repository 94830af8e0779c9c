import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { periodBounds, renderStatementPdf, type StatementData } from './unit-statement-pdf';

const base: StatementData = {
  language: 'es',
  orgName: 'Pago',
  holder: { name: 'Iñaki Muñoz', addressLines: ['1 Calle Ñandú', 'Miami, FL 33131'] },
  accountNumber: '4403216789',
  routingNumber: '812345678',
  period: '2026-02',
  opening: 1_000_000,
  closing: 0,
  transactions: [],
};

describe('the Unit fake’s statement PDF', () => {
  it('pages a long month, repeating the table header, with totals over every transaction', async () => {
    let balance = base.opening;
    const transactions = Array.from({ length: 90 }, (_, i) => {
      const amount = i % 3 === 0 ? 12_345 : -4_321;
      balance += amount;
      return {
        createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 28), 12)),
        summary: `Movimiento número ${i + 1} ${'con una descripción muy larga '.repeat(4)}`,
        amount,
        balance,
      };
    });
    const text = await pdfText(
      Buffer.from(await renderStatementPdf({ ...base, transactions, closing: balance })),
    );
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.match(/^Descripción$/gm)).toHaveLength(pages);
    // 30 credits of $123.45 and 60 debits of $43.21.
    expect(text).toMatch(/Depósitos y créditos\n\$3,703\.50\n/);
    expect(text).toMatch(/Retiros y débitos\n-\$2,592\.60\n/);
    expect(text).toMatch(/Saldo inicial\n\$10,000\.00\n/);
    expect(text).toMatch(/Saldo final\n\$11,110\.90\n/);
    expect(text).toContain('Movimiento número 90');
    // Long descriptions are cut to their column.
    expect(text).toMatch(/Movimiento número 1 con una descripción muy larga.*…\n/);
    expect(text).toContain('Iñaki Muñoz');
    expect(text).toContain('1 de febrero de 2026 – 28 de febrero de 2026');
  });

  it('says so when nothing moved, in English too', async () => {
    const text = await pdfText(
      Buffer.from(await renderStatementPdf({ ...base, language: 'en', closing: base.opening })),
    );
    expect(text).toContain('There were no transactions in this period.');
    expect(text).toContain('February 1, 2026 – February 28, 2026');
    expect(text).toMatch(/Closing balance\n\$10,000\.00\n/);
    expect(text).toContain('Account number: ••••6789');
  });

  it('bounds a period by its calendar month', () => {
    expect(periodBounds('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});

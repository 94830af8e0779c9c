import { cents, formatUsd, intlLocale, type Locale } from '@pago/shared/money';
import type { PDFFont } from 'pdf-lib';

/** What a monthly statement shows: the holder, the account, the month and its transactions. */
export type StatementData = {
  language: Locale;
  /** The name the statement is branded with (Unit renders statements with the client's name). */
  orgName: string;
  holder: { name: string; addressLines: string[] };
  accountNumber: string;
  routingNumber: string;
  /** "2026-11" */
  period: string;
  /** Cents, at the start and end of the period. */
  opening: number;
  closing: number;
  /** Oldest first; `amount` signed (credits positive), `balance` after it, cents. */
  transactions: { createdAt: Date; summary: string; amount: number; balance: number }[];
};

const LABELS = {
  es: {
    title: 'Estado de cuenta mensual',
    holder: 'Titular',
    account: 'Número de cuenta',
    routing: 'Número de ruta',
    period: 'Periodo',
    opening: 'Saldo inicial',
    credits: 'Depósitos y créditos',
    debits: 'Retiros y débitos',
    closing: 'Saldo final',
    date: 'Fecha',
    description: 'Descripción',
    amount: 'Monto',
    balance: 'Saldo',
    none: 'No hubo movimientos en este periodo.',
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    questions: '¿Preguntas? Escríbenos desde la app.',
  },
  en: {
    title: 'Monthly account statement',
    holder: 'Account holder',
    account: 'Account number',
    routing: 'Routing number',
    period: 'Period',
    opening: 'Opening balance',
    credits: 'Deposits and credits',
    debits: 'Withdrawals and debits',
    closing: 'Closing balance',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    balance: 'Balance',
    none: 'There were no transactions in this period.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    questions: 'Questions? Write to us from the app.',
  },
} as const;

const PAGE = { width: 612, height: 792, margin: 54 };
const ROW = 16;
const COLUMNS = { date: 54, description: 130, amount: 470, balance: 558 };

/** The masked account number a statement shows ("••••6789"). */
export const maskAccountNumber = (number: string) => `••••${number.slice(-4)}`;

/** The first and last day of a period, UTC. */
export function periodBounds(period: string): { start: Date; end: Date } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/** Renders the statement as a PDF (Letter, Helvetica; WinAnsi covers á é í ó ú ñ ¿ ¡). */
export async function renderStatementPdf(data: StatementData): Promise<Uint8Array> {
  const words = LABELS[data.language];
  const locale = intlLocale(data.language);
  // pdf-lib is loaded with the first document, not at every start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const PRIMARY = rgb(0x3a / 255, 0x4a / 255, 0xdf / 255);
  const GREY = rgb(0.35, 0.35, 0.4);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${data.orgName} — ${words.title} ${data.period}`);
  pdf.setAuthor(data.orgName);
  pdf.setLanguage(data.language === 'es' ? 'es-US' : 'en-US');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  // Text a person typed can hold characters the standard fonts lack (emoji, CJK): shown as "?".
  const safe = (value: string) =>
    Array.from(value.normalize('NFC'), (ch) =>
      encodable.has(ch.codePointAt(0) ?? 0) ? ch : '?',
    ).join('');
  const money = (amount: number) => formatUsd(cents(amount), data.language);
  const day = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const { start, end } = periodBounds(data.period);
  const last = new Date(end.getTime() - 86_400_000);

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (
    value: string,
    x: number,
    options: {
      font?: PDFFont;
      size?: number;
      right?: boolean;
      color?: typeof GREY;
      maxWidth?: number;
    } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    let line = safe(value);
    // Long descriptions are cut to their column.
    const maxWidth = options.maxWidth ?? Number.POSITIVE_INFINITY;
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) {
      line = `${line.slice(0, -2)}…`;
    }
    const width = font.widthOfTextAtSize(line, size);
    page.drawText(line, {
      x: options.right ? x - width : x,
      y,
      size,
      font,
      color: options.color ?? rgb(0, 0, 0),
    });
  };
  const tableHeader = () => {
    write(words.date, COLUMNS.date, { font: bold });
    write(words.description, COLUMNS.description, { font: bold });
    write(words.amount, COLUMNS.amount, { font: bold, right: true });
    write(words.balance, COLUMNS.balance, { font: bold, right: true });
    y -= 6;
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.5,
      color: GREY,
    });
    y -= ROW;
  };

  write(data.orgName, PAGE.margin, { font: bold, size: 24, color: PRIMARY });
  write(words.title, PAGE.width - PAGE.margin, { font: bold, size: 12, right: true });
  y -= 36;
  write(words.holder, PAGE.margin, { font: bold, size: 9, color: GREY });
  write(words.period, 330, { font: bold, size: 9, color: GREY });
  y -= 14;
  write(data.holder.name, PAGE.margin, { font: bold, size: 11 });
  write(`${longDay.format(start)} – ${longDay.format(last)}`, 330, { size: 10 });
  y -= 14;
  const details: [string, string][] = [
    [words.account, maskAccountNumber(data.accountNumber)],
    [words.routing, data.routingNumber],
  ];
  for (const [index, line] of data.holder.addressLines.entries()) {
    write(line, PAGE.margin);
    const detail = details[index];
    if (detail) write(`${detail[0]}: ${detail[1]}`, 330);
    y -= 14;
  }
  for (const detail of details.slice(data.holder.addressLines.length)) {
    write(`${detail[0]}: ${detail[1]}`, 330);
    y -= 14;
  }
  y -= 16;

  const credits = data.transactions.filter((t) => t.amount > 0).reduce((s, t) => s + t.amount, 0);
  const debits = data.transactions.filter((t) => t.amount < 0).reduce((s, t) => s - t.amount, 0);
  const summary: [string, string][] = [
    [words.opening, money(data.opening)],
    [words.credits, money(credits)],
    [words.debits, money(-debits)],
    [words.closing, money(data.closing)],
  ];
  for (const [index, [label, value]] of summary.entries()) {
    const font = index === 0 || index === summary.length - 1 ? bold : regular;
    write(label, PAGE.margin, { font, size: 11 });
    write(value, 300, { font, size: 11, right: true });
    y -= ROW;
  }
  y -= 14;

  tableHeader();
  if (data.transactions.length === 0) {
    write(words.none, COLUMNS.description, { color: GREY });
    y -= ROW;
  }
  for (const t of data.transactions) {
    if (y < PAGE.margin + 30) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      tableHeader();
    }
    write(day.format(t.createdAt), COLUMNS.date);
    write(t.summary, COLUMNS.description, { maxWidth: COLUMNS.amount - 90 - COLUMNS.description });
    write(money(t.amount), COLUMNS.amount, { right: true });
    write(money(t.balance), COLUMNS.balance, { right: true });
    y -= ROW;
  }

  const pages = pdf.getPages();
  for (const [index, each] of pages.entries()) {
    page = each;
    y = PAGE.margin - 20;
    write(words.questions, PAGE.margin, { size: 8, color: GREY });
    write(words.page(index + 1, pages.length), PAGE.width - PAGE.margin, {
      size: 8,
      right: true,
      color: GREY,
    });
  }
  return pdf.save({ useObjectStreams: false });
}

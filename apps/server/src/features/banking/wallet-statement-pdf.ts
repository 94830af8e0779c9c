import type { WalletStatement } from '@pago/shared/contracts/banking';
import { cents, formatUsd, intlLocale } from '@pago/shared/money';
import { formatDateTime, timeZoneLabel } from '@pago/shared/time-zones';
import type { PDFFont } from 'pdf-lib';
import { EASTERN_TIME_ZONE } from '../../lib/eastern-time';
import { monthBounds } from './statement-months';

const LABELS = {
  es: {
    title: 'Estado de cuenta mensual',
    toDate: 'Estado de cuenta del mes en curso (hasta hoy)',
    holder: 'Titular',
    account: 'Número de cuenta',
    routing: 'Número de ruta',
    period: 'Periodo',
    opening: 'Saldo inicial',
    credits: 'Depósitos y créditos',
    debits: 'Pagos, envíos y retiros',
    fees: 'Comisiones',
    closing: 'Saldo final',
    date: 'Fecha',
    description: 'Descripción',
    counterparty: 'Otra parte',
    amount: 'Monto',
    balance: 'Saldo',
    none: 'No hubo movimientos en este periodo.',
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    issued: 'Emitido',
    times: (zone: string) => `Fechas y horas en ${zone}`,
    questions:
      '¿Preguntas? Escríbenos desde la app. El periodo se cuenta en días de hora del Este de EE. UU.',
  },
  en: {
    title: 'Monthly account statement',
    toDate: 'Statement of the month so far',
    holder: 'Account holder',
    account: 'Account number',
    routing: 'Routing number',
    period: 'Period',
    opening: 'Opening balance',
    credits: 'Deposits and credits',
    debits: 'Payments, sends and withdrawals',
    fees: 'Fees',
    closing: 'Closing balance',
    date: 'Date',
    description: 'Description',
    counterparty: 'Other party',
    amount: 'Amount',
    balance: 'Balance',
    none: 'There were no transactions in this period.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    issued: 'Issued',
    times: (zone: string) => `Dates and times in ${zone}`,
    questions: 'Questions? Write to us from the app. The period is counted in US Eastern days.',
  },
} as const;

const PAGE = { width: 612, height: 792, margin: 40 };
const ROW = 15;
const COLUMNS = { date: 40, description: 100, counterparty: 290, amount: 492, balance: 572 };

/** Whose clock the statement's dates and times are read on, and when it was drawn. */
export type StatementClock = {
  /** The user's zone (`accounts.getAccountSettings().timeZone`): every line's date, the issue time. */
  timeZone: string;
  issuedAt: Date;
};

/**
 * The wallet's statement as a PDF (Letter, Helvetica; WinAnsi covers á é í ó ú ñ ¿ ¡, other
 * characters print as "?"): exactly the lines and totals of `statement`, nothing computed anew.
 * The period is the book's month (US Eastern days, as Pago counts them); the dates on the lines
 * and the issue time are in the user's own zone, which the header names — so a movement in the
 * first hours of a month, Eastern time, can carry the month before's last day for a user further
 * west.
 */
export async function renderWalletStatementPdf(
  statement: WalletStatement,
  { timeZone, issuedAt }: StatementClock,
): Promise<Uint8Array> {
  const words = LABELS[statement.language];
  const locale = intlLocale(statement.language);
  // pdf-lib is loaded with the first document, not at every start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const PRIMARY = rgb(0x3a / 255, 0x4a / 255, 0xdf / 255);
  const GREY = rgb(0.35, 0.35, 0.4);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Pago — ${words.title} ${statement.month}`);
  pdf.setAuthor('Pago');
  pdf.setLanguage(statement.language === 'es' ? 'es-US' : 'en-US');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  // A narrow no-break space (some ICU versions put one before "PM") prints as a space.
  const safe = (value: string) =>
    Array.from(value.normalize('NFC').replace(/\u202f/g, ' '), (ch) =>
      encodable.has(ch.codePointAt(0) ?? 0) ? ch : '?',
    ).join('');
  const money = (amount: number) => formatUsd(cents(amount), statement.language);
  const day = new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit', timeZone });
  // The period's days are the book's: its month, US Eastern.
  const longDay = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: EASTERN_TIME_ZONE,
  });
  const { start, end } = monthBounds(statement.month);
  const last = new Date(end.getTime() - 1);

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
    const size = options.size ?? 9;
    let line = safe(value);
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
    write(words.counterparty, COLUMNS.counterparty, { font: bold });
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

  write('Pago', PAGE.margin, { font: bold, size: 24, color: PRIMARY });
  write(statement.toDate ? words.toDate : words.title, PAGE.width - PAGE.margin, {
    font: bold,
    size: 12,
    right: true,
  });
  y -= 36;
  write(words.holder, PAGE.margin, { font: bold, size: 9, color: GREY });
  write(words.period, 330, { font: bold, size: 9, color: GREY });
  y -= 14;
  write(statement.holder.name, PAGE.margin, { font: bold, size: 11 });
  write(`${longDay.format(start)} – ${longDay.format(last)}`, 330, { size: 10 });
  y -= 14;
  const details: [string, string][] = [];
  if (statement.accountNumberMasked) {
    details.push([words.account, statement.accountNumberMasked]);
  }
  if (statement.routingNumber) details.push([words.routing, statement.routingNumber]);
  const rows = Math.max(statement.holder.addressLines.length, details.length);
  for (let index = 0; index < rows; index++) {
    const line = statement.holder.addressLines[index];
    if (line) write(line, PAGE.margin, { size: 10 });
    const detail = details[index];
    if (detail) write(`${detail[0]}: ${detail[1]}`, 330, { size: 10 });
    y -= 14;
  }
  // When it was drawn and the zone its dates are in, on one full-width line (a zone's name can
  // be long: "hora estándar de Argentina (America/Argentina/Buenos_Aires)").
  const issued = `${words.issued}: ${formatDateTime(issuedAt, statement.language, timeZone)}`;
  write(`${issued} · ${words.times(timeZoneLabel(timeZone, statement.language))}`, PAGE.margin, {
    size: 9,
    color: GREY,
    maxWidth: PAGE.width - 2 * PAGE.margin,
  });
  y -= 14;

  const summary: [string, number][] = [
    [words.opening, statement.openingBalanceCents],
    [words.credits, statement.creditsCents],
    [words.debits, statement.debitsCents],
    [words.fees, statement.feesCents],
    [words.closing, statement.closingBalanceCents],
  ];
  for (const [index, [label, value]] of summary.entries()) {
    const font = index === 0 || index === summary.length - 1 ? bold : regular;
    write(label, PAGE.margin, { font, size: 11 });
    write(money(value), 300, { font, size: 11, right: true });
    y -= ROW + 1;
  }
  y -= 12;

  tableHeader();
  if (statement.lines.length === 0) {
    write(words.none, COLUMNS.description, { color: GREY });
    y -= ROW;
  }
  for (const line of statement.lines) {
    if (y < PAGE.margin + 30) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      tableHeader();
    }
    write(day.format(new Date(line.date)), COLUMNS.date);
    write(line.description, COLUMNS.description, {
      maxWidth: COLUMNS.counterparty - COLUMNS.description - 8,
    });
    write(line.counterparty ?? '', COLUMNS.counterparty, {
      maxWidth: COLUMNS.amount - 70 - COLUMNS.counterparty,
    });
    write(money(line.amountCents), COLUMNS.amount, { right: true });
    write(money(line.balanceCents), COLUMNS.balance, { right: true });
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

import { type Cents, formatUsd } from '@pago/shared/money';
import type { PDFFont } from 'pdf-lib';

/** What the direct-deposit authorization form is filled with. */
export type DirectDepositFormInput = {
  name: string;
  address: string;
  bankName: string;
  routingNumber: string;
  accountNumber: string;
  split: { type: 'all' } | { type: 'percent'; percent: number } | { type: 'fixed'; cents: Cents };
};

const PAGE = { width: 612, height: 792, margin: 56 };

const WORDS = {
  es: {
    title: 'Autorización de depósito directo',
    subtitle: 'Direct deposit authorization',
    intro:
      'Entrega este formulario al departamento de recursos humanos o de nómina de tu empleador. Autorizo a mi empleador a depositar mi pago en la cuenta indicada abajo.',
    employee: 'Nombre del empleado / Employee name',
    address: 'Dirección / Address',
    bank: 'Banco / Bank name',
    routing: 'Número de ruta / Routing number (ABA)',
    account: 'Número de cuenta / Account number',
    type: 'Tipo de cuenta / Account type',
    checking: 'Cuenta corriente / Checking',
    amount: 'Monto a depositar / Amount to deposit',
    all: 'El total de cada pago (100 %) / Entire paycheck',
    percent: (p: number) => `${p} % de cada pago / ${p}% of each paycheck`,
    fixed: (a: string) => `${a} de cada pago / ${a} of each paycheck`,
    authorization:
      'Esta autorización sigue vigente hasta que yo la cancele por escrito. Si se deposita dinero por error, autorizo a mi empleador a corregirlo.',
    signature: 'Firma del empleado / Employee signature',
    date: 'Fecha / Date',
  },
  en: {
    title: 'Direct deposit authorization',
    subtitle: 'Autorización de depósito directo',
    intro:
      "Give this form to your employer's human resources or payroll department. I authorize my employer to deposit my pay into the account below.",
    employee: 'Employee name / Nombre del empleado',
    address: 'Address / Dirección',
    bank: 'Bank name / Banco',
    routing: 'Routing number (ABA) / Número de ruta',
    account: 'Account number / Número de cuenta',
    type: 'Account type / Tipo de cuenta',
    checking: 'Checking / Cuenta corriente',
    amount: 'Amount to deposit / Monto a depositar',
    all: 'Entire paycheck / El total de cada pago (100 %)',
    percent: (p: number) => `${p}% of each paycheck / ${p} % de cada pago`,
    fixed: (a: string) => `${a} of each paycheck / ${a} de cada pago`,
    authorization:
      'This authorization remains in effect until I cancel it in writing. If money is deposited in error, I authorize my employer to correct it.',
    signature: 'Employee signature / Firma del empleado',
    date: 'Date / Fecha',
  },
} as const;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The bilingual direct-deposit authorization form (Letter, Helvetica), pre-filled with the
 * user's name and address, the partner bank, routing and account numbers, a checking account and
 * the part of each paycheck asked for; every line drawn as text (test/pdf-text.ts reads it).
 */
export async function renderDirectDepositForm(
  input: DirectDepositFormInput,
  language: 'es' | 'en',
): Promise<Uint8Array> {
  const w = WORDS[language];
  // pdf-lib is loaded with the first document, not at every start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Pago — ${w.title}`);
  pdf.setAuthor('Pago');
  pdf.setLanguage(language === 'es' ? 'es-US' : 'en-US');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  // A typed name may hold characters the standard fonts lack: shown as "?".
  const safe = (value: string) =>
    Array.from(value.normalize('NFC'), (ch) =>
      encodable.has(ch.codePointAt(0) ?? 0) ? ch : '?',
    ).join('');
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, font: PDFFont, size: number, gap = 6) => {
    for (const line of wrap(safe(value), font, size, width)) {
      y -= size;
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= gap;
    }
  };
  const field = (label: string, value: string) => {
    text(label, regular, 9, 3);
    text(value || '—', bold, 13, 4);
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.margin + width, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= 12;
  };
  text('Pago', bold, 12, 10);
  text(w.title, bold, 20, 2);
  text(w.subtitle, regular, 12, 14);
  text(w.intro, regular, 10, 16);
  const amount =
    input.split.type === 'all'
      ? w.all
      : input.split.type === 'percent'
        ? w.percent(input.split.percent)
        : w.fixed(formatUsd(input.split.cents, language));
  field(w.employee, input.name);
  field(w.address, input.address);
  field(w.bank, input.bankName);
  field(w.routing, input.routingNumber);
  field(w.account, input.accountNumber);
  field(w.type, w.checking);
  field(w.amount, amount);
  y -= 6;
  text(w.authorization, regular, 10, 36);
  field(w.signature, ' ');
  field(w.date, ' ');
  return pdf.save();
}

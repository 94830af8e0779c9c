import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import { type Cents, formatUsd, intlLocale } from '@pago/shared/money';
import { formatReference } from '@pago/shared/reference';
import {
  REMITTANCE_CONTACTS,
  REMITTANCE_RIGHTS,
  type RightsLanguage,
} from '@pago/shared/remittance-rights';
import { formatDateTime } from '@pago/shared/time-zones';
import type { PDFFont } from 'pdf-lib';
import { escapeHtml } from '../../lib/html';
import { type EmailContent, plainName } from '../../providers/email/templates';

/**
 * The receipt of a remittance (§ 1005.31(b)(2)): what was disclosed before paying, the date the
 * money is available, the recipient, the sender, date and reference, the sender's rights
 * (cancellation, error resolution) and whom to contact. Written once as `receiptContent`, drawn
 * as a PDF and sent as an e-mail from it, with every label and statement from
 * packages/shared/src/remittance-rights.ts (the screens use the same), never reworded here.
 */

/**
 * A remittance as its tracking page shows it, who sent it (the receipt names the sender), and the
 * sender's time zone (`userTimeZone`), in which its date and the date available are written.
 */
export type RemittanceReceiptView = {
  tracking: RemittanceTracking;
  senderName: string;
  timeZone: string;
};

/** One row of figures: a label and its value. */
type Row = { label: string; value: string };

/** The receipt's content, in one language, in the order it is read. */
export type ReceiptContent = {
  title: string;
  heading: string;
  /** Reference, date, sender and recipient. */
  parties: Row[];
  /** The disclosure's figures and the date available. */
  figures: Row[];
  /** The rule's statements: other fees, cancellation, error resolution. */
  statements: string[];
  contactsTitle: string;
  contacts: string[];
};

/** An exact decimal amount in a payout currency ("GTQ 770.00"); a decimal text is formatted exactly. */
function foreign(amount: string, currency: string, language: RightsLanguage): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
    }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}

function countryName(code: string, language: RightsLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The payer fields that name the account paid into, as the receipt shows it (masked). */
const ACCOUNT_FIELDS = ['clabe', 'cbu', 'iban', 'bank_account_number', 'msisdn'] as const;

/** How the recipient is paid, as a line: the payer and the masked account or wallet. */
function payoutLine(recipient: NonNullable<RemittanceTracking['recipient']>): string {
  const { payout } = recipient;
  // A recipient saved before the payers has no fields.
  const masked = ACCOUNT_FIELDS.map((name) => payout.fields?.[name]).find(Boolean);
  const account = payout.accountMask ?? masked ?? payout.walletPhone ?? null;
  return [payout.payerName, account].filter(Boolean).join(' · ');
}

/** What the receipt says, in `language`: the PDF and the e-mail are drawn from this only. */
export function receiptContent(
  { tracking, senderName, timeZone }: RemittanceReceiptView,
  language: RightsLanguage,
): ReceiptContent {
  // In the sender's own zone, with the zone's name ("20 nov 2026, 7:30 a.m. PST").
  const dateTime = (iso: string) => formatDateTime(iso, language, timeZone);
  const rights = REMITTANCE_RIGHTS[language];
  const { labels } = rights;
  const { transfer, recipient } = tracking;
  const disclosure = tracking.disclosure ?? null;
  const usd = (cents: number) => formatUsd(cents as Cents, language);

  const parties: Row[] = [
    { label: labels.reference, value: formatReference(transfer.reference) },
    { label: labels.date, value: dateTime(transfer.createdAt) },
    { label: labels.sender, value: senderName },
  ];
  if (recipient) {
    parties.push({
      label: labels.recipient,
      value: [recipient.fullName, countryName(recipient.country, language), payoutLine(recipient)]
        .filter(Boolean)
        .join(' · '),
    });
  }

  const figures: Row[] = disclosure
    ? [
        { label: labels.transferAmount, value: usd(disclosure.transferAmountCents) },
        { label: labels.transferFees, value: usd(disclosure.transferFeeCents) },
        { label: labels.transferTaxes, value: usd(disclosure.transferTaxesCents) },
        { label: labels.total, value: usd(disclosure.totalCents) },
        {
          label: labels.exchangeRate,
          value: `1 USD = ${disclosure.exchangeRate} ${disclosure.payoutCurrency}`,
        },
        {
          label: labels.transferAmountForeign,
          value: foreign(disclosure.transferAmountForeign, disclosure.payoutCurrency, language),
        },
        {
          label: labels.otherFees,
          value: foreign(disclosure.otherFeesForeign, disclosure.payoutCurrency, language),
        },
        {
          label: labels.totalToRecipient,
          value: foreign(disclosure.totalToRecipient, disclosure.payoutCurrency, language),
        },
        { label: labels.availableBy, value: dateTime(disclosure.availableBy) },
      ]
    : [
        // A remittance from before the partner (no disclosure kept): what the transfer records.
        { label: labels.transferAmount, value: usd(transfer.amountCents) },
        { label: labels.transferFees, value: usd(transfer.feeCents) },
        { label: labels.total, value: usd(transfer.totalCents) },
        { label: labels.availableBy, value: dateTime(tracking.expectedBy) },
      ];

  const { pago, stateRegulator, cfpb } = REMITTANCE_CONTACTS;
  return {
    title: rights.title,
    heading: `${rights.receipt} · ${rights.title}`,
    parties,
    figures,
    statements: [
      ...(disclosure?.recipientMayReceiveLess ? [rights.recipientMayReceiveLess] : []),
      rights.otherFeesNote,
      rights.cancellation,
      rights.errorResolution,
    ],
    contactsTitle: rights.contactsTitle,
    contacts: [
      `${rights.contactPago}: ${pago.phone} · ${pago.email} · ${pago.web}`,
      `${rights.contactRegulator}: ${stateRegulator.name} · ${stateRegulator.web}`,
      `${rights.contactCfpb}: ${cfpb.phone} (TTY ${cfpb.tty}) · ${cfpb.web}`,
    ],
  };
}

const PAGE = { width: 612, height: 792, margin: 54 };

/** Words of `text` in lines no wider than `width` (a word longer than a line stays whole). */
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
 * The receipt as a PDF (Letter, Helvetica: WinAnsi covers á é í ó ú ñ ¿ ¡ and ’), one or more
 * pages, every line drawn as text (so a test reads it back, test/pdf-text.ts).
 */
export async function renderRemittanceReceiptPdf(
  view: RemittanceReceiptView,
  language: RightsLanguage,
): Promise<Uint8Array> {
  const content = receiptContent(view, language);
  // pdf-lib is loaded with the first document, not at every start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const PRIMARY = rgb(0x3a / 255, 0x4a / 255, 0xdf / 255);
  const GREY = rgb(0.35, 0.35, 0.4);
  const BLACK = rgb(0, 0, 0);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Pago — ${content.heading} ${formatReference(view.tracking.transfer.reference)}`);
  pdf.setAuthor('Pago');
  pdf.setLanguage(language === 'es' ? 'es-US' : 'en-US');
  // Fixed dates: the same receipt renders to the same bytes.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  // Names a person typed can hold characters the standard fonts lack (emoji, CJK): shown as "?".
  // A narrow no-break space (some ICU versions put one before "PM") prints as a space.
  const safe = (value: string) =>
    Array.from(value.normalize('NFC').replace(/\u202f/g, ' '), (ch) =>
      encodable.has(ch.codePointAt(0) ?? 0) ? ch : '?',
    ).join('');
  const width = PAGE.width - 2 * PAGE.margin;

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const room = (height: number) => {
    if (y - height < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const draw = (
    text: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: typeof GREY; right?: boolean } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const line = safe(text);
    const lineWidth = font.widthOfTextAtSize(line, size);
    page.drawText(line, {
      x: options.right ? x - lineWidth : x,
      y,
      size,
      font,
      color: options.color ?? BLACK,
    });
  };
  const paragraph = (text: string, options: { font?: PDFFont; size?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(safe(text), font, size, width)) {
      room(size + 4);
      draw(line, PAGE.margin, { font, size });
      y -= size + 4;
    }
  };
  const rows = (items: Row[]) => {
    for (const { label, value } of items) {
      const lines = wrap(safe(value), regular, 10, width - 200);
      room(14 * lines.length);
      draw(label, PAGE.margin, { font: bold, size: 10, color: GREY });
      for (const line of lines) {
        draw(line, PAGE.width - PAGE.margin, { right: true });
        y -= 14;
      }
    }
  };

  draw('Pago', PAGE.margin, { font: bold, size: 24, color: PRIMARY });
  draw(content.heading, PAGE.width - PAGE.margin, { font: bold, size: 12, right: true });
  y -= 40;
  rows(content.parties);
  y -= 10;
  page.drawLine({
    start: { x: PAGE.margin, y: y + 6 },
    end: { x: PAGE.width - PAGE.margin, y: y + 6 },
    thickness: 0.5,
    color: GREY,
  });
  y -= 10;
  rows(content.figures);
  y -= 12;
  for (const statement of content.statements) {
    paragraph(statement);
    y -= 6;
  }
  y -= 6;
  room(30);
  paragraph(content.contactsTitle, { font: bold, size: 11 });
  for (const contact of content.contacts) paragraph(contact);
  return pdf.save();
}

/**
 * The receipt by e-mail, in `language` (the one the sender used): sent when the remittance is
 * paid. The same content as the PDF, as text and as HTML.
 */
export function remittanceReceiptEmail(
  view: RemittanceReceiptView,
  language: RightsLanguage,
): EmailContent {
  const content = receiptContent({ ...view, senderName: plainName(view.senderName) }, language);
  const subject = `${content.heading} ${formatReference(view.tracking.transfer.reference)}`;
  const rowText = ({ label, value }: Row) => `${label}: ${value}`;
  const text = [
    content.heading,
    '',
    ...content.parties.map(rowText),
    '',
    ...content.figures.map(rowText),
    '',
    ...content.statements.flatMap((statement) => [statement, '']),
    content.contactsTitle,
    ...content.contacts,
  ].join('\n');
  const rowHtml = ({ label, value }: Row) =>
    `<tr><td style="color:#4B5563;padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="text-align:right;padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 8px">Pago</p>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
<table style="width:100%;border-collapse:collapse;margin:0 0 16px">
${content.parties.map(rowHtml).join('\n')}
</table>
<table style="width:100%;border-collapse:collapse;margin:0 0 16px;border-top:1px solid #E5E7EB">
${content.figures.map(rowHtml).join('\n')}
</table>
${content.statements.map((statement) => `<p>${escapeHtml(statement)}</p>`).join('\n')}
<p style="font-weight:700">${escapeHtml(content.contactsTitle)}</p>
${content.contacts.map((contact) => `<p style="margin:4px 0">${escapeHtml(contact)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html, language };
}

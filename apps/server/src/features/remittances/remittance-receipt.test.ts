import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { RemittanceTracking } from '@pago/shared/contracts/remittances';
import { cents } from '@pago/shared/money';
import {
  REMITTANCE_CONTACTS,
  REMITTANCE_RIGHTS,
  type RightsLanguage,
} from '@pago/shared/remittance-rights';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { escapeHtml } from '../../lib/html';
import {
  type RemittanceReceiptView,
  receiptContent,
  remittanceReceiptEmail,
  renderRemittanceReceiptPdf,
} from './remittance-receipt';

/**
 * The receipt (§ 1005.31(b)(2)) in both languages, as PDF and as e-mail: every figure of the
 * disclosure with its label, the date available, the parties, and the rule's statements and
 * contacts exactly as remittance-rights.ts words them.
 */

const disclosure: RemittanceDisclosure = {
  transferAmountCents: cents(10_000),
  transferFeeCents: cents(1_048),
  transferTaxesCents: cents(0),
  totalCents: cents(11_048),
  exchangeRate: '7.5460',
  payoutCurrency: 'GTQ',
  transferAmountForeign: '754.60',
  otherFeesForeign: '0.00',
  totalToRecipient: '754.60',
  recipientMayReceiveLess: true,
  availableBy: '2026-11-20T15:30:00.000Z',
};

const tracking: RemittanceTracking = {
  transfer: {
    id: '019a8f3e-1c2d-7e4f-8a9b-0c1d2e3f4a5b',
    reference: 'K7M2Q9X4TB',
    kind: 'remittance',
    status: 'processing',
    direction: 'out',
    amountCents: cents(10_000),
    feeCents: cents(1_048),
    totalCents: cents(11_048),
    counterparty: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    details: {},
    statusHistory: [],
  },
  recipient: {
    fullName: 'José Pérez Núñez',
    country: 'GT',
    phone: '+50222345678',
    payout: {
      method: 'bank_deposit',
      payerId: '1052',
      payerName: 'Banco Ejemplo Guatemala',
      accountMask: null,
      walletPhone: null,
      fields: { iban: '••••9690' },
    },
  },
  timeline: [{ step: 'created', at: '2026-11-20T15:00:00.000Z' }],
  expectedBy: '2026-11-20T15:30:00.000Z',
  pickupCode: null,
  cancellable: true,
  cancelBy: '2026-11-20T15:30:00.000Z',
  disclosure,
  reportBy: '2027-05-19T15:30:00.000Z',
  canReport: true,
  cases: [],
  recipientNotice: { link: null, sms: { sent: null, ready: null } },
};

const view: RemittanceReceiptView = {
  tracking,
  senderName: 'Ana María López',
  timeZone: 'America/New_York',
};
const LANGUAGES: RightsLanguage[] = ['es', 'en'];

/** The PDF's text with its lines joined back (long statements wrap at spaces). */
async function pdfWords(bytes: Uint8Array): Promise<string> {
  const text = await pdfText(Buffer.from(bytes));
  // WinAnsi's right single quotation mark (0x92), which test/pdf-text.ts leaves as its byte.
  return text.replaceAll('\x92', '’').replaceAll('\n', ' ');
}

/** Every label, figure and statement the receipt must carry in `language`, as it must read. */
function required(language: RightsLanguage, input = view) {
  const rights = REMITTANCE_RIGHTS[language];
  const content = receiptContent(input, language);
  const figure = (label: string) => content.figures.find((row) => row.label === label)?.value;
  // One entry per disclosure field: a field added to the disclosure fails here until shown.
  const byField: Record<keyof RemittanceDisclosure, string[]> = {
    transferAmountCents: [rights.labels.transferAmount, '$100.00'],
    transferFeeCents: [rights.labels.transferFees, '$10.48'],
    transferTaxesCents: [rights.labels.transferTaxes, '$0.00'],
    totalCents: [rights.labels.total, '$110.48'],
    exchangeRate: [rights.labels.exchangeRate, '1 USD = 7.5460 GTQ'],
    payoutCurrency: ['GTQ'],
    transferAmountForeign: [rights.labels.transferAmountForeign, '754.60'],
    otherFeesForeign: [rights.labels.otherFees, figure(rights.labels.otherFees) ?? 'missing'],
    totalToRecipient: [
      rights.labels.totalToRecipient,
      figure(rights.labels.totalToRecipient) ?? 'missing',
    ],
    recipientMayReceiveLess: [rights.recipientMayReceiveLess],
    availableBy: [rights.labels.availableBy, figure(rights.labels.availableBy) ?? 'missing'],
  };
  return [
    ...Object.values(byField).flat(),
    rights.labels.reference,
    'K7M2Q-9X4TB',
    rights.labels.date,
    rights.labels.sender,
    'Ana María López',
    rights.labels.recipient,
    'José Pérez Núñez',
    'Guatemala',
    'Banco Ejemplo Guatemala',
    '••••9690',
    rights.otherFeesNote,
    rights.cancellation,
    rights.errorResolution,
    rights.contactsTitle,
    `${rights.contactPago}: ${REMITTANCE_CONTACTS.pago.phone}`,
    REMITTANCE_CONTACTS.pago.email,
    REMITTANCE_CONTACTS.pago.web,
    `${rights.contactRegulator}: ${REMITTANCE_CONTACTS.stateRegulator.name}`,
    REMITTANCE_CONTACTS.stateRegulator.web,
    `${rights.contactCfpb}: ${REMITTANCE_CONTACTS.cfpb.phone}`,
    REMITTANCE_CONTACTS.cfpb.tty,
    REMITTANCE_CONTACTS.cfpb.web,
  ];
}

describe('the receipt’s content', () => {
  it('dates the availability in the sender’s language and zone (here US Eastern), zone named', () => {
    const es = receiptContent(view, 'es').figures.find(
      (row) => row.label === REMITTANCE_RIGHTS.es.labels.availableBy,
    );
    const en = receiptContent(view, 'en').figures.find(
      (row) => row.label === REMITTANCE_RIGHTS.en.labels.availableBy,
    );
    // 15:30 UTC is 10:30 EST.
    expect(es?.value).toMatch(/^20 nov 2026, 10:30\sa\.\s?m\. EST$/);
    expect(en?.value).toMatch(/^Nov 20, 2026, 10:30\sAM EST$/);
    // The payout currency's amounts with its code (Intl puts a no-break space after it).
    const values = receiptContent(view, 'en').figures.map((row) => row.value);
    expect(values.filter((value) => /^GTQ\s754\.60$/.test(value))).toHaveLength(2);
  });

  it('writes its date and the date available in the sender’s own zone (Los Angeles)', () => {
    // Sent at 02:00 UTC on the 21st: the evening of the 20th in Los Angeles.
    const late: RemittanceReceiptView = {
      ...view,
      timeZone: 'America/Los_Angeles',
      tracking: {
        ...tracking,
        transfer: { ...tracking.transfer, createdAt: '2026-11-21T02:00:00.000Z' },
        disclosure: { ...disclosure, availableBy: '2026-11-21T02:30:00.000Z' },
      },
    };
    const es = receiptContent(late, 'es');
    const value = (rows: { label: string; value: string }[], label: string) =>
      rows.find((row) => row.label === label)?.value;
    expect(value(es.parties, REMITTANCE_RIGHTS.es.labels.date)).toMatch(
      /^20 nov 2026, 6:00\sp\.\s?m\. PST$/,
    );
    expect(value(es.figures, REMITTANCE_RIGHTS.es.labels.availableBy)).toMatch(
      /^20 nov 2026, 6:30\sp\.\s?m\. PST$/,
    );
    const en = receiptContent(late, 'en');
    expect(value(en.parties, REMITTANCE_RIGHTS.en.labels.date)).toMatch(
      /^Nov 20, 2026, 6:00\sPM PST$/,
    );
  });

  it('says the same in its PDF and e-mail for a sender in Los Angeles', async () => {
    const la: RemittanceReceiptView = { ...view, timeZone: 'America/Los_Angeles' };
    // 15:00 UTC is 7:00 PST.
    const pdf = await pdfWords(await renderRemittanceReceiptPdf(la, 'en'));
    expect(pdf).toMatch(/Nov 20, 2026, 7:00\sAM PST/);
    expect(pdf).not.toContain('EST');
    const email = remittanceReceiptEmail(la, 'es');
    expect(email.text).toMatch(/20 nov 2026, 7:00\sa\.\s?m\. PST/);
    expect(email.text).not.toContain('EST');
  });

  it('leaves the statement about receiving less out when the money is not deposited', () => {
    const cash = {
      ...view,
      tracking: { ...tracking, disclosure: { ...disclosure, recipientMayReceiveLess: false } },
    };
    for (const language of LANGUAGES) {
      const { statements } = receiptContent(cash, language);
      expect(statements).not.toContain(REMITTANCE_RIGHTS[language].recipientMayReceiveLess);
      expect(statements).toContain(REMITTANCE_RIGHTS[language].cancellation);
    }
  });

  it('shows what the transfer records for a remittance sent before disclosures were kept', () => {
    const old = receiptContent({ ...view, tracking: { ...tracking, disclosure: null } }, 'en');
    expect(old.figures.map((row) => row.label)).toEqual([
      'Transfer amount',
      'Transfer fees',
      'Total',
      'Date available',
    ]);
    expect(old.figures.map((row) => row.value).slice(0, 3)).toEqual([
      '$100.00',
      '$10.48',
      '$110.48',
    ]);
    expect(old.statements).toContain(REMITTANCE_RIGHTS.en.errorResolution);
  });
});

describe('the receipt as PDF', () => {
  for (const language of LANGUAGES) {
    it(`carries every figure, party, statement and contact (${language})`, async () => {
      const text = await pdfWords(await renderRemittanceReceiptPdf(view, language));
      for (const expected of required(language)) expect(text).toContain(expected);
      // Only the sender's language.
      const other = REMITTANCE_RIGHTS[language === 'es' ? 'en' : 'es'];
      expect(text).not.toContain(other.cancellation);
      expect(text).not.toContain(other.errorResolution);
    });
  }

  it('draws characters the font lacks as "?" and stays one document', async () => {
    const bytes = await renderRemittanceReceiptPdf({ ...view, senderName: 'Ana 🌮 López' }, 'es');
    expect(await pdfWords(bytes)).toContain('Ana ? López');
  });
});

describe('the receipt by e-mail', () => {
  for (const language of LANGUAGES) {
    it(`carries every figure, party, statement and contact in text and HTML (${language})`, () => {
      const email = remittanceReceiptEmail(view, language);
      expect(email.language).toBe(language);
      expect(email.subject).toBe(
        `${REMITTANCE_RIGHTS[language].receipt} · ${REMITTANCE_RIGHTS[language].title} K7M2Q-9X4TB`,
      );
      for (const expected of required(language)) {
        expect(email.text).toContain(expected);
        expect(email.html).toContain(escapeHtml(expected));
      }
      expect(email.html).toContain(`<html lang="${language}">`);
    });
  }

  it('escapes what a person typed', () => {
    const email = remittanceReceiptEmail(
      { ...view, senderName: '<script>alert(1)</script> evil.com' },
      'en',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;');
    // Not a link a mail client would make of it.
    expect(email.text).not.toContain('evil.com');
  });
});

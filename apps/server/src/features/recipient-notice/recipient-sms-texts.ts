/**
 * The recipient's SMS, in the language of their country: Spanish for the Spanish-speaking
 * corridors, Portuguese for Brazil, English for Belize and Guyana, Dutch for Suriname. Short, as
 * each SMS segment is billed; every part that comes from a person is cleaned by the caller.
 */
export type SmsLanguage = 'es' | 'pt' | 'en' | 'nl';

const BY_COUNTRY: Record<string, SmsLanguage> = { BR: 'pt', BZ: 'en', GY: 'en', SR: 'nl' };

export function smsLanguageOf(country: string): SmsLanguage {
  return BY_COUNTRY[country] ?? 'es';
}

/** Intl's locale for the amount: the language as spoken in the recipient's country. */
export function amountLocale(language: SmsLanguage, country: string): string {
  return `${language}-${country}`;
}

type Words = {
  sender: string;
  amount: string;
  link: string;
  payer: string | null;
};

export const RECIPIENT_SMS = {
  es: {
    sent: (w: Words, cash: boolean) =>
      cash
        ? `Pago: ${w.sender} te envió ${w.amount} para cobrar en efectivo${w.payer ? ` con ${w.payer}` : ''}. Te mandaremos el código cuando esté listo. Sigue tu envío: ${w.link}`
        : `Pago: ${w.sender} te envió ${w.amount}. Sigue tu envío: ${w.link}`,
    ready: (w: Words, code: string) =>
      `Pago: ya puedes cobrar los ${w.amount} que te envió ${w.sender}${w.payer ? ` en cualquier agente de ${w.payer}` : ''}. Código para cobrar: ${code}. Lleva tu identificación. ${w.link}`,
  },
  pt: {
    sent: (w: Words, cash: boolean) =>
      cash
        ? `Pago: ${w.sender} te enviou ${w.amount} para retirar em dinheiro${w.payer ? ` com ${w.payer}` : ''}. Enviaremos o código quando estiver pronto. Acompanhe: ${w.link}`
        : `Pago: ${w.sender} te enviou ${w.amount}. Acompanhe: ${w.link}`,
    ready: (w: Words, code: string) =>
      `Pago: os ${w.amount} que ${w.sender} te enviou já podem ser retirados${w.payer ? ` em qualquer agente de ${w.payer}` : ''}. Código: ${code}. Leve seu documento. ${w.link}`,
  },
  en: {
    sent: (w: Words, cash: boolean) =>
      cash
        ? `Pago: ${w.sender} sent you ${w.amount} to pick up in cash${w.payer ? ` at ${w.payer}` : ''}. We will text you the code when it is ready. Track it: ${w.link}`
        : `Pago: ${w.sender} sent you ${w.amount}. Track it: ${w.link}`,
    ready: (w: Words, code: string) =>
      `Pago: the ${w.amount} ${w.sender} sent you is ready for pickup${w.payer ? ` at any ${w.payer} agent` : ''}. Pickup code: ${code}. Bring your ID. ${w.link}`,
  },
  nl: {
    sent: (w: Words, cash: boolean) =>
      cash
        ? `Pago: ${w.sender} heeft je ${w.amount} gestuurd om contant op te halen${w.payer ? ` bij ${w.payer}` : ''}. We sturen je de code zodra het klaarstaat. Volg het: ${w.link}`
        : `Pago: ${w.sender} heeft je ${w.amount} gestuurd. Volg het: ${w.link}`,
    ready: (w: Words, code: string) =>
      `Pago: de ${w.amount} die ${w.sender} je stuurde staat klaar${w.payer ? ` bij elk kantoor van ${w.payer}` : ''}. Ophaalcode: ${code}. Neem je identiteitsbewijs mee. ${w.link}`,
  },
} satisfies Record<
  SmsLanguage,
  { sent: (w: Words, cash: boolean) => string; ready: (w: Words, code: string) => string }
>;

/** A person's words in an SMS: one line, no control characters, at most `max` characters. */
export function cleanWords(text: string, max = 40): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The first of a person's names ("María" of "María López García"). */
export function firstName(fullName: string): string {
  return cleanWords(fullName).split(' ')[0] ?? '';
}

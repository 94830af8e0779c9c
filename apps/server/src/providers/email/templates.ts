import type { Language } from '@pago/shared/contracts/accounts';
import { escapeHtml } from '../../lib/html';

export type EmailContent = { subject: string; text: string; html: string };

type CodeEmail = { name: string; code: string; minutes: number };

const TEXTS = {
  es: {
    verify: {
      subject: (code: string) => `${code} es tu código de verificación de Pago`,
      greeting: (name: string) => `Hola, ${name}:`,
      body: 'Usa este código para verificar tu correo electrónico en Pago:',
    },
    reset: {
      subject: (code: string) => `${code} es tu código para restablecer tu contraseña de Pago`,
      greeting: (name: string) => `Hola, ${name}:`,
      body: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Pago. Usa este código:',
    },
    expires: (minutes: number) => `El código vence en ${minutes} minutos.`,
    ignore: 'Si no fuiste tú, ignora este correo. Nunca te pediremos este código por teléfono.',
    signature: 'El equipo de Pago',
  },
  en: {
    verify: {
      subject: (code: string) => `${code} is your Pago verification code`,
      greeting: (name: string) => `Hi ${name},`,
      body: 'Use this code to verify your e-mail address on Pago:',
    },
    reset: {
      subject: (code: string) => `${code} is your Pago password reset code`,
      greeting: (name: string) => `Hi ${name},`,
      body: 'We received a request to reset the password of your Pago account. Use this code:',
    },
    expires: (minutes: number) => `The code expires in ${minutes} minutes.`,
    ignore: "If this wasn't you, ignore this e-mail. We will never ask you for this code by phone.",
    signature: 'The Pago team',
  },
} as const;

function codeEmail(
  language: Language,
  kind: 'verify' | 'reset',
  { name, code, minutes }: CodeEmail,
): EmailContent {
  const t = TEXTS[language];
  const k = t[kind];
  const text = [
    k.greeting(name),
    '',
    k.body,
    '',
    code,
    '',
    t.expires(minutes),
    '',
    t.ignore,
    '',
    t.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px">Pago</p>
<p>${escapeHtml(k.greeting(name))}</p>
<p>${escapeHtml(k.body)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>
<p>${escapeHtml(t.expires(minutes))}</p>
<p style="color:#4B5563">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: k.subject(code), text, html };
}

export function verificationCodeEmail(language: Language, data: CodeEmail): EmailContent {
  return codeEmail(language, 'verify', data);
}

export function passwordResetEmail(language: Language, data: CodeEmail): EmailContent {
  return codeEmail(language, 'reset', data);
}

const PHONE_RELEASED = {
  es: {
    subject: 'Tu teléfono ya no está vinculado a tu cuenta de Pago',
    greeting: (name: string) => `Hola, ${name}:`,
    body: (phone: string) =>
      `El número ${phone} se verificó en otra cuenta de Pago con un código enviado por SMS a ese número, así que ya no está vinculado a tu cuenta. El dinero y las solicitudes que se envíen a ese número ya no llegarán a tu cuenta.`,
    next: 'Si el número sigue siendo tuyo, verifícalo de nuevo desde tu panel de Pago. Tu saldo y tus movimientos no cambiaron.',
    signature: 'El equipo de Pago',
  },
  en: {
    subject: 'Your phone is no longer linked to your Pago account',
    greeting: (name: string) => `Hi ${name},`,
    body: (phone: string) =>
      `The number ${phone} was verified on another Pago account with a code sent by SMS to that number, so it is no longer linked to your account. Money and requests sent to that number will no longer reach your account.`,
    next: 'If the number is still yours, verify it again from your Pago dashboard. Your balance and your activity did not change.',
    signature: 'The Pago team',
  },
} as const;

/** To the previous holder of a phone another account has just verified. */
export function phoneReleasedEmail(
  language: Language,
  { name, phone }: { name: string; phone: string },
): EmailContent {
  const t = PHONE_RELEASED[language];
  const lines = [t.greeting(name), t.body(phone), t.next, t.signature];
  const text = lines.join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px">Pago</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { subject: t.subject, text, html };
}

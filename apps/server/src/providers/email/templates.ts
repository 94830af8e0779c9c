import type { Language } from '@pago/shared/contracts/accounts';
import { type Cents, formatUsd } from '@pago/shared/money';
import { escapeHtml } from '../../lib/html';

/** A message as a template writes it, in one language (its Content-Language). */
export type EmailContent = { subject: string; text: string; html: string; language: Language };

type CodeEmail = { name: string; code: string; minutes: number };

/**
 * A name as mail carries it: plain text that no mail client turns into a link. The name schema
 * already refuses URLs, but names stored before it (or changed by hand) may hold one, and clients
 * auto-link bare "evil.com": a word joiner after a `.`, `@`, `:` or `/` that is followed by more
 * text breaks the pattern they look for while showing the same text. Control and format
 * characters are dropped.
 */
export function plainName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[.@:/\\](?=\S)/g, '$&\u2060')
    .slice(0, 120);
}

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
    exists: {
      subject: 'Alguien intentó crear una cuenta de Pago con tu correo',
      greeting: (name: string) => `Hola, ${name}:`,
      body: [
        'Alguien verificó este correo electrónico e intentó crear una cuenta nueva de Pago con él, pero ya tienes una cuenta con este correo. No creamos ninguna cuenta nueva.',
        'Si fuiste tú, inicia sesión con tu cuenta. Si olvidaste tu contraseña, puedes restablecerla en la página de inicio de sesión.',
        'Si no fuiste tú, nadie pudo entrar a tu cuenta, pero alguien tuvo acceso a un código enviado a este correo: revisa la seguridad de tu correo electrónico.',
      ],
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
    exists: {
      subject: 'Someone tried to open a Pago account with your e-mail',
      greeting: (name: string) => `Hi ${name},`,
      body: [
        'Someone verified this e-mail address and tried to open a new Pago account with it, but you already have an account with this address. No new account was created.',
        'If this was you, sign in to your account. If you forgot your password, you can reset it from the sign-in page.',
        "If this wasn't you, nobody got into your account, but someone could read a code sent to this address: check your e-mail account's security.",
      ],
    },
    expires: (minutes: number) => `The code expires in ${minutes} minutes.`,
    ignore: "If this wasn't you, ignore this e-mail. We will never ask you for this code by phone.",
    signature: 'The Pago team',
  },
} as const;

function page(language: Language, paragraphs: string): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px">Pago</p>
${paragraphs}
</body></html>`;
}

function codeEmail(
  language: Language,
  kind: 'verify' | 'reset',
  { name, code, minutes }: CodeEmail,
): EmailContent {
  const t = TEXTS[language];
  const k = t[kind];
  const greeting = k.greeting(plainName(name));
  const text = [
    greeting,
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
  const html = page(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(k.body)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>
<p>${escapeHtml(t.expires(minutes))}</p>
<p style="color:#4B5563">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>`,
  );
  return { subject: k.subject(code), text, html, language };
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
  return paragraphsEmail(language, t.subject, [
    t.greeting(plainName(name)),
    t.body(phone),
    t.next,
    t.signature,
  ]);
}

/** A plain message: one paragraph per line, in text and in HTML. */
export function paragraphsEmail(
  language: Language,
  subject: string,
  lines: string[],
): EmailContent {
  const text = lines.join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px">Pago</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html, language };
}

const DEPOSIT_RETURNED = {
  es: {
    subject: 'Tu banco devolvió dinero que agregaste a Pago',
    greeting: (name: string) => `Hola, ${name}:`,
    body: (amount: string) =>
      `Tu banco devolvió ${amount} que agregaste a tu saldo de Pago, así que lo quitamos de tu saldo.`,
    owed: (owed: string) =>
      `Ya habías usado parte de ese dinero: tu cuenta debe ${owed}. No podrás enviar dinero hasta cubrirlo; el próximo dinero que agregues lo cubrirá primero.`,
    next: 'Revisa que tu cuenta bancaria tenga fondos o vincula otra cuenta, y vuelve a intentarlo.',
    signature: 'El equipo de Pago',
  },
  en: {
    subject: 'Your bank returned money you added to Pago',
    greeting: (name: string) => `Hi ${name},`,
    body: (amount: string) =>
      `Your bank returned ${amount} you added to your Pago balance, so we took it off your balance.`,
    owed: (owed: string) =>
      `You had already used part of that money: your account owes ${owed}. You cannot send money until it is covered; the next money you add covers it first.`,
    next: 'Check that your bank account has funds or link another account, and try again.',
    signature: 'The Pago team',
  },
} as const;

/** To a user whose bank deposit was returned (ACH return), with what the wallet now owes. */
export function depositReturnedEmail(
  language: Language,
  {
    name,
    amountCents,
    owedCents,
    unsubscribe,
  }: { name: string; amountCents: Cents; owedCents: Cents; unsubscribe?: string | undefined },
): EmailContent {
  const t = DEPOSIT_RETURNED[language];
  const lines = [
    t.greeting(plainName(name)),
    t.body(formatUsd(amountCents, language)),
    ...(owedCents > 0 ? [t.owed(formatUsd(owedCents, language))] : []),
    t.next,
    ...(unsubscribe ? [unsubscribe] : []),
    t.signature,
  ];
  return paragraphsEmail(language, t.subject, lines);
}

/** To an account's owner: someone proved access to their address and tried to sign up with it. */
export function accountExistsEmail(language: Language, { name }: { name: string }): EmailContent {
  const t = TEXTS[language];
  const greeting = t.exists.greeting(plainName(name));
  const text = [greeting, '', ...t.exists.body.flatMap((p) => [p, '']), t.signature].join('\n');
  const html = page(
    language,
    [greeting, ...t.exists.body, t.signature].map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  );
  return { subject: t.exists.subject, text, html, language };
}

const SIGN_IN_LINK = {
  es: {
    subject: 'Tu enlace para iniciar sesión en Pago',
    greeting: (name: string) => `Hola, ${name}:`,
    body: 'Pediste un enlace para iniciar sesión en tu cuenta de Pago. Ábrelo en este dispositivo para entrar:',
    expires: (minutes: number) =>
      `El enlace sirve una sola vez y vence en ${minutes} minutos. Si tienes activados los códigos de dos pasos, también te pediremos uno.`,
    ignore:
      'Si no lo pediste, ignora este correo: nadie puede entrar sin abrir este enlace. Si ves intentos que no reconoces, cambia tu contraseña.',
    signature: 'El equipo de Pago',
  },
  en: {
    subject: 'Your link to sign in to Pago',
    greeting: (name: string) => `Hi ${name},`,
    body: 'You asked for a link to sign in to your Pago account. Open it on this device to sign in:',
    expires: (minutes: number) =>
      `The link works once and expires in ${minutes} minutes. If you use two-step codes, we will ask you for one too.`,
    ignore:
      "If you didn't ask for it, ignore this e-mail: nobody can sign in without opening this link. If you see attempts you don't recognize, change your password.",
    signature: 'The Pago team',
  },
} as const;

/**
 * A one-time sign-in link: the owner's way in while wrong passwords from many
 * networks hold the account's sign-in back.
 */
export function signInLinkEmail(
  language: Language,
  { name, url, minutes }: { name: string; url: string; minutes: number },
): EmailContent {
  const t = SIGN_IN_LINK[language];
  const greeting = t.greeting(plainName(name));
  const text = [greeting, t.body, url, t.expires(minutes), t.ignore, t.signature].join('\n\n');
  const html = page(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#3A4ADF;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escapeHtml(t.subject)}</a></p>
<p style="word-break:break-all;color:#4B5563">${escapeHtml(url)}</p>
<p>${escapeHtml(t.expires(minutes))}</p>
<p style="color:#4B5563">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>`,
  );
  return { subject: t.subject, text, html, language };
}

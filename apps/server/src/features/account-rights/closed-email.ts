import type { Language } from '@pago/shared/contracts/accounts';
import { escapeHtml } from '../../lib/html';
import { type EmailContent, plainName } from '../../providers/email/templates';

const TEXTS = {
  es: {
    subject: 'Cerraste tu cuenta de Pago',
    greeting: (name: string) => `Hola, ${name}:`,
    body: (at: string) =>
      `Tu cuenta de Pago quedó cerrada el ${at}. Ya no puedes iniciar sesión; tus tarjetas y tus bancos vinculados quedaron cerrados.`,
    kept: (until: string) =>
      `La ley nos obliga a guardar el registro de tus movimientos hasta el ${until}. Después borramos o anonimizamos el resto de tus datos.`,
    notYou: 'Si no fuiste tú, responde a este correo de inmediato.',
    signature: 'El equipo de Pago',
  },
  en: {
    subject: 'You closed your Pago account',
    greeting: (name: string) => `Hi ${name},`,
    body: (at: string) =>
      `Your Pago account was closed on ${at}. You can no longer sign in; your cards and linked banks were closed.`,
    kept: (until: string) =>
      `The law requires us to keep the records of your transfers until ${until}. After that we erase or anonymise the rest of your data.`,
    notYou: "If this wasn't you, reply to this e-mail right away.",
    signature: 'The Pago team',
  },
} as const;

function day(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-US', {
    dateStyle: 'long',
    timeZone: 'America/New_York',
  }).format(date);
}

/** The confirmation that an account was closed, and how long its records are kept. */
export function accountClosedEmail(
  language: Language,
  { name, closedAt, keptUntil }: { name: string; closedAt: Date; keptUntil: Date },
): EmailContent {
  const t = TEXTS[language];
  const lines = [
    t.greeting(plainName(name)),
    t.body(day(closedAt, language)),
    t.kept(day(keptUntil, language)),
    t.notYou,
    t.signature,
  ];
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1B1F3B;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:24px;font-weight:800;color:#3A4ADF;margin:0 0 24px">Pago</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { subject: t.subject, text: lines.join('\n\n'), html, language };
}

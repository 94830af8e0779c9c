import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { escapeHtml } from '../../lib/html';

const listQuery = z.strictObject({
  to: z.string().trim().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  lang: z.enum(['es', 'en']).default('es'),
});

const PAGE_TEXT = {
  es: {
    title: 'SMS de prueba',
    intro: 'Cada SMS que Pago envió en modo sandbox, del más reciente al más antiguo',
    filter: 'Filtra con',
    json: 'JSON en',
    to: 'Para',
    empty: 'Todavía no hay mensajes.',
    other: 'English',
  },
  en: {
    title: 'Sandbox SMS',
    intro: 'Every SMS Pago sent in sandbox mode, newest first',
    filter: 'Filter with',
    json: 'JSON at',
    to: 'To',
    empty: 'No messages yet.',
    other: 'Español',
  },
} as const;

async function listSandboxSms(db: Database, to: string | undefined, limit: number) {
  let query = db.selectFrom('sandbox_sms').selectAll().orderBy('id', 'desc').limit(limit);
  // An unencoded "+" in a query string arrives as a space: `?to=+1212…` still finds the number.
  const number = to ? to.replace(/[\s()-]/g, '').replace(/^(?!\+)/, '+') : undefined;
  if (number) query = query.where('to_number', '=', number);
  return query.execute();
}

/** The sandbox stand-in for a phone: every SMS the Twilio fake sent, newest first. Sandbox only. */
export async function smsOutboxRoutes(app: AppInstance): Promise<void> {
  app.get('/sandbox/sms/messages', async (request) => {
    const { to, limit } = listQuery.parse(request.query);
    const rows = await listSandboxSms(app.deps.db, to, limit);
    return rows.map((row) => ({
      to: row.to_number,
      body: row.body,
      sentAt: row.sent_at.toISOString(),
      ...(row.code ? { code: row.code } : {}),
    }));
  });

  app.get('/sandbox/sms', async (request, reply) => {
    const { to, limit, lang } = listQuery.parse(request.query);
    const t = PAGE_TEXT[lang];
    const rows = await listSandboxSms(app.deps.db, to, limit);
    const other = new URLSearchParams({ ...(to ? { to } : {}), lang: lang === 'es' ? 'en' : 'es' });
    const items = rows
      .map(
        (row) => `<article>
  <p class="meta">${t.to} <strong>${escapeHtml(row.to_number)}</strong> · <time datetime="${row.sent_at.toISOString()}">${row.sent_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>
  <p class="body">${escapeHtml(row.body)}</p>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · Pago</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;color:#1B1F3B}
h1{color:#3A4ADF}article{border:1px solid #DDE1F0;border-radius:8px;padding:16px;margin:16px 0}
.meta{color:#4B5563;margin:0 0 8px}.body{margin:0;font-size:18px}</style>
</head><body>
<p><a href="/sandbox/sms?${escapeHtml(other.toString())}" lang="${lang === 'es' ? 'en' : 'es'}">${t.other}</a></p>
<h1>${t.title}</h1>
<p>${t.intro}${to ? ` — ${t.to.toLowerCase()} ${escapeHtml(to)}` : ''}. ${t.filter} <code>?to=+E.164</code>; ${t.json} <a href="/sandbox/sms/messages">/sandbox/sms/messages</a>.</p>
${items || `<p>${t.empty}</p>`}
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { escapeHtml } from '../../lib/html';
import { listSandboxMail } from './mailbox.repository';

const listQuery = z.strictObject({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** The sandbox stand-in for an inbox: every e-mail Pago sent, newest first. Sandbox mode only. */
export async function mailboxRoutes(app: AppInstance): Promise<void> {
  app.get('/sandbox/mailbox/messages', async (request) => {
    const { to, limit } = listQuery.parse(request.query);
    const rows = await listSandboxMail(app.deps.db, to, limit);
    return rows.map((row) => ({
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      sentAt: row.sent_at.toISOString(),
      headers: row.headers,
      ...(row.code ? { code: row.code } : {}),
    }));
  });

  app.get('/sandbox/mailbox', async (request, reply) => {
    const { to, limit } = listQuery.parse(request.query);
    const rows = await listSandboxMail(app.deps.db, to, limit);
    const items = rows
      .map(
        (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(row.to_address)}</strong> · <time datetime="${row.sent_at.toISOString()}">${row.sent_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>
  <pre>${escapeHtml(row.text_body)}</pre>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox · Pago</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;color:#1B1F3B}
h1{color:#3A4ADF}article{border:1px solid #DDE1F0;border-radius:8px;padding:16px;margin:16px 0}
h2{font-size:18px;margin:0 0 4px}.meta{color:#4B5563;margin:0 0 12px}pre{white-space:pre-wrap;font:inherit;margin:0}</style>
</head><body>
<h1>Sandbox mailbox</h1>
<p>Every e-mail Pago sent in sandbox mode, newest first${to ? ` — to ${escapeHtml(to)}` : ''}. Filter with <code>?to=address</code>; JSON at <a href="/sandbox/mailbox/messages">/sandbox/mailbox/messages</a>.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

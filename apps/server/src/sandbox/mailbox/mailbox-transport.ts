import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/database';
import { insertSandboxMail } from './mailbox.repository';

/** A nodemailer transport that stores each message in the sandbox mailbox instead of sending it. */
export function createSandboxMailTransport(db: Database): Transporter {
  return nodemailer.createTransport({
    name: 'pago-sandbox-mailbox',
    version: '1',
    send(mail, callback) {
      const data = mail.data as {
        to: string;
        subject: string;
        text: string;
        html: string;
        headers?: Record<string, string>;
      };
      insertSandboxMail(db, {
        to_address: String(data.to).toLowerCase(),
        subject: data.subject,
        text_body: data.text,
        html_body: data.html,
        code: data.headers?.['x-pago-sandbox-code'] ?? null,
        headers: Object.fromEntries(
          Object.entries(data.headers ?? {})
            .filter(([name]) => name.toLowerCase() !== 'x-pago-sandbox-code')
            .map(([name, value]) => [name.toLowerCase(), String(value)]),
        ),
      }).then(
        () =>
          callback(null, {
            envelope: mail.message.getEnvelope(),
            messageId: mail.message.messageId(),
          }),
        (error: Error) => callback(error, undefined as never),
      );
    },
  });
}

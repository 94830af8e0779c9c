import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { insertSandboxMail } from '../../sandbox/mailbox/mailbox.repository';
import type { EmailContent } from './templates';

export type OutgoingEmail = EmailContent & {
  to: string;
  /** A one-time code the message carries; the sandbox mailbox exposes it for tests. */
  code?: string;
};

export type Mailer = { send(message: OutgoingEmail): Promise<void> };

/**
 * Sends through nodemailer either way: over SMTP when SMTP_URL is set, otherwise (sandbox mode)
 * through a transport that stores the message in the sandbox mailbox.
 */
export function createMailer(config: Config, db: Database): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({
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

  return {
    async send({ to, subject, text, html, code }) {
      await transport.sendMail({
        from: config.emailFrom,
        to,
        subject,
        text,
        html,
        // Only the sandbox transport reads it; real mail never carries the code in a header.
        ...(config.smtpUrl || !code ? {} : { headers: { 'x-pago-sandbox-code': code } }),
      });
    },
  };
}

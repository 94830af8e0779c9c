import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { EmailContent } from './templates';

export type OutgoingEmail = EmailContent & {
  to: string;
  /** A one-time code the message carries; the sandbox mailbox exposes it for tests. */
  code?: string;
};

export type Mailer = { send(message: OutgoingEmail): Promise<void> };

/** The real mail transport: SMTP at SMTP_URL. */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/**
 * Sends through a nodemailer transport the wiring picks: SMTP when SMTP_URL is set, otherwise
 * (sandbox mode only) the sandbox mailbox's transport under sandbox/mailbox.
 */
export function createMailer(config: Config, transport: Transporter): Mailer {
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

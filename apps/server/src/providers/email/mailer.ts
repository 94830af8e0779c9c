import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { EmailContent } from './templates';

export type OutgoingEmail = EmailContent & {
  to: string;
  /**
   * The one-click unsubscribe address of a notification e-mail a user may turn off (RFC 8058);
   * transactional mail (codes, security notices) has none.
   */
  unsubscribeUrl?: string;
  /** A one-time code the message carries; the sandbox mailbox exposes it for tests. */
  code?: string;
};

export type Mailer = { send(message: OutgoingEmail): Promise<void> };

/** The real mail transport: SMTP at SMTP_URL. */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/** The headers Pago sets on a message: its language, and how to stop its kind of e-mail. */
export function emailHeaders({
  language,
  unsubscribeUrl,
}: Pick<OutgoingEmail, 'language' | 'unsubscribeUrl'>): Record<string, string> {
  return {
    'Content-Language': language,
    ...(unsubscribeUrl
      ? {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {}),
  };
}

/**
 * Sends through a nodemailer transport the wiring picks: SMTP when SMTP_URL is set, otherwise
 * (sandbox mode only) the sandbox mailbox's transport under sandbox/mailbox.
 */
export function createMailer(config: Config, transport: Transporter): Mailer {
  return {
    async send({ to, subject, text, html, code, language, unsubscribeUrl }) {
      await transport.sendMail({
        from: config.emailFrom,
        to,
        subject,
        text,
        html,
        headers: {
          ...emailHeaders({ language, unsubscribeUrl }),
          // Only the sandbox transport reads it; real mail never carries the code in a header.
          ...(config.smtpUrl || !code ? {} : { 'x-pago-sandbox-code': code }),
        },
      });
    },
  };
}

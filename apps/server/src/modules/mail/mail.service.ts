import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailRepo } from './mail.repo.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail by SMTP when SMTP_URL is set. Otherwise the mail goes to the `email_outbox` table and the
 * log, so a local install signs people up without a mail server (the admin CLI prints the outbox).
 * SMTP sends are recorded too, without their body: a code must not sit in the database in clear.
 */
export function createMailService(deps: { repo: MailRepo; log: Logger; smtpUrl: string | null; from: string }) {
  let transport: Promise<Transporter> | null = null;
  // nodemailer is loaded on the first SMTP send: most installs write to the outbox and never need it.
  const smtp = (url: string): Promise<Transporter> => (transport ??= import('nodemailer').then((m) => m.default.createTransport(url)));
  return {
    via: deps.smtpUrl ? 'smtp' : 'outbox',
    async send(message: MailMessage): Promise<void> {
      if (deps.smtpUrl) {
        await (await smtp(deps.smtpUrl)).sendMail({ from: deps.from, to: message.to, subject: message.subject, text: message.text });
        await deps.repo.record({ to: message.to, subject: message.subject, text: '(sent by SMTP; body not kept)', sentVia: 'smtp' });
        deps.log.info({ to: message.to, subject: message.subject }, 'mail sent by SMTP');
        return;
      }
      await deps.repo.record({ to: message.to, subject: message.subject, text: message.text, sentVia: 'outbox' });
      deps.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail written to the outbox (SMTP_URL not set)');
    },
    latestFor: (to: string, limit = 5) => deps.repo.latestFor(to, limit),
  };
}
export type MailService = ReturnType<typeof createMailService>;

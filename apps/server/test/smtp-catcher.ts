import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP peer in the test process: the server under test sends to it through SMTP_URL. */
/** `port`: listen on this port (e.g. one a server under test was already given while no peer was up); default a free one. */
export async function startSmtpCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // A plain local peer: without this the client upgrades to TLS and rejects the self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  const bound = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    mailsTo: (email: string) => mails.filter((m) => m.to.includes(email.toLowerCase())),
    /** The 6-digit code of the latest mail to `email` (the server sends before answering, so it is there). */
    codeFor(email: string): string {
      const last = mails.filter((m) => m.to.includes(email.toLowerCase())).at(-1);
      const body =
        last?.raw
          .replace(/=\r?\n/g, '')
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n') ?? '';
      const code = /verification code is (\d{6})/.exec(body)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  at: number;
}

/**
 * A local mail catcher for browser journeys: an SMTP peer the server sends to (SMTP_URL), and a tiny
 * HTTP endpoint the test workers read from (they run in other processes than the global setup).
 */
export async function startMailCatcher(): Promise<{ smtpUrl: string; httpUrl: string; close(): Promise<void> }> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
  const httpPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    async close() {
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** The latest 6-digit code mailed to `email`, waiting up to `timeoutMs` for it to arrive. */
export async function latestCode(mailCatcherUrl: string, email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailCatcherUrl}/?to=${encodeURIComponent(email)}`)).json()) as CaughtMail[];
    const last = mails.at(-1);
    const code = last ? /\b(\d{6})\b/.exec(last.raw.replace(/=\r?\n/g, ''))?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`);
}

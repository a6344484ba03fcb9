import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requestCalls } from '@packsmith/contracts';
import { designRequests } from '../../db/schema.js';
import { newGuest, type TestClient } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';

const STUDIO = 'studio@packsmith.test';
const RETRY_MS = 300;

/** A port nothing listens on (yet): the SMTP peer that is down. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const body = (email: string, brand: string) => ({
  name: 'Jonas Berg',
  email,
  country: 'Sweden',
  product: 'Oat crackers',
  brand,
  packaging_type: 'not-sure',
  quantity: 2000,
});

/** The decoded text of a caught mail (quoted-printable soft breaks joined). */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let server: TestServer;
let port: number;
let guest: TestClient;
let catcher: SmtpCatcher | null = null;

beforeAll(async () => {
  port = await closedPort();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, DESIGN_REQUEST_TO: STUDIO, DESIGN_REQUEST_RETRY_MS: String(RETRY_MS) });
  guest = await newGuest(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await catcher?.close();
});

const rowOf = async (id: string) => (await server.built.database.db.select().from(designRequests).where(eq(designRequests.id, id)))[0];

describe('design request mail when the mail server is down', () => {
  it('stores the request and answers its reference; mails it exactly once when the server is back; later requests go at once', async () => {
    const email = 'jonas@example.test';
    const started = Date.now();
    const r = await guest.post<{ request_id: string; reference: string }>(requestCalls.designRequest.path, body(email, 'Havre'));
    expect(r.code, r.msg).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    const id = r.data?.request_id ?? '';
    const reference = r.data?.reference ?? '';

    const pending = await rowOf(id);
    expect(pending).toMatchObject({ mailStatus: 'pending', mailSent: [] });
    expect(pending?.mailAttempts).toBeGreaterThanOrEqual(1);
    expect(pending?.lastMailError).toBeTruthy();
    expect(pending?.nextMailAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Still down: the sweep retries with a growing delay (300 ms, 1.5 s, …) and keeps the request.
    await until('a retry while down', async () => ((await rowOf(id))?.mailAttempts ?? 0) >= 2);
    const retried = await rowOf(id);
    expect(retried?.mailStatus).toBe('pending');
    expect((retried?.nextMailAt?.getTime() ?? 0) - (retried?.updatedAt.getTime() ?? 0)).toBeGreaterThanOrEqual(5 * RETRY_MS - 50);

    catcher = await startSmtpCatcher(port);
    await until('the request to be mailed', async () => (await rowOf(id))?.mailStatus === 'sent');
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ mailStatus: 'sent', nextMailAt: null, lastMailError: null });
    expect([...(sent?.mailSent ?? [])].sort()).toEqual(['requester', 'studio']);

    // Several more sweep periods: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 8 * RETRY_MS));
    const toRequester = catcher.mailsTo(email);
    const toStudio = catcher.mailsTo(STUDIO);
    expect(toRequester).toHaveLength(1);
    expect(toStudio).toHaveLength(1);
    expect(textOf(toRequester[0]?.raw ?? '')).toContain(reference);
    expect(textOf(toStudio[0]?.raw ?? '')).toContain(reference);
    expect(textOf(toStudio[0]?.raw ?? '')).toContain('Havre');

    // With the peer up, a new request is mailed before it is answered.
    const next = await guest.post<{ request_id: string; reference: string }>(requestCalls.designRequest.path, body('ana@example.test', 'Rye & Co'));
    expect(next.code, next.msg).toBe(0);
    expect((await rowOf(next.data?.request_id ?? ''))?.mailStatus).toBe('sent');
    expect(catcher.mailsTo('ana@example.test')).toHaveLength(1);
    expect(textOf(catcher.mailsTo('ana@example.test')[0]?.raw ?? '')).toContain(next.data?.reference ?? '?');
  }, 60_000);

  it('two sweeps at once (two processes) claim a due request once', async () => {
    const id = (await guest.post<{ request_id: string }>(requestCalls.designRequest.path, body('twice@example.test', 'Twice'))).data?.request_id ?? '';
    await until('the second request to be mailed', async () => (await rowOf(id))?.mailStatus === 'sent');
    // Make it due again as if its mail had failed, then race two sweeps on the same database.
    await server.built.database.db
      .update(designRequests)
      .set({ mailStatus: 'pending', mailSent: [], nextMailAt: new Date(Date.now() - 1000) })
      .where(eq(designRequests.id, id));
    const before = catcher?.mailsTo('twice@example.test').length ?? 0;
    const svc = server.built.services.designRequests;
    const [a, b] = await Promise.all([svc.sweep(), svc.sweep()]);
    expect(a + b).toBeLessThanOrEqual(1);
    await until('the re-queued request to be mailed', async () => (await rowOf(id))?.mailStatus === 'sent');
    expect((catcher?.mailsTo('twice@example.test').length ?? 0) - before).toBe(1);
  }, 30_000);
});

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaidVipType } from '@packsmith/contracts';
import type { TestServer } from '../../apps/server/test/harness.js';

/**
 * What an operator does with `npm run admin -- grant`, for browser journeys: the test workers run in
 * other processes than the server, so the global setup answers `POST /grant {email, plan}` on a
 * local port and grants through the server's own billing port (credits and expiry as usual).
 */
export async function startPlanGranter(server: TestServer): Promise<{ url: string; close(): Promise<void> }> {
  const web = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const { email, plan } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email: string; plan: PaidVipType };
          const { admin, billing } = server.built.services;
          const found = (await admin.users(email, 1, 5)).items.find((u) => u.email === email.trim().toLowerCase());
          if (!found) throw new Error(`no account uses ${email}`);
          await billing.planGrants.grantPlan({ userId: found.user_id, vipType: plan, days: null, source: 'admin', refId: `e2e-${randomUUID()}` });
          res.end(JSON.stringify({ ok: true }));
        } catch (err) {
          res.statusCode = 400;
          res.end(JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
  const port = (web.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => web.close(() => resolve())),
  };
}

/** Grants `plan` to the account registered with `email` (see startPlanGranter). */
export async function grantPlan(granterUrl: string, email: string, plan: PaidVipType): Promise<void> {
  const res = await fetch(`${granterUrl}/grant`, { method: 'POST', body: JSON.stringify({ email, plan }) });
  const body = (await res.json()) as { ok: boolean; error?: string };
  if (!body.ok) throw new Error(`granting ${plan} to ${email}: ${body.error ?? res.status}`);
}

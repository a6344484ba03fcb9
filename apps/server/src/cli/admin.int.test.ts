import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TestClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PG = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The CLI runs as its own process on the server's data: with PGlite (one process per data dir) the
 * server is stopped while the CLI runs, and the CLI refuses while it runs; with PostgreSQL it stays up.
 */
let dataDir: string;
let databaseUrl: string | null = null;
let pgServer: TestServer | null = null;
let pgliteApp: BuiltApp | null = null;
let baseUrl: string;

async function startPglite(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    MOCKUP_TEMPLATES_SEED: '0',
  });
  pgliteApp = await buildApp(config);
  baseUrl = await pgliteApp.listen();
}
async function stopPglite(): Promise<void> {
  await pgliteApp?.close();
  pgliteApp = null;
}

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const email = `cli${Date.now().toString(36)}@example.test`;
let userToken = '';

beforeAll(async () => {
  if (PG) {
    pgServer = await startTestServer();
    dataDir = pgServer.dataDir;
    databaseUrl = pgServer.built.config.databaseUrl;
    baseUrl = pgServer.url;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-cli-'));
    await startPglite();
  }
  // Sign up through the API; without SMTP the code goes to the outbox, which the CLI prints.
  const c = new TestClient(baseUrl);
  expect((await c.post('/api/user/verfiryEmail', { email })).code).toBe(0);
  if (!PG) await stopPglite();
  const outbox = await admin('outbox', '--email', email);
  expect(outbox.code, outbox.stderr).toBe(0);
  const code = /verification code is (\d{6})/.exec(outbox.stdout)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  if (!PG) await startPglite();
  const r = await new TestClient(baseUrl).post<{ token: string }>('/api/user/accountRegisterWithVerify', { email, password: 'long enough pw', code });
  expect(r.code, r.msg).toBe(0);
  userToken = r.data?.token ?? '';
  if (!PG) await stopPglite();
}, 120_000);

afterAll(async () => {
  await stopPglite();
  await pgServer?.close();
  if (!PG) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Shown {
  email: string;
  vip_type: string;
  vip_expire_time: string | null;
  credit: number;
  ledger: { delta: number; reason: string; ref: string }[];
}

describe('npm run admin', () => {
  it('grant sets the plan for a year and grants the monthly credits through the ledger', async () => {
    const r = await admin('grant', '--email', email.toUpperCase(), '--plan', 'business_year');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Granted business_year to ${email}`);
    expect(r.stdout).toContain('+3500 credits (balance 3600');
    const shown = JSON.parse((await admin('show', '--email', email)).stdout) as Shown;
    expect(shown).toMatchObject({ email, vip_type: 'business_year', credit: 3600 });
    const days = (Date.parse(shown.vip_expire_time ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(shown.ledger.map((e) => [e.reason, e.delta])).toEqual([
      ['signup_bonus', 100],
      ['plan_grant', 3500],
    ]);
  }, 60_000);

  it('a second grant is a new ledger entry (ref unique per grant)', async () => {
    expect((await admin('grant', '--email', email, '--plan', 'pro_month')).code).toBe(0);
    const shown = JSON.parse((await admin('show', '--email', email)).stdout) as Shown;
    expect(shown).toMatchObject({ vip_type: 'pro_month', credit: 4600 });
    const refs = shown.ledger.filter((e) => e.reason === 'plan_grant').map((e) => e.ref);
    expect(new Set(refs).size).toBe(2);
  }, 60_000);

  it('the user sees the plan in the app', async () => {
    if (!PG) await startPglite();
    try {
      const me = await new TestClient(baseUrl, userToken).get<{ vip_type: string; credit: number }>('/api/user/me');
      expect(me.data).toMatchObject({ vip_type: 'pro_month', credit: 4600 });
    } finally {
      if (!PG) await stopPglite();
    }
  }, 60_000);

  it('revoke ends the membership and keeps the credits', async () => {
    const r = await admin('revoke', '--email', email);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('now normal, 4600 credits kept');
    expect(JSON.parse((await admin('show', '--email', email)).stdout)).toMatchObject({ vip_type: 'normal', vip_expire_time: null, credit: 4600 });
  }, 60_000);

  // Issue 9 part 10: with PGlite a CLI write beside the running server was printed as done, then lost.
  it.skipIf(PG)(
    'with the embedded database, refuses while the server runs, names it, and changes nothing',
    async () => {
      await startPglite();
      try {
        const r = await admin('grant', '--email', email, '--plan', 'pro_month');
        expect(r.code).toBe(3);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain(`The Packsmith server (pid ${process.pid} on ${baseUrl}) is using DATA_DIR`);
        expect(r.stderr).toContain('nothing was changed. Stop the server first');
        expect((await admin('show', '--email', email)).code).toBe(3);
        const me = await new TestClient(baseUrl, userToken).get<{ vip_type: string; credit: number }>('/api/user/me');
        expect(me.data).toMatchObject({ vip_type: 'normal', credit: 4600 });
      } finally {
        await stopPglite();
      }
      // Stopped, the server no longer holds DATA_DIR: the CLI works again.
      expect(JSON.parse((await admin('show', '--email', email)).stdout)).toMatchObject({ vip_type: 'normal', credit: 4600 });
    },
    // A server start and three CLI processes: on a loaded 2-core machine that alone can pass a minute.
    120_000,
  );

  it.runIf(PG)(
    'with PostgreSQL, works while the server runs, and the server sees the change',
    async () => {
      const r = await admin('grant', '--email', email, '--plan', 'pro_month');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('balance 5600');
      const client = new TestClient(baseUrl, userToken);
      // Within SESSION_CACHE_TTL_MS (3 s): the running server may reuse the session it looked up.
      await expect
        .poll(async () => (await client.get<{ vip_type: string; credit: number }>('/api/user/me')).data, { timeout: 10_000, interval: 500 })
        .toMatchObject({ vip_type: 'pro_month', credit: 5600 });
      expect((await admin('revoke', '--email', email)).code).toBe(0);
    },
    60_000,
  );

  it('an unknown email exits 1 with a message', async () => {
    const r = await admin('show', '--email', 'nobody@example.test');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No account uses nobody@example.test');
  }, 60_000);

  // Each rule of the command line is unit-tested in admin-args.test.ts; here, that a refusal is the
  // process's answer: usage on stderr, exit status 2.
  it('bad arguments print the usage and exit 2', async () => {
    const r = await admin('grant', '--email', 'a@b.c', '--plan', 'gold');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--plan must be one of');
    expect(r.stderr).toContain('npm run admin -- grant');
  }, 60_000);

  /** Runs `work` against the server: PGlite's is started for it (the CLI needs it stopped), PostgreSQL's is up. */
  async function withServer<T>(work: (c: TestClient) => Promise<T>): Promise<T> {
    if (!PG) await startPglite();
    try {
      return await work(new TestClient(baseUrl, userToken));
    } finally {
      if (!PG) await stopPglite();
    }
  }
  const CODE = /^PS-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

  it('code --credits prints each new code alone on its own line, the last line a code; the user redeems one once', async () => {
    const r = await admin('code', '--credits', '250', '--count', '2', '--source', 'cli-test');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Created 2 redeem codes (250 credits, source cli-test); shown this once:');
    expect(lines.slice(1)).toEqual([expect.stringMatching(CODE), expect.stringMatching(CODE)]);
    const last = lines.at(-1) ?? '';
    const before = (JSON.parse((await admin('show', '--email', email)).stdout) as Shown).credit;
    await withServer(async (c) => {
      const used = await c.post<{ kind: string; credits_added: number; credit: number }>('/api/redeemCode/use', { code: last });
      expect(used.code, used.msg).toBe(0);
      expect(used.data).toMatchObject({ kind: 'credits', credits_added: 250, credit: before + 250 });
      expect((await c.post('/api/redeemCode/use', { code: last })).msg).toBe('This code has already been used.');
    });
  }, 90_000);

  it('make-admin opens the admin area to the account, which sees the CLI changes in the admin log; --off closes it', async () => {
    const on = await admin('make-admin', '--email', email);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain(`${email} is now an admin`);
    expect(JSON.parse((await admin('show', '--email', email)).stdout)).toMatchObject({ is_admin: true });
    await withServer(async (c) => {
      const log = await c.get<{ items: { admin_user_id: string; action: string; details: Record<string, unknown> }[] }>('/api/admin/actions');
      expect(log.code, log.msg).toBe(0);
      const actions = log.data?.items.map((a) => a.action) ?? [];
      expect(actions).toEqual(expect.arrayContaining(['admin.set', 'redeem_codes.create', 'plan.grant', 'plan.end']));
      expect(log.data?.items.every((a) => a.admin_user_id.startsWith('cli:'))).toBe(true);
      expect(log.data?.items.find((a) => a.action === 'redeem_codes.create')?.details).toMatchObject({
        kind: 'credits',
        count: 2,
        credits: 250,
        source: 'cli-test',
      });
    });
    expect((await admin('make-admin', '--email', email, '--off')).stdout).toContain(`${email} is no longer an admin.`);
    expect(JSON.parse((await admin('show', '--email', email)).stdout)).toMatchObject({ is_admin: false });
  }, 120_000);

  it('promo creates a promotion code the pay calls accept for its plan only', async () => {
    const r = await admin('promo', '--code', 'cli10', '--percent', '10', '--plan', 'pro_month', '--max', '5');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Created promotion code CLI10: 10% off pro_month, no expiry, 5 uses.\n');
    expect((await admin('promo', '--code', 'CLI10', '--percent', '20')).code).toBe(1);
    await withServer(async (c) => {
      const valid = await c.post<{ valid: boolean; percent_off: number | null }>('/api/pay/validPromotionCode', {
        promotionCode: 'cli10',
        vip_type: 'pro_month',
      });
      expect(valid.data).toMatchObject({ valid: true, percent_off: 10 });
      const other = await c.post<{ valid: boolean }>('/api/pay/validPromotionCode', { promotionCode: 'CLI10', vip_type: 'business_year' });
      expect(other.data?.valid).toBe(false);
    });
  }, 90_000);

  it('code --plan --days makes a plan code; redeemed, the plan runs for those days', async () => {
    const r = await admin('code', '--plan', 'pro_month', '--days', '7');
    expect(r.code, r.stderr).toBe(0);
    const code = r.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(code).toMatch(CODE);
    await withServer(async (c) => {
      const used = await c.post<{ kind: string; vip_type: string; vip_expire_time: number }>('/api/redeemCode/use', { code });
      expect(used.code, used.msg).toBe(0);
      expect(used.data).toMatchObject({ kind: 'plan', vip_type: 'pro_month' });
      const days = ((used.data?.vip_expire_time ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    });
  }, 90_000);
});

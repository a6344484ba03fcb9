import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, newGuest } from './client.js';
import { freshDatabase } from './harness.js';

// `npm start` runs the esbuild bundle of the server (scripts/build-server.mjs), not the TypeScript
// the other tests load: this builds one and runs it as its own process, as a user would.
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface BuildScript {
  buildServer(outFile: string): Promise<void>;
}

let outDir: string;
let dataDir: string;
let child: ChildProcess | null = null;
let baseUrl = '';
let exited: Promise<number | null>;
let dropDb: () => Promise<void> = async () => {};

beforeAll(async () => {
  fs.mkdirSync(path.join(ROOT, 'apps/server/dist'), { recursive: true });
  outDir = fs.mkdtempSync(path.join(ROOT, 'apps/server/dist/.test-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-bundle-'));
  const script = (await import(path.join(ROOT, 'scripts/build-server.mjs'))) as BuildScript;
  const bundle = path.join(outDir, 'main.mjs');
  await script.buildServer(bundle);

  let databaseUrl: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const db = await freshDatabase();
    await db.database.close();
    databaseUrl = db.url;
    dropDb = db.drop;
  }
  child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const proc = child;
  exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (ready?.[1]) resolve(ready[1]);
    });
    void exited.then((code) => reject(new Error(`the bundled server exited with ${code} before it was ready:\n${out}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await exited;
  }
  await dropDb();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server (npm start)', () => {
  it('answers /healthz with its database', async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 0, data: { status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' } });
  });

  it('runs the migrations and serves the API: a guest signs in and sees 100 credits', async () => {
    const guest = await newGuest(baseUrl);
    const me = await guest.get<{ type: string; credit: number }>('/api/user/me');
    expect(me).toMatchObject({ code: 0, data: { type: 'guest', credit: 100 } });
    expect((await new TestClient(baseUrl, 'bogus').get('/api/user/me')).code).toBe(402);
  });

  it('stops cleanly on SIGTERM', async () => {
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

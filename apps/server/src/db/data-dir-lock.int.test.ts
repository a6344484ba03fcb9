import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock, lockHolder } from './data-dir-lock.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited: what a server killed with SIGKILL leaves in its lock. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

function writeLock(dir: string, holder: Record<string, unknown>): void {
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ hostname: os.hostname(), role: 'server', startedAt: '2025-01-01T00:00:00.000Z', url: null, ...holder }),
  );
}

describe('DATA_DIR lock (embedded database)', () => {
  it('one holder at a time; released, it can be taken again', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, 'server');
    lock.setUrl('http://127.0.0.1:1234');
    const err = (() => {
      try {
        acquireDataDirLock(dir, 'admin CLI');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`pid ${process.pid} on http://127.0.0.1:1234`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir, 'server').release();
  });

  it('takes over a stale lock (its process is gone), and keeps one written on another machine', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    expect(lockHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    lock.release();

    // A lock from another host cannot be checked from here: refusing is the safe answer.
    writeLock(dir, { pid: deadPid(), hostname: 'another-host.example' });
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirLockedError);
    // A half-written or foreign file is no holder.
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    acquireDataDirLock(dir, 'server').release();
  });

  it('a second server on the same DATA_DIR refuses, naming the running one; a stale lock is taken over', async () => {
    const dataDir = tempDir();
    // A server killed without shutdown left its lock behind.
    writeLock(dataDir, { pid: deadPid() });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      PHOTOSHOOT_TEMPLATES_PER_FAMILY: '0',
      MOCKUP_TEMPLATES_SEED: '0',
    });
    const first = await buildApp(config);
    try {
      const url = await first.listen();
      expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, url });

      // In this process: buildApp refuses before opening the database.
      await expect(buildApp(config)).rejects.toBeInstanceOf(DataDirLockedError);

      // As `npm start` would: its own process, exit 3, the message naming ours.
      const second = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/main.ts'],
          {
            cwd: ROOT,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
            timeout: 60_000,
          },
          (err, _stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr }),
        );
      });
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(`DATA_DIR ${dataDir} is in use by the Packsmith server (pid ${process.pid} on ${url}`);
      expect(second.stderr).toContain('stop that one first');
      // The refused start left the lock alone.
      expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid });
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);
});

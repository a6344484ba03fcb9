import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppSecret } from './app-secret.js';

describe('loadAppSecret', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-test-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('uses APP_SECRET when configured and writes nothing', () => {
    const dir = tmp();
    expect(loadAppSecret({ appSecret: 's'.repeat(32), dataDir: dir })).toBe('s'.repeat(32));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates one secret per data dir and keeps it across restarts', () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const first = loadAppSecret({ appSecret: null, dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadAppSecret({ appSecret: null, dataDir: dir })).toBe(first);
    expect(fs.readdirSync(dir)).toEqual(['secret']);
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o077).toBe(0);
    expect(loadAppSecret({ appSecret: null, dataDir: tmp() })).not.toBe(first);
  });
});

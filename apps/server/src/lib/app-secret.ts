import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's signing secret: APP_SECRET when configured (required in production), otherwise a
 * random one generated once per data directory in DATA_DIR/secret, so tokens survive restarts and
 * every process sharing the data dir agrees on it.
 */
export function loadAppSecret(opts: { appSecret: string | null; dataDir: string }): string {
  if (opts.appSecret) return opts.appSecret;
  const file = path.join(opts.dataDir, 'secret');
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, fresh, { mode: 0o600 });
  try {
    // link() publishes the complete file atomically and fails when it exists: when two processes
    // start together, the first one wins and the other reads its secret.
    fs.linkSync(tmp, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = readSecret(file);
    if (!winner) throw new Error(`${file} exists but is empty; delete it or set APP_SECRET`, { cause: err });
    return winner;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readSecret(file: string): string | null {
  try {
    const value = fs.readFileSync(file, 'utf8').trim();
    return value.length > 0 ? value : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

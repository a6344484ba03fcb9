import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite in DATA_DIR/db) belongs to one process: a second one opening it
 * works on its own copy in memory, and whatever it writes is silently lost. So the
 * server, and the admin CLI, hold `DATA_DIR/packsmith.lock` (JSON naming the holder) while they
 * use the directory. A lock whose process is gone (killed, crashed, machine restarted) is taken over.
 * With DATABASE_URL (PostgreSQL) nobody takes it: any number of processes may share the database.
 */
export const LOCK_FILE = 'packsmith.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** What holds it: "server" or "admin CLI". */
  role: string;
  startedAt: string;
  /** The server's address once it listens; null before (and for the CLI). */
  url: string | null;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.url ? ` on ${holder.url}` : '';
    super(
      `DATA_DIR ${dataDir} is in use by the Packsmith ${holder.role} (pid ${holder.pid}${where}, started ${holder.startedAt}). ` +
        'The embedded database belongs to one process: stop that one first, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Records the server's address in the lock, so a refused second start can say where the first one runs. */
  setUrl(url: string): void;
  release(): void;
}

/** Locks held by this process, released on exit even when shutdown is skipped (process.exit). */
const held = new Set<string>();
let exitHookInstalled = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      hostname: typeof parsed.hostname === 'string' ? parsed.hostname : '',
      role: typeof parsed.role === 'string' ? parsed.role : 'server',
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : 'at an unknown time',
      url: typeof parsed.url === 'string' ? parsed.url : null,
    };
  } catch {
    return null; // missing, half-written or not ours: treated as no holder
  }
}

/**
 * The live holder of DATA_DIR's lock, or null when it is free or stale. A lock written on another
 * machine (DATA_DIR on a network share) cannot be checked from here, so it counts as held.
 */
export function lockHolder(dataDir: string): LockHolder | null {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (!holder) return null;
  if (holder.hostname !== os.hostname()) return holder;
  if (holder.pid === process.pid) return held.has(file) ? holder : null;
  return isAlive(holder.pid) ? holder : null;
}

/** Takes DATA_DIR's lock or throws DataDirLockedError naming the process that holds it. */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, hostname: os.hostname(), role, startedAt: new Date().toISOString(), url: null };
  for (let attempt = 0; ; attempt++) {
    try {
      // O_EXCL: of two processes starting together, exactly one creates the file.
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const before = readText(file);
    if (before === null) continue; // released meanwhile: try again
    const holder = lockHolder(dataDir);
    if (holder) throw new DataDirLockedError(dataDir, holder);
    // Stale: remove it only if it is still the file judged stale (another starter may have replaced it).
    if (readText(file) === before) fs.rmSync(file, { force: true });
  }
  held.add(file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const f of held) removeIfMine(f);
    });
  }
  return {
    setUrl(url) {
      if (!held.has(file)) return;
      mine.url = url;
      fs.writeFileSync(file, JSON.stringify(mine));
    },
    release() {
      if (!held.delete(file)) return;
      removeIfMine(file);
    },
  };
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Never removes a lock that another process has taken over meanwhile. */
function removeIfMine(file: string): void {
  if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
}

import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let built;
  try {
    built = await buildApp(config);
  } catch (err) {
    // A second server on the same DATA_DIR: say which process holds it, without a stack trace.
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  const url = await built.listen();
  built.log.info({ url, db: built.database.kind, ms: Date.now() - started }, `Packsmith is ready on ${url}`);
  // After listening, so start-up stays fast; requests are served meanwhile.
  built.warmUpEngines().then(
    (ms) => built.log.info({ ms }, 'engines warmed up'),
    (err: unknown) => built.log.warn({ err }, 'engine warm-up failed; the first job will load what it needs'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.log.info({ signal }, 'shutting down: finishing requests and jobs');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await built.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      built.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();

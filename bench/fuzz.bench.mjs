// The contract fuzz with a larger budget than CI, against a spawned server
// (`npm start`'s entry, embedded PGlite): requests sent, 500s found and requests/s.
// BENCH_FUZZ_RUNS requests per call (default 900: ~50,000 requests), FUZZ_SEED as in the test.
import fs from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { startServer, stopServer, tempDataDir } from './lib.mjs';

export default async function fuzzBench({ runs = Number(process.env.BENCH_FUZZ_RUNS ?? 900), seed = Number(process.env.FUZZ_SEED ?? 20_251_109) } = {}) {
  const { prepareFuzz, fuzzHttp, fuzzSocket } = await tsImport('../apps/server/test/fuzz/fuzz-driver.ts', import.meta.url);
  const dataDir = tempDataDir('fuzz');
  // The per-address limits would throttle the fuzz itself (every request comes from 127.0.0.1), as in the test harness.
  const server = await startServer({
    dataDir,
    env: {
      LOG_LEVEL: 'error',
      GUEST_RATE_LIMIT: '0',
      LOGIN_IP_RATE_LIMIT: '0',
      CODE_EMAIL_RATE_LIMIT: '0',
      PHOTOSHOOT_TEMPLATES_PER_FAMILY: '0',
      MOCKUP_TEMPLATES_SEED: '0',
    },
  });
  try {
    const session = await prepareFuzz(server.url);
    const http = await fuzzHttp(session, { seed, runs, concurrency: 8 });
    const socket = await fuzzSocket(session, { seed, runs: Math.min(runs, 300) });
    const fiveHundreds =
      http.failures.filter((f) => f.why.includes('500') || f.status === 500).length + socket.failures.filter((f) => f.why.includes('500')).length;
    for (const f of [...http.failures, ...socket.failures].slice(0, 10)) console.error('  failure:', JSON.stringify(f).slice(0, 600));
    return {
      name: `contract fuzz, seed ${seed}, ${runs} per call`,
      figures: {
        'HTTP requests fuzzed': http.requests,
        'socket events fuzzed': socket.events,
        '500s found': fiveHundreds,
        'other failures (envelope, status)': http.failures.length + socket.failures.length - fiveHundreds,
        'requests/s': Math.round(http.requests / (http.ms / 1000)),
      },
      aim: '0 500s of ≥ 5,000 requests',
      pass: http.requests >= 5000 && http.failures.length === 0 && socket.failures.length === 0,
    };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// GET /api/user/me throughput and p99 on loopback with autocannon (server in its own process).
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer, stopServer, tempDataDir } from './lib.mjs';

export default async function meThroughputBench({ durationS = Number(process.env.BENCH_DURATION_S ?? 10) } = {}) {
  const dataDir = tempDataDir('me');
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'error' } });
  try {
    const login = await (
      await fetch(`${server.url}/api/user/guest_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json();
    const headers = { authorization: `Bearer ${login.data.token}` };
    // Warm-up so JIT and caches are in their steady state.
    await autocannon({ url: `${server.url}/api/user/me`, headers, connections: 20, duration: 2 });
    const r = await autocannon({ url: `${server.url}/api/user/me`, headers, connections: 50, pipelining: 1, duration: durationS });
    const non2xx = r.non2xx + r.errors;
    return {
      name: 'GET /api/user/me',
      figures: {
        'requests/s (mean)': Math.round(r.requests.average),
        'latency p50 ms': r.latency.p50,
        'latency p99 ms': r.latency.p99,
        'errors or non-2xx': non2xx,
      },
      aim: '5,000 req/s and p99 under 20 ms',
      pass: r.requests.average >= 5000 && r.latency.p99 < 20 && non2xx === 0,
    };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { allCalls } from '../../test/fuzz/contract-calls.js';
import { describeFailures, fuzzHttp, fuzzSocket, prepareFuzz, type FuzzSession } from '../../test/fuzz/fuzz-driver.js';

// Issue 9 part 11: every contract call, fuzzed from its own schema with hostile values, answers
// HTTP 200 with the envelope and a code other than 500 (or a valid success), never a crash.
// FUZZ_SEED and FUZZ_RUNS (requests per call) replay or widen a run; bench/fuzz.bench.mjs runs a larger one.
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_109);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Routes the server registers outside defineCall, each fuzzed or tested elsewhere for a reason. */
const NOT_CONTRACT_CALLS: Record<string, string> = {
  'POST /api/upload': 'multipart, fuzzed by fuzzUpload',
  'GET /api/oauth/{provider}/callback': 'a browser redirect answering 302, covered by oauth.int.test.ts',
};

describe('contract fuzz', () => {
  let server: TestServer;
  let session: FuzzSession;
  beforeAll(async () => {
    // Its own server: the fuzz publishes projects and writes odd names, which the shared one's tests would see.
    server = await startTestServer();
    session = await prepareFuzz(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fuzzes every route the server registers (the contracts plus the named exceptions)', async () => {
    const spec = server.built.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const fuzzed = new Set(allCalls().map(({ call }) => `${call.method} ${call.path.replace(/:(\w+)/g, '{$1}')}`));
    const unfuzzed = registered.filter((r) => !fuzzed.has(r) && !(r in NOT_CONTRACT_CALLS));
    expect(unfuzzed, 'routes registered without a contract call: fuzz them or name them in NOT_CONTRACT_CALLS').toEqual([]);
    expect(fuzzed.size).toBeGreaterThanOrEqual(50);
  });

  it(`HTTP: ${RUNS} requests per call (seed ${SEED}), none answers 500 or breaks the envelope`, { timeout: 600_000 }, async () => {
    const report = await fuzzHttp(session, { seed: SEED, runs: RUNS, concurrency: 6 });
    const calls = allCalls().length + 1;
    console.log(
      `[fuzz] ${server.mode}: ${report.requests} requests over ${calls} calls in ${(report.ms / 1000).toFixed(1)} s, ${report.failures.length} failures (seed ${SEED})`,
    );
    expect(report.failures, describeFailures(report.failures)).toEqual([]);
    // Nothing skipped silently: every case of every call was sent and judged.
    expect(report.requests).toBe(calls * RUNS);
    // The generator reaches past validation: most calls see at least one success or business refusal.
    const reached = Object.entries(report.codes).filter(([, codes]) => Object.keys(codes).some((c) => c !== '400'));
    expect(reached.length).toBeGreaterThan(calls * 0.8);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it(`socket: ${RUNS} hostile events per client event and unknown names, every ack is not 500`, { timeout: 300_000 }, async () => {
    const report = await fuzzSocket(session, { seed: SEED, runs: RUNS });
    console.log(
      `[fuzz] socket ${server.mode}: ${report.events} events, ${report.acks} acks, ${report.unacked} sent with extra arguments (acknowledged all the same), ${report.closes} clean closes`,
    );
    expect(report.failures, describeFailures(report.failures)).toEqual([]);
    expect(report.acks).toBeGreaterThan(RUNS);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

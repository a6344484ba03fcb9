import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

describe('engine warm-up at start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads the design engine once; a second warm-up costs nothing and the server keeps answering', async () => {
    const first = await server.built.warmUpEngines();
    expect(first).toBeGreaterThanOrEqual(0);
    const second = await server.built.warmUpEngines();
    // Nothing is loaded again: a few ms idle, tens on a loaded machine, never the seconds of the first.
    expect(second).toBeLessThan(250);
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  }, 60_000);
});

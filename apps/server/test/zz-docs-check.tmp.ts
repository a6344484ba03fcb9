import { startTestServer } from './harness.js';
const s = await startTestServer();
const r = await fetch(`${s.url}/docs/json`);
const j = await r.json() as { paths: Record<string, unknown> };
console.log(r.status, Object.keys(j.paths).filter((p) => /user|oauth|file\/download|editor|analytics/.test(p)).join(' '));
await s.close();

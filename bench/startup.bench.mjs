// `npm start` to first answer (/healthz) on an existing data directory, and once on a brand-new one.
import fs from 'node:fs';
import { startServer, stats, stopServer, tempDataDir } from './lib.mjs';

export default async function startupBench() {
  const dataDir = tempDataDir('startup');
  try {
    const fresh = await startServer({ dataDir });
    await stopServer(fresh.child);
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const s = await startServer({ dataDir });
      runs.push(s.ms);
      await stopServer(s.child);
    }
    const st = stats(runs);
    return {
      name: 'startup',
      figures: {
        'new data directory (initdb), ms': Math.round(fresh.ms),
        'existing data directory, median ms': Math.round(st.median),
        'existing data directory, max ms': Math.round(st.max),
      },
      aim: 'existing data directory under 3000 ms',
      pass: st.median < 3000,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

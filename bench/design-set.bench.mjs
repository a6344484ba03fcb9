// The local design engine end to end: a brief → 4 designs (packshot at 1024 px, flat front,
// print file) with renderDesignSet, after warmUp(), as the server runs it.
//
// The machine may be shared: a fixed CPU loop is timed next to each run, and its wall/CPU
// ratio (how much of a core this process actually got) scales the measured time to an
// estimate for an idle machine.
import { tsImport } from 'tsx/esm/api';

const BRIEFS = [
  { brand: 'Lumen', product: 'Cold Brew Coffee', boxId: 101, element: ['coffee'], style: [], color: ['navy'] },
  { brand: 'Willow & Thyme', product: 'Lavender Hand Soap', boxId: 501, element: ['leaves'], style: ['botanical'], color: ['sage'] },
  { brand: 'Zest', product: 'Lemon Sparkling Water', boxId: 701, element: ['citrus'], style: ['bold'], color: ['lemon'] },
  { brand: 'Aurum', product: 'Eau de Parfum', boxId: 201, element: ['star'], style: ['luxury'], color: ['black', 'gold'] },
];

/** Wall and on-CPU time of a fixed single-threaded loop. */
function cpuLoop() {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 5e7; i++) x = (x + i * 7) % 1000003;
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, x };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function designSetBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 3) } = {}) {
  const engine = await tsImport('../packages/design-engine/src/pipeline/index.ts', import.meta.url);
  const t0 = performance.now();
  await engine.warmUp();
  const warmUpMs = performance.now() - t0;
  const walls = [];
  const cpus = [];
  const shares = [];
  for (let r = 0; r < rounds; r++) {
    for (const brief of BRIEFS) {
      const loop = cpuLoop();
      shares.push(Math.min(1, loop.cpu / loop.wall));
      const c0 = process.cpuUsage();
      const t = performance.now();
      await engine.renderDesignSet({ brief, count: 4, seed: 100 + r, size: 1024 });
      walls.push(performance.now() - t);
      const c = process.cpuUsage(c0);
      cpus.push((c.user + c.system) / 1000);
    }
  }
  await engine.closeDesignWorkers();
  const wall = median(walls);
  const share = median(shares);
  const idle = wall * share;
  return {
    name: 'design engine: 4 designs at 1024 px, end to end',
    figures: {
      'warm-up ms': Math.round(warmUpMs),
      'wall ms (median)': Math.round(wall),
      'wall ms (max)': Math.round(Math.max(...walls)),
      'CPU ms, all threads (median)': Math.round(median(cpus)),
      'share of a core this process got': share.toFixed(2),
      'idle estimate ms': Math.round(idle),
    },
    aim: 'under 1,500 ms',
    pass: idle < 1500,
  };
}

// Designs per minute sustained: the local engine kept busy for a fixed time the way the server
// runs it (JOB_CONCURRENCY = 2 design jobs at once, 4 designs of 1024 px each, varied briefs and
// seeds), after warmUp(). BENCH_SUSTAIN_S sets the duration (default 60 s).
import { tsImport } from 'tsx/esm/api';

const BRIEFS = [
  { brand: 'Lumen', product: 'Cold Brew Coffee', boxId: 101, element: ['coffee'], style: [], color: ['navy'] },
  { brand: 'Willow & Thyme', product: 'Lavender Hand Soap', boxId: 501, element: ['leaves'], style: ['botanical'], color: ['sage'] },
  { brand: 'Zest', product: 'Lemon Sparkling Water', boxId: 701, element: ['citrus'], style: ['bold'], color: ['lemon'] },
  { brand: 'Aurum', product: 'Eau de Parfum', boxId: 201, element: ['star'], style: ['luxury'], color: ['black', 'gold'] },
  { brand: 'Kumo', product: 'Green Tea', boxId: 102, element: ['leaves'], style: ['minimalist'], color: ['green'] },
  { brand: 'Pip & Pop', product: 'Fruit Gummies', boxId: 502, element: ['stars'], style: ['playful'], color: ['pink', 'yellow'] },
];
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const PER_JOB = 4;

export default async function designThroughputBench({ seconds = Number(process.env.BENCH_SUSTAIN_S ?? 60) } = {}) {
  const engine = await tsImport('../packages/design-engine/src/pipeline/index.ts', import.meta.url);
  await engine.warmUp();
  const deadline = performance.now() + seconds * 1000;
  const jobTimes = [];
  let designs = 0;
  let next = 0;
  async function lane() {
    while (performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      const out = await engine.renderDesignSet({ brief: BRIEFS[i % BRIEFS.length], count: PER_JOB, seed: 1000 + i, size: 1024 });
      jobTimes.push(performance.now() - t);
      designs += out.length;
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const elapsed = (performance.now() - t0) / 1000;
  await engine.closeDesignWorkers();
  const sorted = [...jobTimes].sort((a, b) => a - b);
  const perMinute = (designs / elapsed) * 60;
  return {
    name: `design engine: designs per minute sustained (${CONCURRENCY} jobs at once × ${PER_JOB} designs, 1024 px)`,
    figures: {
      'duration s': elapsed.toFixed(1),
      'designs made': designs,
      'designs per minute': Math.round(perMinute),
      'job ms (median)': Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      'job ms (p95)': Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0),
    },
    aim: 'a figure to record (no target set)',
    pass: designs > 0,
  };
}

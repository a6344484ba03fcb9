// Quote engine figures: computeQuote for a full ladder (QUOTE_LADDER + the asked quantity, every
// route at every step, the crossover bisection, rounding) per box type, in process. Each box is
// warmed first (the dieline generators compile on first use), then timed; p50/p95 per box and overall.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const CASES = [
  [
    'RTE 100×60×150 SBS, CMYK, matte lam',
    {
      box: 'reverse-tuck-end',
      length_mm: 100,
      width_mm: 60,
      height_mm: 150,
      material: 'WHITE_BOARD',
      print: 'cmyk',
      finishes: ['matte_lamination'],
      quantity: 3000,
    },
  ],
  [
    'Auto-lock 80×80×160, foil + window',
    {
      box: 'auto-lock-bottom',
      length_mm: 80,
      width_mm: 80,
      height_mm: 160,
      material: 'WHITE_BOARD',
      print: 'cmyk',
      finishes: ['foil', 'window'],
      quantity: 1000,
    },
  ],
  [
    'Mailer 0427 300×200×100 E flute',
    { box: 'mailer-box', length_mm: 300, width_mm: 200, height_mm: 100, material: 'FLUTE', print: 'cmyk', finishes: [], quantity: 250, destination: 'US' },
  ],
  [
    'RSC 0201 400×300×300 B flute',
    { box: 'rsc-0201', length_mm: 400, width_mm: 300, height_mm: 300, material: 'KRAFT', print: 'one_colour', finishes: [], quantity: 2000 },
  ],
  [
    'Two-piece rigid 200×150×80',
    { box: 'two-piece-rigid', length_mm: 200, width_mm: 150, height_mm: 80, material: 'WHITE_BOARD', print: 'cmyk', finishes: ['foil'], quantity: 1000 },
  ],
  [
    'Glass jar (unit table)',
    { box: 'glass-jar', length_mm: 75, width_mm: 0, height_mm: 95, material: 'GLASS_GLOSSY', print: 'cmyk', finishes: [], quantity: 5000 },
  ],
];

const fmt = (s) => `p50 ${s.median.toFixed(2)} / p95 ${s.p95.toFixed(2)} / max ${s.max.toFixed(2)} ms (n=${s.n})`;

export default async function quoteBench({ runs = Number(process.env.BENCH_QUOTE_RUNS ?? 200) } = {}) {
  const { computeQuote } = await tsImport('../packages/quote/src/index.ts', import.meta.url);
  const figures = {};
  const all = [];
  let worstP95 = 0;
  for (const [label, req] of CASES) {
    for (let i = 0; i < 20; i++) computeQuote(req);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const q = computeQuote(req);
      times.push(performance.now() - t);
      if (q.ladder.length < 1) throw new Error(`${label}: empty ladder`);
    }
    const s = stats(times);
    worstP95 = Math.max(worstP95, s.p95);
    all.push(...times);
    const q = computeQuote(req);
    figures[label] = `${fmt(s)}; ${q.ladder.length} steps, ${q.process} at ${q.quantity} → €${q.unit_price}`;
  }
  figures['all box types'] = fmt(stats(all));
  return {
    name: 'Quote engine: full ladder per request',
    figures,
    aim: 'a full ladder under 20 ms (p95)',
    pass: worstP95 < 20,
  };
}

#!/usr/bin/env node
// `npm run bench [name…]`: runs the benchmarks, prints their figures and writes bench/results/latest.json.
// Figures, not pass/fail: record them in docs/PERFORMANCE.md with the machine and the date.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const benches = {
  startup: () => import('./startup.bench.mjs'),
  me: () => import('./me-throughput.bench.mjs'),
  billing: () => import('./billing.bench.mjs'),
  'web-size': () => import('./web-size.bench.mjs'),
  'gallery-page': () => import('./gallery-page.bench.mjs'),
  'design-set': () => import('./design-set.bench.mjs'),
  'colour-share': () => import('./colour-share.bench.mjs'),
  'design-throughput': () => import('./design-throughput.bench.mjs'),
  scenes: () => import('./scenes.bench.mjs'),
  composite: () => import('./composite.bench.mjs'),
  'image-raster': () => import('./image-raster.bench.mjs'),
  'image-creative': () => import('./image-creative.bench.mjs'),
  'mockup-render': () => import('./mockup-render.bench.mjs'),
  preview3d: () => import('./preview3d.bench.mjs'),
  cutout: () => import('./cutout.bench.mjs'),
  assistant: () => import('./assistant.bench.mjs'),
  fuzz: () => import('./fuzz.bench.mjs'),
  quote: () => import('./quote.bench.mjs'),
  quotation: () => import('./quotation.bench.mjs'),
  nutrition: () => import('./nutrition.bench.mjs'),
  'nutrition-render': () => import('./nutrition-render.bench.mjs'),
  'ideas-seed': () => import('./ideas-seed.bench.mjs'),
  'ideas-search': () => import('./ideas-search.bench.mjs'),
  foods: () => import('./foods.bench.mjs'),
  'print-pdf': () => import('./print-pdf.bench.mjs'),
  'editor-screen': () => import('./editor-screen.bench.mjs'),
  editor: () => import('./editor.bench.mjs'),
};
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(benches);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const results = [];
console.log(`Packsmith benchmarks — ${new Date().toISOString()} — ${machine}\n`);
for (const name of names) {
  const load = benches[name];
  if (!load) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  const r = await (await load()).default();
  results.push(r);
  console.log(`${r.name}  (aim: ${r.aim}) ${r.pass ? 'meets aim' : 'MISSES aim'}`);
  for (const [k, v] of Object.entries(r.figures)) console.log(`  ${k}: ${v}`);
  console.log('');
}
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2));

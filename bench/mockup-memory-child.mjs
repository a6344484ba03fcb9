// Child process of the mockup-render bench: does one phase of the mockup worker's work alone and
// prints its memory as one line of JSON. `node bench/mockup-memory-child.mjs generate|apply [dir]`.
//
// - generate: renders and encodes templates at 2048 px as the server's worker does (one per
//   category, then the largest group);
// - apply: decodes three stored templates (written by the bench to the directory given) and applies
//   a full-size design to each, three times, as the server does.
//
// Peak RSS is the kernel's high-water mark (process.resourceUsage().maxRSS). The JS heap and the
// ArrayBuffers (the typed arrays of maps and images) are sampled between steps: a step's own peak
// inside the synchronous renderer is not seen by them, only by the RSS.
import { tsImport } from 'tsx/esm/api';
import { applyOnce, load } from './mockup-render.bench.mjs';

const phase = process.argv[2];
const mockup = await tsImport('../packages/mockup/src/index.ts', import.meta.url);
const base = process.memoryUsage();
const peak = { heapUsed: base.heapUsed, arrayBuffers: base.arrayBuffers };
const sample = () => {
  const m = process.memoryUsage();
  peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
};

if (phase === 'generate') {
  const ids = [...new Set(mockup.MOCKUP_TEMPLATES.map((t) => t.category))].map((c) => mockup.libraryTemplatesIn(c)[0].id);
  ids.push('boxes-group-reverse-tuck-end-straight-tuck-end-auto-lock-bottom-three-quarter-right-studio-grey');
  for (const id of ids) {
    const r = await mockup.renderLibraryTemplate(id, 2048);
    sample();
    await mockup.encodeTemplateMaps(r.maps);
    sample();
  }
} else if (phase === 'apply') {
  for (const k of [0, 1, 2]) {
    const { stored, pngs } = load(process.argv[3], k);
    for (let r = 0; r < 3; r++) {
      await applyOnce(mockup, stored, pngs);
      sample();
    }
  }
} else {
  throw new Error(`unknown phase ${phase}: generate or apply`);
}
console.log(JSON.stringify({ phase, baseRss: base.rss, maxRss: process.resourceUsage().maxRSS * 1024, ...peak }));

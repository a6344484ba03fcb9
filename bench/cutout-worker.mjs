// Child process of cutout.bench.mjs: one engine, a fresh process, so "cold" includes loading the
// modules and the model. Prints one JSON line with its figures.
//   node bench/cutout-worker.mjs <isnet|grabcut|imgly> <dir with NN-name.{png,jpg} and NN-name.mask.png>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';

const [engineName, dir] = process.argv.slice(2);
const list = JSON.parse(fs.readFileSync(path.join(dir, 'photos.json'), 'utf8'));
const metrics = await tsImport('../packages/vision/src/testset/metrics.ts', import.meta.url);

// Peak resident memory while cutting out: sampled (ORT runs off the main thread, so the timer
// keeps firing during inference), and the kernel's high-water mark for the whole process.
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 10);

async function imglyEngine() {
  // The packaged library as its README shows it, for comparison.
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@imgly/background-removal-node', { paths: [path.resolve('packages/vision')] });
  const { removeBackground } = await import(pathToFileURL(entry).href);
  const publicPath = pathToFileURL(path.dirname(entry)).href + '/';
  return {
    warmUp: async () => {},
    cutout: async (bytes) => {
      const blob = await removeBackground(new Blob([bytes], { type: bytes[0] === 0x89 ? 'image/png' : 'image/jpeg' }), {
        publicPath,
        model: 'medium',
        output: { format: 'image/png' },
      });
      const png = Buffer.from(await blob.arrayBuffer());
      const sharp = (await import('sharp')).default;
      return { maskPng: await sharp(png).extractChannel(3).toColourspace('b-w').png().toBuffer(), timings: {} };
    },
    dispose: async () => {},
  };
}

const start = performance.now(); // ms since this process started
const engine =
  engineName === 'imgly'
    ? await imglyEngine()
    : (await tsImport('../packages/vision/src/cutout/index.ts', import.meta.url)).createCutoutEngine({ engine: engineName });
const imported = performance.now();
await engine.warmUp();
const warmedUp = performance.now();
const first = list.find((p) => Math.max(p.width, p.height) === 2048) ?? list[0];
await engine.cutout(fs.readFileSync(path.join(dir, first.file)));
const firstDone = performance.now();

const runs = [];
const limit = engineName === 'imgly' ? 4 : list.length;
for (const p of list.slice(0, limit)) {
  const bytes = fs.readFileSync(path.join(dir, p.file));
  const t = performance.now();
  const r = await engine.cutout(bytes);
  const ms = performance.now() - t;
  const iou = metrics.maskIoU(await metrics.decodeMask(r.maskPng), await metrics.decodeMask(fs.readFileSync(path.join(dir, p.mask))));
  runs.push({ name: p.name, side: Math.max(p.width, p.height), ms, iou, timings: r.timings });
}
clearInterval(sampler);
await engine.dispose();
process.stdout.write(
  JSON.stringify({
    engine: engineName,
    cold: { importMs: imported - start, warmUpMs: warmedUp - imported, firstCutMs: firstDone - warmedUp, sinceProcessStartMs: firstDone },
    runs,
    peakRssSampled: peakRss,
    maxRssKiB: process.resourceUsage().maxRSS,
  }) + '\n',
);

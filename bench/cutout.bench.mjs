// Product cut-outs (packages/vision/src/cutout) on the generated photo set: cold start in a new
// process (modules + model + first cut), warm time per 2048 px photo, mask IoU against the known
// masks, peak memory. ISNet (default engine), the GrabCut fallback, and — for comparison — the
// @imgly/background-removal-node package run as packaged (4 photos; BENCH_CUTOUT_BASELINE=0 skips it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root, stats } from './lib.mjs';

function runWorker(engine, dir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bench/cutout-worker.mjs'), engine, dir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`cutout worker (${engine}) exited with ${code}`));
      resolve({ ...JSON.parse(out.trim().split('\n').at(-1)), processMs: performance.now() - started });
    });
  });
}

const mib = (bytes) => Math.round(bytes / 2 ** 20);

function summarise(r) {
  const big = r.runs.filter((x) => x.side === 2048).map((x) => x.ms);
  const all = r.runs.map((x) => x.ms);
  const ious = r.runs.map((x) => x.iou);
  const worst = r.runs.reduce((a, x) => (x.iou < a.iou ? x : a));
  const stage = {};
  for (const run of r.runs) for (const [k, v] of Object.entries(run.timings)) (stage[k] ??= []).push(v);
  return {
    big: big.length ? stats(big) : undefined,
    all: stats(all),
    meanIoU: ious.reduce((a, b) => a + b, 0) / ious.length,
    worst,
    stages: Object.fromEntries(Object.entries(stage).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) / v.length)])),
  };
}

export default async function cutoutBench() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-bench-cutout-'));
  try {
    const { generateTestPhotos } = await tsImport('../packages/vision/src/testset/index.ts', import.meta.url);
    const list = [];
    for await (const p of generateTestPhotos()) {
      const file = `${p.name}.${p.mime === 'image/png' ? 'png' : 'jpg'}`;
      fs.writeFileSync(path.join(dir, file), p.photo);
      fs.writeFileSync(path.join(dir, `${p.name}.mask.png`), p.maskPng);
      list.push({ name: p.name, file, mask: `${p.name}.mask.png`, width: p.width, height: p.height });
    }
    fs.writeFileSync(path.join(dir, 'photos.json'), JSON.stringify(list));
    const load0 = os.loadavg()[0];

    const isnet = await runWorker('isnet', dir);
    const grabcut = await runWorker('grabcut', dir);
    const baseline = process.env.BENCH_CUTOUT_BASELINE === '0' ? undefined : await runWorker('imgly', dir);
    const i = summarise(isnet);
    const g = summarise(grabcut);
    const figures = {
      photos: `${list.length} generated (${i.big?.n ?? 0} with a 2048 px side)`,
      'ISNet cold, new process → first cut-out done, ms': Math.round(isnet.cold.sinceProcessStartMs),
      'ISNet cold: modules / model load / first cut, ms': `${Math.round(isnet.cold.importMs)} / ${Math.round(isnet.cold.warmUpMs)} / ${Math.round(isnet.cold.firstCutMs)}`,
      'ISNet warm, 2048 px photos, mean / p95 ms': i.big ? `${Math.round(i.big.mean)} / ${Math.round(i.big.p95)}` : 'n/a',
      'ISNet warm, all photos, mean ms': Math.round(i.all.mean),
      'ISNet stages, mean ms': JSON.stringify(i.stages),
      'ISNet IoU mean / worst': `${i.meanIoU.toFixed(4)} / ${i.worst.iou.toFixed(4)} (${i.worst.name})`,
      'ISNet peak RSS during cut-outs, MiB (sampled / kernel max)': `${mib(isnet.peakRssSampled)} / ${Math.round(isnet.maxRssKiB / 1024)}`,
      'GrabCut cold, new process → first cut-out done, ms': Math.round(grabcut.cold.sinceProcessStartMs),
      'GrabCut warm, 2048 px photos, mean / p95 ms': g.big ? `${Math.round(g.big.mean)} / ${Math.round(g.big.p95)}` : 'n/a',
      'GrabCut IoU mean / worst': `${g.meanIoU.toFixed(4)} / ${g.worst.iou.toFixed(4)} (${g.worst.name})`,
      'GrabCut peak RSS, MiB (sampled / kernel max)': `${mib(grabcut.peakRssSampled)} / ${Math.round(grabcut.maxRssKiB / 1024)}`,
      'load average (1 min) before / after': `${load0.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`,
    };
    if (baseline) {
      const b = summarise(baseline);
      figures['as packaged (@imgly/background-removal-node, medium), warm mean ms over 4 photos'] = Math.round(b.all.mean);
      figures['as packaged: cold, new process → first cut-out done, ms'] = Math.round(baseline.cold.sinceProcessStartMs);
      figures['as packaged: IoU mean over the same 4 photos'] = b.meanIoU.toFixed(4);
    }
    return {
      name: 'cut-out (ISNet, GrabCut) on the generated photo set',
      figures,
      aim: 'ISNet warm 2048 px under 4,000 ms; IoU mean ≥ 0.97, worst ≥ 0.90',
      pass: (i.big?.mean ?? Infinity) < 4000 && i.meanIoU >= 0.97 && i.worst.iou >= 0.9,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

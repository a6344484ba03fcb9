// The photo-shoot compositor: a cut-out product placed on a 2048 px scene (decode, lanczos
// resize, shadows, ΔE-capped light match, PNG), every variant on three scene families.
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { coreShare, median } from './cpu-share.mjs';
import { stats } from './lib.mjs';

/** A product cut-out as the cut-out engine hands it over: 900 × 2000 RGBA, product on transparency. */
async function productCutout() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="2000">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b3d6e"/><stop offset="0.4" stop-color="#2a6fb0"/><stop offset="1" stop-color="#082a4c"/></linearGradient></defs>
    <rect x="360" y="30" width="180" height="260" rx="20" fill="#c8102e"/>
    <path d="M360 290 h180 q0 170 210 290 q90 60 90 200 v1130 q0 60 -60 60 h-660 q-60 0 -60 -60 v-1130 q0 -140 90 -200 q210 -120 210 -290z" fill="url(#g)"/>
    <rect x="120" y="1100" width="660" height="520" fill="#f4ecd8"/><rect x="210" y="1270" width="480" height="90" fill="#1b2a4a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export default async function compositeBench() {
  const { renderScene } = await tsImport('../packages/design-engine/src/scenes/index.ts', import.meta.url);
  const { compositeProduct, compositeVariants, VARIANT_LOOKS } = await tsImport('../packages/vision/src/composite/index.ts', import.meta.url);
  const cutoutPng = await productCutout();
  const scenes = [];
  for (const family of ['wood', 'marble', 'studio_sweep']) scenes.push(await renderScene({ family, seed: 21, palette: ['#2a6fb0', '#f4ecd8'] }));
  // Warm-up run (module compilation, sharp's first call).
  await compositeProduct({ scenePng: scenes[0].png, cutoutPng, scene: { light: scenes[0].meta.light, floorY: scenes[0].meta.floorY } });
  const walls = [];
  const cpus = [];
  const shares = [];
  const deltaE = [];
  const stages = {};
  for (const scene of scenes) {
    for (let variant = 0; variant < VARIANT_LOOKS.length; variant++) {
      shares.push(coreShare().share);
      const c0 = process.cpuUsage();
      const t = performance.now();
      const r = await compositeProduct({
        scenePng: scene.png,
        cutoutPng,
        scene: { light: scene.meta.light, floorY: scene.meta.floorY },
        variant,
        format: 'jpeg',
      });
      walls.push(performance.now() - t);
      const c = process.cpuUsage(c0);
      cpus.push((c.user + c.system) / 1000);
      deltaE.push(r.productDeltaE);
      for (const [k, v] of Object.entries(r.timings)) (stages[k] ??= []).push(v);
    }
  }
  // A run as the server does it: all 8 variants of one scene, the scene decoded and the product placed once.
  const runWalls = [];
  for (const scene of scenes) {
    shares.push(coreShare().share);
    const t = performance.now();
    await compositeVariants(
      { scenePng: scene.png, cutoutPng, scene: { light: scene.meta.light, floorY: scene.meta.floorY }, format: 'jpeg' },
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    runWalls.push(performance.now() - t);
  }
  const s = stats(walls);
  const share = median(shares);
  const figures = {
    'runs (3 scenes × 8 variants)': walls.length,
    'wall ms (mean)': Math.round(s.mean),
    'wall ms (p95)': Math.round(s.p95),
    'CPU ms, all threads (median)': Math.round(median(cpus)),
    'share of a core this process got': share.toFixed(2),
    'idle estimate ms (mean)': Math.round(s.mean * share),
    'idle estimate ms (p95)': Math.round(s.p95 * share),
    'run of 8 variants, wall ms (median)': Math.round(median(runWalls)),
    'run of 8 variants, idle estimate ms per variant': Math.round((median(runWalls) * share) / 8),
    'product ΔE00 (mean / max)': `${(deltaE.reduce((a, b) => a + b, 0) / deltaE.length).toFixed(2)} / ${Math.max(...deltaE).toFixed(2)}`,
  };
  for (const [k, v] of Object.entries(stages)) if (k !== 'total') figures[`stage ${k} ms (median wall)`] = Math.round(median(v));
  return { name: 'composite: product on a 2048 px scene (JPEG q92 out, as the server delivers)', figures, aim: 'under 300 ms', pass: s.mean * share < 300 };
}

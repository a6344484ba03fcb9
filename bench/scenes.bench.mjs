// Procedural photo-shoot scenes: one 2048 px scene per family (renderScene: textures and layers,
// compositing, PNG encoding), several seeds each, with a product palette as the server passes it.
import { tsImport } from 'tsx/esm/api';
import { coreShare, median } from './cpu-share.mjs';

const PALETTES = [
  ['#c8102e', '#f4ecd8'],
  ['#1b2a4a', '#c9a227'],
  ['#f5f5f0', '#2f9e44'],
];

export default async function scenesBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 2) } = {}) {
  const { renderScene } = await tsImport('../packages/design-engine/src/scenes/index.ts', import.meta.url);
  const { SCENE_FAMILIES } = await tsImport('../packages/contracts/src/index.ts', import.meta.url);
  // Warm-up: module compilation and sharp's first call are not what a scene costs.
  await renderScene({ family: 'studio_sweep', seed: 0, size: 512 });
  const figures = {};
  const all = [];
  const shares = [];
  const cpus = [];
  for (const family of SCENE_FAMILIES) {
    const walls = [];
    for (let r = 0; r < rounds; r++) {
      shares.push(coreShare().share);
      const c0 = process.cpuUsage();
      const t = performance.now();
      await renderScene({ family, seed: 11 + r, palette: PALETTES[r % PALETTES.length] });
      walls.push(performance.now() - t);
      const c = process.cpuUsage(c0);
      cpus.push((c.user + c.system) / 1000);
    }
    all.push(...walls);
    figures[`${family} ms (median wall)`] = Math.round(median(walls));
  }
  const share = median(shares);
  const wall = median(all);
  figures['all families: wall ms (median)'] = Math.round(wall);
  figures['all families: wall ms (max)'] = Math.round(Math.max(...all));
  figures['CPU ms, all threads (median)'] = Math.round(median(cpus));
  figures['share of a core this process got'] = share.toFixed(2);
  figures['idle estimate ms (median)'] = Math.round(wall * share);
  figures['idle estimate ms (slowest family)'] = Math.round(Math.max(...all) * share);
  return { name: 'scenes: one 2048 px scene per family (render + PNG)', figures, aim: 'under 1,000 ms per scene', pass: Math.max(...all) * share < 1000 };
}

// The mockup engine at full size (2048 px), on one thread:
//
// 1. A design applied as the server applies it: the template's stored files decoded (scene JPEG with
//    sharp, maps with decodeTemplateMaps), the design image decoded, applyDesign, the result encoded
//    as JPEG (quality 90); each part timed and the total, on three library templates (a carton with
//    three faces in view, a can, a pouch) with a design at each surface's full design size.
// 2. Library template generation as the server's worker does it (renderLibraryTemplate: the three
//    render passes, scene JPEG and thumbnail; then encodeTemplateMaps), for one template of every
//    category and — unless BENCH_MOCKUP_LIBRARY=sample — for all 78, in library order.
// 3. Peak memory of a process doing only that work (bench/mockup-memory-child.mjs, one process per
//    phase): rendering and encoding templates, and applying designs as in 1.
//
// The machine may be shared: a fixed CPU loop is timed next to each run, and its CPU/wall ratio (how
// much of a core this process actually got) scales the measured time to an estimate for an idle machine.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { coreShare, median } from './cpu-share.mjs';
import { root, tempDataDir } from './lib.mjs';

const SIZE = 2048;
const APPLY_TEMPLATES = [
  'boxes-reverse-tuck-end-three-quarter-right-studio-grey',
  'cans-jars-beverage-can-front-studio-grey',
  'pouches-sachets-bags-stand-up-pouch-three-quarter-right-studio-grey',
];

/** A busy design: coloured checks with a soft gradient, opaque, width × height. */
export function designRgba(width, height) {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const check = ((x >> 6) + (y >> 6)) & 1;
      rgba[o] = check ? 230 : (x * 255) / width;
      rgba[o + 1] = check ? 190 : 60;
      rgba[o + 2] = check ? 40 : (y * 255) / height;
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** A template as the server stores it: scene JPEG and the encoded maps. */
export async function storedTemplate(mockup, id) {
  const t = await mockup.renderLibraryTemplate(id, SIZE);
  return { sceneJpeg: t.sceneJpeg, files: await mockup.encodeTemplateMaps(t.maps) };
}

/** The designs for every surface of a template, as PNG files at the surfaces' full design size. */
export async function designPngs(surfaces) {
  return Promise.all(
    surfaces.map(({ designArea: { width, height } }) =>
      sharp(designRgba(width, height), { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
    ),
  );
}

/** One apply as the server does it, each part timed: wall ms, and CPU ms of the whole process (sharp's threads too) as `${part}Cpu`. */
export async function applyOnce(mockup, stored, pngs) {
  const t = {};
  const part = async (name, f) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await f();
    t[name] = performance.now() - t0;
    const c = process.cpuUsage(c0);
    t[`${name}Cpu`] = (c.user + c.system) / 1000;
    return r;
  };
  const scene = await part('sceneDecode', () => sharp(stored.sceneJpeg).removeAlpha().raw().toBuffer());
  const maps = await part('mapsDecode', () => mockup.decodeTemplateMaps(stored.files));
  const designs = {};
  await part('designDecode', () =>
    Promise.all(
      pngs.map(async (png, k) => {
        const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        designs[k] = { rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
      }),
    ),
  );
  const rgb = await part('apply', () => mockup.applyDesign({ sceneRgb: scene, maps, designs, material: 'glossy' }));
  await part('jpegEncode', () =>
    sharp(rgb, { raw: { width: maps.width, height: maps.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const parts = ['sceneDecode', 'mapsDecode', 'designDecode', 'apply', 'jpegEncode'];
  t.total = parts.reduce((a, k) => a + t[k], 0);
  t.totalCpu = parts.reduce((a, k) => a + t[`${k}Cpu`], 0);
  // With the template's maps kept decoded between applies (a cache in the server), the rest.
  t.withCachedMaps = t.total - t.mapsDecode;
  t.withCachedMapsCpu = t.totalCpu - t.mapsDecodeCpu;
  return t;
}

const run = promisify(execFile);

/** Writes a stored template and its designs to dir/k/ for the memory child's apply phase. */
function save(dir, k, stored, pngs) {
  const d = path.join(dir, String(k));
  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, 'scene.jpg'), stored.sceneJpeg);
  for (const f of ['surfacePng', 'uvPng', 'lightPng']) fs.writeFileSync(path.join(d, `${f}.png`), stored.files[f]);
  fs.writeFileSync(path.join(d, 'meta.json'), JSON.stringify(stored.files.meta));
  pngs.forEach((png, i) => fs.writeFileSync(path.join(d, `design-${i}.png`), png));
}

/** Reads what `save` wrote. */
export function load(dir, k) {
  const d = path.join(dir, String(k));
  const meta = JSON.parse(fs.readFileSync(path.join(d, 'meta.json'), 'utf8'));
  const files = { meta };
  for (const f of ['surfacePng', 'uvPng', 'lightPng']) files[f] = fs.readFileSync(path.join(d, `${f}.png`));
  const pngs = meta.surfaces.map((_, i) => fs.readFileSync(path.join(d, `design-${i}.png`)));
  return { stored: { sceneJpeg: fs.readFileSync(path.join(d, 'scene.jpg')), files }, pngs };
}

/** Peak memory of a child process doing one phase (see mockup-memory-child.mjs). */
async function memory(phase, dir) {
  const { stdout } = await run(process.execPath, [path.join(root, 'bench/mockup-memory-child.mjs'), phase, dir], {
    cwd: root,
    maxBuffer: 1 << 20,
    timeout: 30 * 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

const mb = (bytes) => Math.round(bytes / 2 ** 20);

export default async function mockupRenderBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 5) } = {}) {
  const mockup = await tsImport('../packages/mockup/src/index.ts', import.meta.url);
  const shares = [];
  const figures = {};

  // 1. Apply, as the server does it.
  const parts = {};
  const dir = tempDataDir('mockup');
  for (const [k, id] of APPLY_TEMPLATES.entries()) {
    const stored = await storedTemplate(mockup, id);
    const pngs = await designPngs(stored.files.meta.surfaces);
    save(dir, k, stored, pngs);
    await applyOnce(mockup, stored, pngs); // warm-up: JIT, sharp's first calls
    for (let r = 0; r < rounds; r++) {
      shares.push(coreShare().share);
      for (const [k, v] of Object.entries(await applyOnce(mockup, stored, pngs))) (parts[k] ??= []).push(v);
    }
  }
  for (const k of ['sceneDecode', 'mapsDecode', 'designDecode', 'apply', 'jpegEncode', 'total', 'withCachedMaps'])
    figures[`apply at ${SIZE} px: ${k} ms (median wall; max wall; median CPU)`] =
      `${Math.round(median(parts[k]))}; ${Math.round(Math.max(...parts[k]))}; ${Math.round(median(parts[`${k}Cpu`]))}`;
  const applyShare = median(shares);
  const applyTotal = median(parts.total);

  // 2. Template generation: one per category first, then (by default) the whole library.
  const all = process.env.BENCH_MOCKUP_LIBRARY !== 'sample';
  const firstOfEach = [...new Set(mockup.MOCKUP_TEMPLATES.map((t) => t.category))].map((c) => mockup.libraryTemplatesIn(c)[0].id);
  const ids = all ? mockup.MOCKUP_TEMPLATES.map((t) => t.id) : firstOfEach;
  const gen = [];
  const genShares = [];
  const libraryStart = performance.now();
  const libraryCpu = process.cpuUsage();
  for (const id of ids) {
    genShares.push(coreShare().share);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await mockup.renderLibraryTemplate(id, SIZE);
    const render = performance.now() - t0;
    const t1 = performance.now();
    await mockup.encodeTemplateMaps(r.maps);
    const encode = performance.now() - t1;
    const c = process.cpuUsage(c0);
    const spec = mockup.libraryTemplate(id);
    gen.push({ id, group: Boolean(spec.render.boxIds), render, encode, cpu: (c.user + c.system) / 1000 });
  }
  const libraryWall = performance.now() - libraryStart;
  const libraryCpuMs = (() => {
    const c = process.cpuUsage(libraryCpu);
    return (c.user + c.system) / 1000;
  })();
  for (const id of firstOfEach) {
    const g = gen.find((x) => x.id === id);
    figures[`generate ${id} ms (render + encode; CPU)`] = `${Math.round(g.render)} + ${Math.round(g.encode)}; ${Math.round(g.cpu)}`;
  }
  const genShare = median(genShares);
  const singles = gen.filter((g) => !g.group);
  const groups = gen.filter((g) => g.group);
  figures[`generate: templates timed`] = `${gen.length} (${singles.length} single packs, ${groups.length} groups)`;
  figures['generate ms per template (median single; median group; max)'] =
    `${Math.round(median(singles.map((g) => g.render + g.encode)))}; ${groups.length ? Math.round(median(groups.map((g) => g.render + g.encode))) : '-'}; ${Math.round(Math.max(...gen.map((g) => g.render + g.encode)))}`;
  figures['generate CPU ms per template (median)'] = Math.round(median(gen.map((g) => g.cpu)));
  figures['share of a core this process got (apply; generate)'] = `${applyShare.toFixed(2)}; ${genShare.toFixed(2)}`;
  if (all) {
    figures[`whole library (${gen.length} templates): wall s; CPU s`] = `${(libraryWall / 1000).toFixed(1)}; ${(libraryCpuMs / 1000).toFixed(1)}`;
  } else {
    const perTemplate = median(gen.map((g) => g.render + g.encode));
    figures[`whole library (${mockup.MOCKUP_TEMPLATES.length}) extrapolated s`] = ((perTemplate * mockup.MOCKUP_TEMPLATES.length) / 1000).toFixed(1);
  }

  // 3. Memory of a process doing only this work.
  for (const phase of ['generate', 'apply']) {
    const m = await memory(phase, dir);
    figures[`${phase} process: peak RSS MB; baseline RSS MB (after imports)`] = `${mb(m.maxRss)}; ${mb(m.baseRss)}`;
    figures[`${phase} process: largest heapUsed MB; largest arrayBuffers MB (sampled between steps)`] = `${mb(m.heapUsed)}; ${mb(m.arrayBuffers)}`;
  }

  fs.rmSync(dir, { recursive: true, force: true });
  return {
    name: `mockup: a design applied to a ${SIZE} px template as the server does it, template generation, memory`,
    figures: { ...figures, 'apply total idle estimate ms': Math.round(applyTotal * applyShare) },
    aim: `a design applied at ${SIZE} px (decode, apply, JPEG) under 300 ms`,
    pass: applyTotal * applyShare < 300,
  };
}

// The mockup engine at full size: renderTemplate (the 3D renderer's three passes and the maps)
// and applyDesign (a design through the maps) on 2048 px templates, on one thread; then library
// template generation (renderLibraryTemplate: scene, JPEG and thumbnail, plus encodeTemplateMaps:
// the storable PNG maps) for templates of different categories, extrapolated to the whole library.
//
// The machine may be shared: a fixed CPU loop is timed next to each run, and its wall/CPU
// ratio (how much of a core this process actually got) scales the measured time to an
// estimate for an idle machine.
import { tsImport } from 'tsx/esm/api';

const SIZE = 2048;
/** A carton, a can and a pouch: planar faces, a wrap round a body, a puffed film. */
const BOXES = [101, 701, 501];
/** Library templates of four categories: a carton, a bottle, a pouch and a cup. */
const LIBRARY_CATEGORIES = ['Boxes', 'Bottles & Jugs', 'Pouches & Sachets & Bags', 'Containers & Cups & Bowls'];

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

/** A busy design: coloured checks with a soft gradient, opaque, at the surface's full design size. */
function design(width, height) {
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
  return { rgba, width, height };
}

export default async function mockupRenderBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 5) } = {}) {
  const mockup = await tsImport('../packages/mockup/src/index.ts', import.meta.url);
  const shares = [];
  const templateMs = [];
  const applyMs = [];
  for (const boxId of BOXES) {
    // The first render of a process also compiles the renderer: timed apart from the rest.
    const loop = cpuLoop();
    shares.push(Math.min(1, loop.cpu / loop.wall));
    let t = performance.now();
    const tpl = mockup.renderTemplate({ boxId, size: SIZE });
    templateMs.push(performance.now() - t);
    const designs = Object.fromEntries(tpl.maps.surfaces.map((s, i) => [i, design(s.designArea.width, s.designArea.height)]));
    for (let r = 0; r < rounds; r++) {
      t = performance.now();
      mockup.applyDesign({ sceneRgb: tpl.sceneRgb, maps: tpl.maps, designs, material: 'glossy' });
      applyMs.push(performance.now() - t);
    }
  }
  const libraryMs = [];
  const encodeMs = [];
  for (const category of LIBRARY_CATEGORIES) {
    const { id } = mockup.libraryTemplatesIn(category)[0];
    const loop = cpuLoop();
    shares.push(Math.min(1, loop.cpu / loop.wall));
    let t = performance.now();
    const rendered = await mockup.renderLibraryTemplate(id, SIZE);
    libraryMs.push(performance.now() - t);
    t = performance.now();
    await mockup.encodeTemplateMaps(rendered.maps);
    encodeMs.push(performance.now() - t);
  }
  const share = median(shares);
  const apply = median(applyMs);
  const perTemplate = median(libraryMs.map((ms, i) => ms + encodeMs[i]));
  const count = mockup.MOCKUP_TEMPLATES.length;
  return {
    name: `mockup: renderTemplate and applyDesign at ${SIZE} px (boxes ${BOXES.join(', ')}), library generation`,
    figures: {
      'renderTemplate ms (median)': Math.round(median(templateMs)),
      'renderTemplate ms (max)': Math.round(Math.max(...templateMs)),
      'applyDesign ms (median)': Math.round(apply),
      'applyDesign ms (max)': Math.round(Math.max(...applyMs)),
      'share of a core this process got': share.toFixed(2),
      'applyDesign idle estimate ms': Math.round(apply * share),
      'renderLibraryTemplate ms (median of 4 categories)': Math.round(median(libraryMs)),
      'encodeTemplateMaps ms (median)': Math.round(median(encodeMs)),
      'library template generation ms (render + encode, median)': Math.round(perTemplate),
      'library templates': count,
      'library total s (extrapolated)': ((perTemplate * count) / 1000).toFixed(1),
      'library total idle estimate s': ((perTemplate * share * count) / 1000).toFixed(1),
    },
    aim: 'applyDesign under 300 ms at 2048 px',
    pass: apply * share < 300,
  };
}

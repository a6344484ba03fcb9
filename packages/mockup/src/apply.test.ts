import { describe, expect, it } from 'vitest';
import { applyDesign, applyDesignPng, type DesignImage, type PrintMaterial } from './apply.js';
import { renderTemplate, type RenderedTemplate } from './template/index.js';
import type { TemplateMaps } from './types.js';

const LIN = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();
const toSrgb255 = (v: number): number => (v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055) * 255;

function image(width: number, height: number, f: (x: number, y: number) => readonly [number, number, number, number?]): DesignImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = f(x, y);
      rgba.set([r, g, b, a ?? 255], (y * width + x) * 4);
    }
  }
  return { rgba, width, height };
}

/** The design's linear value at pixel i of an applied mockup, with the template's light taken out. */
function unlit(out: Uint8Array, maps: TemplateMaps, i: number, channel: number, specularGain: number): number {
  return (LIN[out[i * 3 + channel]!]! - maps.specular[i]! * specularGain) / maps.shading[i]!;
}

/** Pixels well inside surface `s` (full coverage, the same surface two pixels around). */
function interior(maps: TemplateMaps, s: number, i: number): boolean {
  const W = maps.width;
  const S = maps.surface;
  return S[i] === s && maps.coverage[i] === 1 && S[i - 2] === s && S[i + 2] === s && S[i - 2 * W] === s && S[i + 2 * W] === s;
}

/** Least-squares line a·t + b through (t, x) points; returns the largest residual and the line. */
function fitLine(ts: readonly number[], xs: readonly number[]): { worst: number; at: (t: number) => number } {
  const n = ts.length;
  const mt = ts.reduce((a, b) => a + b, 0) / n;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  let stt = 0,
    stx = 0;
  for (let i = 0; i < n; i++) {
    stt += (ts[i]! - mt) ** 2;
    stx += (ts[i]! - mt) * (xs[i]! - mx);
  }
  const a = stx / stt;
  const b = mx - a * mt;
  let worst = 0;
  for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(a * ts[i]! + b - xs[i]!));
  return { worst, at: (t) => a * t + b };
}

let box1024: RenderedTemplate | undefined;
/** The reverse tuck end carton at 1024 px, rendered once for the geometry tests. */
const carton = (): RenderedTemplate => (box1024 ??= renderTemplate({ boxId: 101, size: 1024 }));

describe('applyDesign on a planar box', () => {
  // 1 px at 2048 px is 0.5 px at the 1024 px these tests render.
  const TOLERANCE = 0.5;

  it('keeps the checker edges on a face straight', () => {
    const { sceneRgb, maps } = carton();
    // Vertical stripes 16 texels wide: edges are lines of constant u on the front.
    const stripes = image(128, 128, (x) => ((x >> 4) & 1 ? [255, 255, 255] : [0, 0, 0]));
    const out = applyDesign({ sceneRgb, maps, designs: { 0: stripes }, material: 'glossy' });
    const W = maps.width;
    const edges = new Map<number, { ys: number[]; xs: number[] }>();
    for (let y = 0; y < maps.height; y++) {
      for (let x = 2; x < W - 3; x++) {
        const i = y * W + x;
        if (!interior(maps, 1, i) || !interior(maps, 1, i + 1)) continue;
        const a = unlit(out, maps, i, 1, 1);
        const b = unlit(out, maps, i + 1, 1, 1);
        if ((a - 0.5) * (b - 0.5) >= 0) continue;
        // Sub-pixel crossing of half the ink, between the two pixel centres; which edge it is from u.
        const cx = x + (0.5 - a) / (b - a);
        const edge = Math.round(maps.u[i]! * 100) / 100;
        const key = [...edges.keys()].find((k) => Math.abs(k - edge) < 0.03) ?? edge;
        const e = edges.get(key) ?? { ys: [], xs: [] };
        e.ys.push(y);
        e.xs.push(cx);
        edges.set(key, e);
      }
    }
    const lines = [...edges.values()].filter((e) => e.ys.length > 100);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const e of lines) expect(fitLine(e.ys, e.xs).worst).toBeLessThan(TOLERANCE);
  });

  it('keeps horizontal checker edges straight on two faces and continuous across the fold', () => {
    const { sceneRgb, maps } = carton();
    const front = maps.surfaces.findIndex((s) => s.role === 'front');
    const right = maps.surfaces.findIndex((s) => s.role === 'right');
    // Horizontal stripes: the same design on the front and the right side, both as tall as the box.
    const stripes = image(128, 128, (_x, y) => ((y >> 4) & 1 ? [255, 255, 255] : [0, 0, 0]));
    const out = applyDesign({ sceneRgb, maps, designs: { [front]: stripes, [right]: stripes }, material: 'glossy' });
    const W = maps.width;
    const fits: Record<number, ReturnType<typeof fitLine>[]> = {};
    const foldYs: number[] = [];
    const foldXs: number[] = [];
    for (const s of [front + 1, right + 1]) {
      const edges = new Map<number, { xs: number[]; ys: number[] }>();
      for (let x = 0; x < W; x++) {
        for (let y = 2; y < maps.height - 3; y++) {
          const i = y * W + x;
          if (s === front + 1 && maps.surface[i] === s && maps.surface[i + 1] === right + 1) {
            foldYs.push(y);
            foldXs.push(x + 0.5);
          }
          if (!interior(maps, s, i) || !interior(maps, s, i + W)) continue;
          const a = unlit(out, maps, i, 1, 1);
          const b = unlit(out, maps, i + W, 1, 1);
          if ((a - 0.5) * (b - 0.5) >= 0) continue;
          const cy = y + (0.5 - a) / (b - a);
          const edge = Math.round(maps.v[i]! * 16);
          const e = edges.get(edge) ?? { xs: [], ys: [] };
          e.xs.push(x);
          e.ys.push(cy);
          edges.set(edge, e);
        }
      }
      const lines: ReturnType<typeof fitLine>[] = [];
      fits[s] = lines;
      for (const [edge, e] of edges) {
        if (e.xs.length < 40) continue;
        const fit = fitLine(e.xs, e.ys);
        expect(fit.worst).toBeLessThan(TOLERANCE);
        lines[edge] = fit;
      }
    }
    expect(foldYs.length).toBeGreaterThan(300);
    // The fold as a line x(y); each edge is compared where the front's line meets it.
    const fold = fitLine(foldYs, foldXs);
    let matched = 0;
    fits[front + 1]!.forEach((fit, edge) => {
      const other = fits[right + 1]![edge];
      if (!other) return;
      matched++;
      let x = fold.at(fit.at(fold.at(0)));
      for (let k = 0; k < 5; k++) x = fold.at(fit.at(x));
      expect(Math.abs(fit.at(x) - other.at(x))).toBeLessThan(2 * TOLERANCE);
    });
    expect(matched).toBeGreaterThanOrEqual(3);
  });
});

describe('applyDesign', () => {
  it('puts each design texel where the UV map says (round trip within 1 design px)', () => {
    const { sceneRgb, maps } = renderTemplate({ boxId: 101, size: 512 });
    // Red encodes x, green y: 64 texels, 4 levels apart, read back through the light.
    const ramp = image(64, 64, (x, y) => [4 * x + 2, 4 * y + 2, 128]);
    const designs = Object.fromEntries(maps.surfaces.map((_, i) => [i, ramp]));
    const out = applyDesign({ sceneRgb, maps, designs, material: 'glossy' });
    let seed = 7;
    const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    let checked = 0;
    let worst = 0;
    for (let tries = 0; tries < 200000 && checked < 400; tries++) {
      const i = Math.floor(random() * maps.surface.length);
      const s = maps.surface[i]!;
      if (s === 0 || !interior(maps, s, i)) continue;
      const area = maps.surfaces[s - 1]!.designArea;
      const k = Math.max(area.width / 64, area.height / 64);
      const ex = 31.5 + (maps.u[i]! - 0.5) * (area.width / k);
      const ey = 31.5 + (maps.v[i]! - 0.5) * (area.height / k);
      if (ex < 1 || ey < 1 || ex > 62 || ey > 62) continue;
      const rx = (toSrgb255(unlit(out, maps, i, 0, 1)) - 2) / 4;
      const ry = (toSrgb255(unlit(out, maps, i, 1, 1)) - 2) / 4;
      worst = Math.max(worst, Math.abs(rx - ex), Math.abs(ry - ey));
      checked++;
    }
    expect(checked).toBe(400);
    expect(worst).toBeLessThan(1);
  });

  /** Luminance of the empty template and of the template with flat mid grey applied, on fully covered surface pixels. */
  function greyAndBlank(boxId: number, material?: PrintMaterial): { blank: number[]; grey: number[]; specular: number[] } {
    const { sceneRgb, maps } = renderTemplate({ boxId, size: 256 });
    const flat = image(8, 8, () => [128, 128, 128]);
    const out = applyDesign({ sceneRgb, maps, designs: Object.fromEntries(maps.surfaces.map((_, i) => [i, flat])), material });
    const lum = (px: Uint8Array, i: number): number => 0.2126 * LIN[px[i * 3]!]! + 0.7152 * LIN[px[i * 3 + 1]!]! + 0.0722 * LIN[px[i * 3 + 2]!]!;
    const r = { blank: [] as number[], grey: [] as number[], specular: [] as number[] };
    for (let i = 0; i < maps.surface.length; i++) {
      if (maps.surface[i] === 0 || maps.coverage[i] !== 1) continue;
      r.blank.push(lum(sceneRgb, i));
      r.grey.push(lum(out, i));
      r.specular.push(maps.specular[i]!);
    }
    return r;
  }

  it.each([101, 301, 901])("keeps the template's light on matt print: flat grey correlates with the empty template (box %i)", (boxId) => {
    const { blank, grey } = greyAndBlank(boxId);
    // Perceived lightness (sRGB encoding), as one compares the two images.
    expect(correlation(blank.map(toSrgb255), grey.map(toSrgb255))).toBeGreaterThan(0.95);
  });

  it.each([701, 501])("keeps the template's diffuse light on glossy packs (box %i)", (boxId) => {
    // Reflections add the same light over any print, so a grey print shows them stronger relative to
    // its own colour than white does: compare what is left once they are taken out.
    const { blank, grey, specular } = greyAndBlank(boxId, 'glossy');
    const diffuse = (l: number[]): number[] => l.map((v, i) => v - specular[i]!);
    expect(correlation(diffuse(blank), diffuse(grey))).toBeGreaterThan(0.95);
  });

  it('leaves pixels off the surfaces, and surfaces without a design, as the scene', () => {
    const { sceneRgb, maps } = renderTemplate({ boxId: 101, size: 96 });
    const out = applyDesign({ sceneRgb, maps, designs: { 0: image(4, 4, () => [200, 20, 20]) } });
    for (let i = 0; i < maps.surface.length; i++) {
      if (maps.surface[i] === 1) continue;
      expect(out[i * 3]).toBe(sceneRgb[i * 3]);
    }
  });

  it('encodes PNG', async () => {
    const { sceneRgb, maps } = renderTemplate({ boxId: 101, size: 64 });
    const png = await applyDesignPng({ sceneRgb, maps, designs: { 0: image(4, 4, () => [0, 0, 255]) } });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});

/** A flat synthetic template: one surface filling the frame, uniform light. */
function flatMaps(size: number, shading: number, specular: number): { sceneRgb: Uint8Array; maps: TemplateMaps } {
  const n = size * size;
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      u[y * size + x] = (x + 0.5) / size;
      v[y * size + x] = (y + 0.5) / size;
    }
  }
  return {
    sceneRgb: new Uint8Array(n * 3).fill(230),
    maps: {
      width: size,
      height: size,
      surface: new Uint8Array(n).fill(1),
      coverage: new Float32Array(n).fill(1),
      u,
      v,
      shading: new Float32Array(n).fill(shading),
      specular: new Float32Array(n).fill(specular),
      depth: new Float32Array(n).fill(0.5),
      surfaces: [{ role: 'front', designArea: { width: size, height: size } }],
    },
  };
}

describe('placement', () => {
  it('scales, moves and turns the design inside the design area', () => {
    const { sceneRgb, maps } = flatMaps(64, 1, 0);
    // Red in the design's top-left quarter only.
    const mark = image(32, 32, (x, y) => (x < 16 && y < 16 ? [255, 0, 0] : [255, 255, 255]));
    const red = (out: Uint8Array, x: number, y: number): boolean => out[(y * 64 + x) * 3 + 1]! < 100;
    const plain = applyDesign({ sceneRgb, maps, designs: { 0: mark } });
    expect(red(plain, 10, 10) && !red(plain, 50, 10) && !red(plain, 10, 50)).toBe(true);
    // Half size, centred: the red quarter shrinks to 16 … 32.
    const half = applyDesign({ sceneRgb, maps, designs: { 0: mark }, placement: { scale: 0.5 } });
    expect(red(half, 20, 20) && !red(half, 10, 10) && !red(half, 36, 20)).toBe(true);
    // A clockwise quarter turn takes the top-left quarter to the top right.
    const turned = applyDesign({ sceneRgb, maps, designs: { 0: mark }, placement: { rotation: 90 } });
    expect(red(turned, 50, 10) && !red(turned, 10, 10)).toBe(true);
    // Moved a quarter of the area right: the red quarter's left edge is at 16.
    const moved = applyDesign({ sceneRgb, maps, designs: { 0: mark }, placement: { 0: { offsetX: 0.25 } } });
    expect(red(moved, 20, 10) && !red(moved, 12, 10)).toBe(true);
  });
});

describe('materials', () => {
  const run = (material: PrintMaterial, design: DesignImage, shading = 0.9, specular = 0.2): Uint8Array => {
    const { sceneRgb, maps } = flatMaps(64, shading, specular);
    return applyDesign({ sceneRgb, maps, designs: { 0: design }, material });
  };
  const stats = (px: Uint8Array): { mean: number; sd: number } => {
    const l: number[] = [];
    for (let i = 0; i < px.length; i += 3) l.push(0.2126 * px[i]! + 0.7152 * px[i + 1]! + 0.0722 * px[i + 2]!);
    const mean = l.reduce((a, b) => a + b, 0) / l.length;
    return { mean, sd: Math.sqrt(l.reduce((a, b) => a + (b - mean) ** 2, 0) / l.length) };
  };
  const white = image(8, 8, () => [255, 255, 255]);
  const black = image(8, 8, () => [0, 0, 0]);
  const clear = image(8, 8, () => [0, 0, 0, 0]);

  it('shows kraft fibre through light ink and hides it under dense ink', () => {
    const light = stats(run('kraft', white));
    expect(light.sd).toBeGreaterThan(2);
    expect(light.mean).toBeLessThan(stats(run('paper', white)).mean - 40);
    expect(stats(run('kraft', black)).sd).toBeLessThan(0.5);
    expect(stats(run('paper', white)).sd).toBe(0);
  });

  it('keeps highlights over a dark design on glossy and glass, less on paper', () => {
    const glossy = stats(run('glossy', black)).mean;
    const paper = stats(run('paper', black)).mean;
    expect(glossy).toBeGreaterThan(paper + 20);
    expect(stats(run('glass', black)).mean).toBeCloseTo(glossy, 0);
  });

  it('tints highlights on metal by the print', () => {
    const red = image(8, 8, () => [200, 0, 0]);
    const lit = run('metal', red, 0.9, 0.3);
    const unlitRed = run('metal', red, 0.9, 0);
    // The highlight adds more to red than to blue.
    expect(LIN[lit[0]!]! - LIN[unlitRed[0]!]!).toBeGreaterThan(1.5 * (LIN[lit[2]!]! - LIN[unlitRed[2]!]!));
  });

  it('shows bare metal and clear glass where the design is transparent', () => {
    const metal = stats(run('metal', clear, 0.9, 0)).mean;
    const paper = stats(run('paper', clear, 0.9, 0)).mean;
    expect(metal).toBeLessThan(paper - 20);
    expect(metal).toBeGreaterThan(100);
    const glass = run('glass', clear, 0.9, 0);
    // Mostly see-through: the scene (230) shows with a faint tint over it.
    expect(stats(glass).mean).toBeLessThan(230);
    expect(stats(glass).mean).toBeGreaterThan(120);
  });
});

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

/**
 * The scene compositor: layers (the first opaque) → one RGB raster.
 *
 * Smooth layers (light falloff, shadows, glows, bokeh) are rendered at a fraction of the scene
 * size: blurred, they hold no detail a full-size render would add. Every blend used here is
 * affine in the colour underneath (over, multiply, screen, add: d' = d·G + O per channel), so a
 * run of smooth layers folds into one small gain/offset map at their own resolution and costs a
 * single full-size pass, enlarged bilinearly on the fly. Full-size layers (textures, props) get
 * their own pass over only the rows and columns they cover; rows are dithered while they are
 * converted to bytes. On this machine that is several times faster than chaining sharp's resize
 * and composite steps over 2048² images.
 */
import sharp from 'sharp';
import { type BlendMode, type RawImage, type SceneLayer, renderSvg } from './raster.js';

interface Placed {
  image: RawImage;
  left: number;
  top: number;
  width: number;
  height: number;
  blend: BlendMode;
  opacity: number;
  tile: boolean;
}

/** Renders SVG layers (soft ones small, then blurred by sharp) and fixes every layer's place. */
async function place(layer: SceneLayer, width: number, height: number): Promise<Placed> {
  const opacity = layer.opacity ?? 1;
  if (layer.kind === 'raw') {
    const img = layer.image;
    return {
      image: img,
      left: Math.round(layer.left ?? 0),
      top: Math.round(layer.top ?? 0),
      width: Math.round(layer.width ?? img.width),
      height: Math.round(layer.height ?? img.height),
      blend: layer.blend,
      opacity,
      tile: layer.tile ?? false,
    };
  }
  const region = layer.region ?? { left: 0, top: 0, width, height };
  const scale = layer.scale ?? 1;
  let image = renderSvg(layer.svg, Math.max(1, Math.round(region.width * scale)));
  const sigma = (layer.blur ?? 0) * scale;
  if (sigma >= 0.3) {
    // Soft layers are opaque: drop alpha so the blur needs no (un)premultiplication.
    const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4, premultiplied: true } })
      .removeAlpha()
      .blur(sigma)
      .raw()
      .toBuffer();
    image = { data, width: image.width, height: image.height, channels: 3 };
  }
  return {
    image,
    left: Math.round(region.left),
    top: Math.round(region.top),
    width: Math.round(region.width),
    height: Math.round(region.height),
    blend: layer.blend,
    opacity,
    tile: false,
  };
}

const isSmooth = (p: Placed, W: number, H: number) =>
  !p.tile && p.blend !== 'soft-light' && p.left === 0 && p.top === 0 && p.width === W && p.height === H && (p.image.width !== W || p.image.height !== H);

/** A layer resampled (bilinearly) to w × h as straight (not premultiplied) colour and alpha. */
function straightAt(img: RawImage, w: number, h: number): { rgb: Float32Array; a: Float32Array } {
  const rgb = new Float32Array(w * h * 3);
  const a = new Float32Array(w * h);
  const sw = img.width;
  const sh = img.height;
  const ch = img.channels;
  const d = img.data;
  if (ch === 3 && sw === w && sh === h) {
    // Opaque and the same size: the common case, a plain copy.
    for (let k = 0; k < w * h * 3; k++) rgb[k] = d[k] as number;
    a.fill(1);
    return { rgb, a };
  }
  // The source as premultiplied floats (so transparent neighbours do not darken edges).
  const src = new Float32Array(sw * sh * 4);
  for (let i = 0; i < sw * sh; i++) {
    const al = ch === 4 ? (d[i * 4 + 3] as number) / 255 : 1;
    const k = ch === 4 && img.premultiplied ? 1 : al;
    src[i * 4] = (d[i * ch] as number) * k;
    src[i * 4 + 1] = (d[i * ch + 1] as number) * k;
    src[i * 4 + 2] = (d[i * ch + 2] as number) * k;
    src[i * 4 + 3] = al;
  }
  const cx0 = new Int32Array(w);
  const cx1 = new Int32Array(w);
  const cw = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / w - 0.5));
    const x0 = Math.floor(fx);
    cx0[x] = x0 * 4;
    cx1[x] = Math.min(sw - 1, x0 + 1) * 4;
    cw[x] = fx - x0;
  }
  const row = new Float32Array(sw * 4);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / h - 0.5));
    const y0 = Math.floor(fy);
    const t = fy - y0;
    const r0 = y0 * sw * 4;
    const r1 = Math.min(sh - 1, y0 + 1) * sw * 4;
    for (let k = 0; k < sw * 4; k++) row[k] = (src[r0 + k] as number) + ((src[r1 + k] as number) - (src[r0 + k] as number)) * t;
    for (let x = 0; x < w; x++) {
      const i0 = cx0[x] as number;
      const i1 = cx1[x] as number;
      const s = cw[x] as number;
      const u = 1 - s;
      const al = (row[i0 + 3] as number) * u + (row[i1 + 3] as number) * s;
      const o = y * w + x;
      a[o] = al;
      if (al <= 0) continue;
      const inv = 1 / al;
      rgb[o * 3] = ((row[i0] as number) * u + (row[i1] as number) * s) * inv;
      rgb[o * 3 + 1] = ((row[i0 + 1] as number) * u + (row[i1 + 1] as number) * s) * inv;
      rgb[o * 3 + 2] = ((row[i0 + 2] as number) * u + (row[i1 + 2] as number) * s) * inv;
    }
  }
  return { rgb, a };
}

/** A run of smooth layers folded into d' = d·G + O per channel. */
function foldSmooth(run: readonly Placed[]): { w: number; h: number; g: Float32Array; o: Float32Array; opaque: boolean } {
  // The finest layer of the run sets the resolution (a crisp leaf shadow over a coarse falloff).
  const finest = run.reduce((m, p) => (p.image.width > m.image.width ? p : m), run[0] as Placed);
  const w = finest.image.width;
  const h = finest.image.height;
  const g = new Float32Array(w * h * 3).fill(1);
  const o = new Float32Array(w * h * 3);
  let opaque = false;
  for (const p of run) {
    if (p.blend === 'over' && p.opacity >= 1 && p.image.channels === 3) opaque = true;
    const { rgb, a: alpha } = straightAt(p.image, w, h);
    const op = p.opacity;
    const mode = p.blend;
    for (let k = 0; k < w * h * 3; k++) {
      const a = (alpha[(k / 3) | 0] as number) * op;
      const s = rgb[k] as number;
      let gain = 1;
      let add = 0;
      if (mode === 'over') {
        gain = 1 - a;
        add = s * a;
      } else if (mode === 'multiply') gain = 1 + (s / 255 - 1) * a;
      else if (mode === 'screen') {
        gain = 1 - (s * a) / 255;
        add = s * a;
      } else add = s * a;
      g[k] = (g[k] as number) * gain;
      o[k] = (o[k] as number) * gain + add;
    }
  }
  return { w, h, g, o, opaque };
}

type RowPass = (y: number, row: Float32Array) => void;

/** A folded map over the whole scene, enlarged bilinearly row by row. */
function affinePass(W: number, H: number, m: ReturnType<typeof foldSmooth>): RowPass {
  const { w, h, g, o } = m;
  const cx0 = new Int32Array(W);
  const cx1 = new Int32Array(W);
  const cw = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5));
    const a = Math.floor(fx);
    cx0[x] = a * 3;
    cx1[x] = Math.min(w - 1, a + 1) * 3;
    cw[x] = fx - a;
  }
  const gRow = new Float32Array(w * 3);
  const oRow = new Float32Array(w * 3);
  return (y, row) => {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5));
    const a = Math.floor(fy);
    const b = Math.min(h - 1, a + 1);
    const t = fy - a;
    const ra = a * w * 3;
    const rb = b * w * 3;
    for (let k = 0; k < w * 3; k++) oRow[k] = (o[ra + k] as number) + ((o[rb + k] as number) - (o[ra + k] as number)) * t;
    // An opaque map never reads its gain.
    if (!m.opaque) for (let k = 0; k < w * 3; k++) gRow[k] = (g[ra + k] as number) + ((g[rb + k] as number) - (g[ra + k] as number)) * t;
    // Unrolled over the three channels: V8 runs this about 2.5× faster than an inner loop.
    if (m.opaque) {
      // Nothing below shows through: write the offset alone.
      for (let x = 0, q = 0; x < W; x++, q += 3) {
        const i0 = cx0[x] as number;
        const i1 = cx1[x] as number;
        const s = cw[x] as number;
        const u = 1 - s;
        row[q] = (oRow[i0] as number) * u + (oRow[i1] as number) * s;
        row[q + 1] = (oRow[i0 + 1] as number) * u + (oRow[i1 + 1] as number) * s;
        row[q + 2] = (oRow[i0 + 2] as number) * u + (oRow[i1 + 2] as number) * s;
      }
    } else {
      for (let x = 0, q = 0; x < W; x++, q += 3) {
        const i0 = cx0[x] as number;
        const i1 = cx1[x] as number;
        const s = cw[x] as number;
        const u = 1 - s;
        row[q] = (row[q] as number) * ((gRow[i0] as number) * u + (gRow[i1] as number) * s) + ((oRow[i0] as number) * u + (oRow[i1] as number) * s);
        row[q + 1] =
          (row[q + 1] as number) * ((gRow[i0 + 1] as number) * u + (gRow[i1 + 1] as number) * s) +
          ((oRow[i0 + 1] as number) * u + (oRow[i1 + 1] as number) * s);
        row[q + 2] =
          (row[q + 2] as number) * ((gRow[i0 + 2] as number) * u + (gRow[i1 + 2] as number) * s) +
          ((oRow[i0 + 2] as number) * u + (oRow[i1 + 2] as number) * s);
      }
    }
  };
}

/** A full-size (or tiled, or resampled) layer over the rows and columns it covers. */
function directPass(W: number, H: number, p: Placed): RowPass | null {
  const img = p.image;
  const sw = img.width;
  const sh = img.height;
  const pre = img.premultiplied === true && img.channels === 4;
  const scaled = !p.tile && (p.width !== sw || p.height !== sh);
  const x0 = p.tile ? 0 : Math.max(0, p.left);
  const x1 = p.tile ? W : Math.min(W, p.left + p.width);
  const y0 = p.tile ? 0 : Math.max(0, p.top);
  const y1 = p.tile ? H : Math.min(H, p.top + p.height);
  if (x1 <= x0 || y1 <= y0) return null;
  const op = p.opacity;
  const blend = p.blend;
  // Fast path (floor textures, props): straight colour at its own size, laid over.
  if (!scaled && !p.tile && blend === 'over' && op >= 1 && !pre) return overPass(p, x0, x1, y0, y1);
  const n = x1 - x0;
  const { c0, c1, cw } = sourceColumns(p, x0, n, scaled);
  const srcRow = new Float32Array(sw * 4);
  const loadRow = rowLoader(img, srcRow);
  return (y, row) => {
    if (y < y0 || y >= y1) return;
    if (scaled) {
      const fy = Math.min(sh - 1, Math.max(0, ((y - p.top + 0.5) * sh) / p.height - 0.5));
      const a = Math.floor(fy);
      const t = fy - a;
      loadRow(a, 1 - t, false);
      if (t > 0) loadRow(Math.min(sh - 1, a + 1), t, true);
    } else loadRow(p.tile ? (((y - p.top) % sh) + sh) % sh : y - p.top, 1, false);
    let q = x0 * 3;
    for (let i = 0; i < n; i++, q += 3) {
      const i0 = c0[i] as number;
      const i1 = c1[i] as number;
      const t = cw[i] as number;
      const u = 1 - t;
      const a255 = (srcRow[i0 + 3] as number) * u + (srcRow[i1 + 3] as number) * t;
      if (a255 <= 0) continue;
      const inv = 255 / a255;
      const r = ((srcRow[i0] as number) * u + (srcRow[i1] as number) * t) * inv;
      const g = ((srcRow[i0 + 1] as number) * u + (srcRow[i1 + 1] as number) * t) * inv;
      const b = ((srcRow[i0 + 2] as number) * u + (srcRow[i1 + 2] as number) * t) * inv;
      blendInto(row, q, blend, r, g, b, (a255 / 255) * op);
    }
  };
}

/** An opaque layer at its own size laid over its rectangle: straight colour, no resampling. */
function overPass(p: Placed, x0: number, x1: number, y0: number, y1: number): RowPass {
  const { data: src, width: sw, channels: ch } = p.image;
  return (y, row) => {
    if (y < y0 || y >= y1) return;
    let s = ((y - p.top) * sw + (x0 - p.left)) * ch;
    let q = x0 * 3;
    for (let x = x0; x < x1; x++, s += ch, q += 3) {
      const a = ch === 4 ? (src[s + 3] as number) : 255;
      if (a === 0) continue;
      if (a === 255) {
        row[q] = src[s] as number;
        row[q + 1] = src[s + 1] as number;
        row[q + 2] = src[s + 2] as number;
      } else {
        const k = a / 255;
        row[q] = (row[q] as number) + ((src[s] as number) - (row[q] as number)) * k;
        row[q + 1] = (row[q + 1] as number) + ((src[s + 1] as number) - (row[q + 1] as number)) * k;
        row[q + 2] = (row[q + 2] as number) + ((src[s + 2] as number) - (row[q + 2] as number)) * k;
      }
    }
  };
}

/** Source column and weight per destination column from `x0` on (resampled layers interpolate two). */
function sourceColumns(p: Placed, x0: number, n: number, scaled: boolean): { c0: Int32Array; c1: Int32Array; cw: Float32Array } {
  const sw = p.image.width;
  const c0 = new Int32Array(n);
  const c1 = new Int32Array(n);
  const cw = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = x0 + i;
    if (scaled) {
      const fx = Math.min(sw - 1, Math.max(0, ((x - p.left + 0.5) * sw) / p.width - 0.5));
      const a = Math.floor(fx);
      c0[i] = a * 4;
      c1[i] = Math.min(sw - 1, a + 1) * 4;
      cw[i] = fx - a;
    } else {
      const sx = p.tile ? (((x - p.left) % sw) + sw) % sw : x - p.left;
      c0[i] = sx * 4;
      c1[i] = sx * 4;
    }
  }
  return { c0, c1, cw };
}

/**
 * Loads one source row into `srcRow` as straight RGBA floats, weighted (or adds it, weighted:
 * a row between two source rows when resampled).
 */
function rowLoader(img: RawImage, srcRow: Float32Array): (sy: number, weight: number, add: boolean) => void {
  const sw = img.width;
  const ch = img.channels;
  const src = img.data;
  const pre = img.premultiplied === true && ch === 4;
  return (sy, weight, add) => {
    const base = sy * sw * ch;
    for (let x = 0; x < sw; x++) {
      const q = base + x * ch;
      const a = ch === 4 ? (src[q + 3] as number) : 255;
      let r = src[q] as number;
      let g = src[q + 1] as number;
      let b = src[q + 2] as number;
      if (pre && a > 0) {
        r = (r * 255) / a;
        g = (g * 255) / a;
        b = (b * 255) / a;
      }
      // Interpolate premultiplied so a transparent neighbour does not darken an edge.
      const o = x * 4;
      const k = weight * (a / 255);
      if (add) {
        srcRow[o] = (srcRow[o] as number) + r * k;
        srcRow[o + 1] = (srcRow[o + 1] as number) + g * k;
        srcRow[o + 2] = (srcRow[o + 2] as number) + b * k;
        srcRow[o + 3] = (srcRow[o + 3] as number) + a * weight;
      } else {
        srcRow[o] = r * k;
        srcRow[o + 1] = g * k;
        srcRow[o + 2] = b * k;
        srcRow[o + 3] = a * weight;
      }
    }
  };
}

/** Blends straight colour (r, g, b) at alpha `a` onto the pixel of `row` at `q`. */
function blendInto(row: Float32Array, q: number, blend: BlendMode, r: number, g: number, b: number, a: number): void {
  const dr = row[q] as number;
  const dg = row[q + 1] as number;
  const db = row[q + 2] as number;
  if (blend === 'multiply') {
    r = (dr * r) / 255;
    g = (dg * g) / 255;
    b = (db * b) / 255;
  } else if (blend === 'screen') {
    r = 255 - ((255 - dr) * (255 - r)) / 255;
    g = 255 - ((255 - dg) * (255 - g)) / 255;
    b = 255 - ((255 - db) * (255 - b)) / 255;
  } else if (blend === 'add') {
    r += dr;
    g += dg;
    b += db;
  } else if (blend === 'soft-light') {
    r = softLight(dr, r);
    g = softLight(dg, g);
    b = softLight(db, b);
  }
  row[q] = dr + (r - dr) * a;
  row[q + 1] = dg + (g - dg) * a;
  row[q + 2] = db + (b - db) * a;
}

/** 8 × 8 Bayer matrix as offsets in (−½, ½). */
const BAYER = (() => {
  const m = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51,
    19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
  ];
  return Float32Array.from(m, (v) => (v + 0.5) / 64 - 0.5);
})();

/** Soft light for small deviations from mid-grey (grain): W3C's curve to first order. */
function softLight(d: number, s: number): number {
  const dn = d / 255;
  return d + (s / 255 - 0.5) * 4 * dn * (1 - dn) * 255;
}

/**
 * Composites the layers (the first must cover the scene opaquely) into one RGB raster, one row
 * at a time through every pass (a row stays in cache; no full-size float canvas).
 */
export async function composeLayers(layers: readonly SceneLayer[], width: number, height: number): Promise<RawImage> {
  if (layers.length === 0) throw new Error('a scene needs at least one layer');
  const placed = await Promise.all(layers.map((l) => place(l, width, height)));
  const passes: RowPass[] = [];
  for (let i = 0; i < placed.length;) {
    const p = placed[i] as Placed;
    if (isSmooth(p, width, height)) {
      const run: Placed[] = [];
      while (i < placed.length && isSmooth(placed[i] as Placed, width, height)) run.push(placed[i++] as Placed);
      passes.push(affinePass(width, height, foldSmooth(run)));
      continue;
    }
    const pass = directPass(width, height, p);
    if (pass) passes.push(pass);
    i++;
  }
  const data = Buffer.alloc(width * height * 3);
  // A clamped view rounds and clamps on store, which is what the conversion needs.
  const out = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const row = new Float32Array(width * 3);
  for (let y = 0; y < height; y++) {
    for (const pass of passes) pass(y, row);
    // Ordered (Bayer) dither below one level: smooth gradients do not band in 8 bits, and
    // unlike random grain the pattern repeats, so the PNG stays small.
    const q = y * width * 3;
    const drow = (y & 7) * 8;
    for (let x = 0, k = 0; x < width; x++, k += 3) {
      const d = BAYER[drow + (x & 7)] as number;
      out[q + k] = (row[k] as number) + d;
      out[q + k + 1] = (row[k + 1] as number) + d;
      out[q + k + 2] = (row[k + 2] as number) + d;
    }
  }
  return { data, width, height, channels: 3 };
}

/**
 * A deterministic set of procedural product photos with known masks, for the cut-out's accuracy
 * tests and benchmark. Every photo is drawn from SVG shapes; the ground truth is the same shapes
 * painted white, so it is exact. Photos look like a phone shot of a product on a table: shading,
 * highlights, floor and contact shadows, textured or busy surroundings, lens blur, sensor noise
 * and (for half of them) JPEG compression.
 */
import sharp from 'sharp';
import { BACKGROUND_KINDS, planBackground, renderBackground, type BackgroundKind } from './backgrounds.js';
import { drawProduct, PRODUCT_KINDS, type ProductDrawing, type ProductKind } from './products.js';
import { createRng, type Rng } from './random.js';

export { BACKGROUND_KINDS, PRODUCT_KINDS };
export type { BackgroundKind, ProductKind };
export { maskIoU, softIoU, decodeMask } from './metrics.js';

/** One generated photo and its ground truth. */
export interface TestPhoto {
  name: string;
  kind: ProductKind;
  background: BackgroundKind;
  width: number;
  height: number;
  /** The photo's bytes, PNG or JPEG (see mime). */
  photo: Buffer;
  mime: 'image/png' | 'image/jpeg';
  /** 8-bit grey PNG, photo size: the products' silhouettes (255 inside, anti-aliased edges). */
  maskPng: Buffer;
  /** 8-bit grey PNG, photo size: the true alpha (partial over clear glass); the silhouette for opaque products. */
  alphaPng: Buffer;
  /** How many products stand in the photo. */
  products: number;
}

export interface TestPhotoSpec {
  index: number;
  name: string;
  kind: ProductKind;
  background: BackgroundKind;
  width: number;
  height: number;
  products: number;
  mime: 'image/png' | 'image/jpeg';
  seed: number;
}

const SIZES: ReadonlyArray<readonly [number, number]> = [
  [2048, 2048],
  [2048, 1536],
  [1536, 2048],
  [1024, 1024],
  [1366, 2048],
  [2048, 1366],
  [1200, 1600],
  [1600, 1200],
  [1024, 1536],
  [1800, 1800],
];

/** The default set: every product kind on every background kind (7 × 6 = 42 photos). */
export const DEFAULT_TEST_PHOTO_COUNT = PRODUCT_KINDS.length * BACKGROUND_KINDS.length;

/**
 * The specs of the set. `maxSide` caps the photo size (the shorter side never goes below 1024, the
 * upload minimum); `count` may exceed the default to draw more seeds.
 */
export function testPhotoSpecs(options: { count?: number; maxSide?: number } = {}): TestPhotoSpec[] {
  const count = options.count ?? DEFAULT_TEST_PHOTO_COUNT;
  const specs: TestPhotoSpec[] = [];
  for (let index = 0; index < count; index++) {
    const kind = PRODUCT_KINDS[index % PRODUCT_KINDS.length] ?? 'bottle';
    const background = BACKGROUND_KINDS[index % BACKGROUND_KINDS.length] ?? 'plain';
    const seed = 7919 * (index + 1);
    const [w0, h0] = SIZES[(index * 7) % SIZES.length] ?? [2048, 2048];
    // Fit within maxSide, but never below the upload minimum of 1024 on the shorter side.
    const scale = Math.max(Math.min(1, (options.maxSide ?? 2048) / Math.max(w0, h0)), 1024 / Math.min(w0, h0));
    const width = Math.round(w0 * Math.min(1, scale));
    const height = Math.round(h0 * Math.min(1, scale));
    specs.push({
      index,
      name: `${String(index).padStart(2, '0')}-${kind}-on-${background}`,
      kind,
      background,
      width,
      height,
      products: index % 9 === 4 ? 2 : 1,
      mime: index % 2 === 1 ? 'image/jpeg' : 'image/png',
      seed,
    });
  }
  return specs;
}

/** Places 1–2 products standing on the table, inside the frame. */
function placeProducts(spec: TestPhotoSpec, rng: Rng, floorY: number, lightLeft: boolean): ProductDrawing[] {
  const { width: W, height: H } = spec;
  const drawings: ProductDrawing[] = [];
  for (let attempt = 0; attempt < 20 && drawings.length === 0; attempt++) {
    const out: ProductDrawing[] = [];
    const pair = spec.products === 2;
    for (let i = 0; i < spec.products; i++) {
      const bottom = rng.range(Math.max(floorY + H * 0.08, H * 0.7), H * 0.93);
      const height = Math.min(bottom - H * 0.06, H * rng.range(pair ? 0.3 : 0.38, pair ? 0.5 : 0.68));
      const cx = pair ? W * (i === 0 ? rng.range(0.28, 0.38) : rng.range(0.62, 0.72)) : W * rng.range(0.4, 0.6);
      const kind = i === 0 ? spec.kind : (PRODUCT_KINDS[(spec.index + 3) % PRODUCT_KINDS.length] ?? 'box');
      out.push(drawProduct(kind, rng, `p${i}`, { cx, bottom, height, lightLeft }));
    }
    const inside = out.every((d) => d.bounds.x0 > W * 0.04 && d.bounds.x1 < W * 0.96 && d.bounds.y0 > H * 0.03);
    const apart = out.length < 2 || (out[0]?.bounds.x1 ?? 0) + W * 0.02 < (out[1]?.bounds.x0 ?? 0);
    if (inside && apart) drawings.push(...out);
  }
  if (drawings.length === 0) throw new Error(`could not place the products of ${spec.name}`);
  return drawings;
}

/** Cast shadow (wide, soft, away from the light) and contact shadow (narrow, dark) as ellipses. */
function shadowEllipses(drawings: readonly ProductDrawing[], lightLeft: boolean, which: 'cast' | 'contact'): string {
  const dir = lightLeft ? 1 : -1;
  return drawings
    .map((d) => {
      const { cx, y, rx } = d.foot;
      const k = d.kind === 'glass' ? 0.5 : 1;
      return which === 'cast'
        ? `<ellipse cx="${(cx + dir * rx * 0.45).toFixed(1)}" cy="${(y - rx * 0.04).toFixed(1)}" rx="${(rx * 1.45).toFixed(1)}" ry="${(rx * 0.2).toFixed(1)}" fill="#000" opacity="${(0.4 * k).toFixed(2)}"/>`
        : `<ellipse cx="${cx.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(rx * 1.02).toFixed(1)}" ry="${(rx * 0.05).toFixed(1)}" fill="#000" opacity="${(0.6 * k).toFixed(2)}"/>`;
    })
    .join('');
}

/**
 * A shadow as a grey image to multiply with (white = no shadow): the ellipses drawn at 1/scale,
 * blurred by sharp (SVG blurs are slow) and upscaled. Raw RGB, w × h.
 */
async function shadowLayer(x: number, y: number, w: number, h: number, scale: number, sigma: number, content: string): Promise<Buffer> {
  const [sw, sh] = [Math.max(1, Math.round(w / scale)), Math.max(1, Math.round(h / scale))];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}" viewBox="${x} ${y} ${w} ${h}"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff"/>${content}</svg>`;
  const small = sharp(Buffer.from(svg)).removeAlpha();
  const blurred = await (sigma / scale >= 0.3 ? small.blur(sigma / scale) : small).raw().toBuffer();
  return sharp(blurred, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** Renders a region of the photo as SVG (x, y, w, h in photo pixels). */
function region(x: number, y: number, w: number, h: number, content: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${content}</svg>`);
}

async function greyMask(x: number, y: number, w: number, h: number, W: number, H: number, content: string): Promise<Buffer> {
  const grey = await sharp(region(x, y, w, h, content))
    .flatten({ background: '#000000' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp(grey, { raw: { width: w, height: h, channels: 1 } })
    .extend({ left: x, top: y, right: W - x - w, bottom: H - y - h, background: { r: 0, g: 0, b: 0 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 3 })
    .toBuffer();
}

let noiseTile: Buffer | undefined;
/** Gaussian sensor noise around mid-grey, per channel, blended with "overlay". */
function sensorNoise(): Buffer {
  if (noiseTile) return noiseTile;
  const rng = createRng(99);
  const tile = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.max(0, Math.min(255, Math.round(128 + rng.gauss() * 10)));
  noiseTile = tile;
  return tile;
}

/** Renders one photo of the set. */
export async function renderTestPhoto(spec: TestPhotoSpec): Promise<TestPhoto> {
  const rng = createRng(spec.seed);
  const { width: W, height: H } = spec;
  const plan = planBackground(spec.background, rng, H);
  const drawings = placeProducts(spec, rng, plan.floorY, plan.lightLeft);
  const background = await renderBackground(
    plan,
    rng,
    W,
    H,
    drawings.map((d) => d.bounds),
  );

  // The product layer covers the products and their shadows only (rendering SVG is the slow part).
  const x0 = Math.max(0, Math.floor(Math.min(...drawings.map((d) => Math.min(d.bounds.x0, d.foot.cx - d.foot.rx * 2.4))) - 4));
  const x1 = Math.min(W, Math.ceil(Math.max(...drawings.map((d) => Math.max(d.bounds.x1, d.foot.cx + d.foot.rx * 2.4))) + 4));
  const y0 = Math.max(0, Math.floor(Math.min(...drawings.map((d) => d.bounds.y0)) - 4));
  const y1 = Math.min(H, Math.ceil(Math.max(...drawings.map((d) => d.foot.y + d.foot.rx * 0.5)) + 4));
  const [rw, rh] = [x1 - x0, y1 - y0];
  const rx = Math.max(...drawings.map((d) => d.foot.rx));
  const castShadow = await shadowLayer(x0, y0, rw, rh, 8, rx * 0.22, shadowEllipses(drawings, plan.lightLeft, 'cast'));
  const contactShadow = await shadowLayer(x0, y0, rw, rh, 2, Math.max(1, rx * 0.025), shadowEllipses(drawings, plan.lightLeft, 'contact'));
  const productLayer = await sharp(region(x0, y0, rw, rh, drawings.map((d) => d.art).join('')))
    .png({ compressionLevel: 0 })
    .toBuffer();

  const blur = rng.range(0.45, 0.9);
  const noiseOpacity = rng.range(0.25, 0.6);
  const composed = await sharp(background, { raw: { width: W, height: H, channels: 3 } })
    .composite([
      { input: castShadow, raw: { width: rw, height: rh, channels: 3 }, left: x0, top: y0, blend: 'multiply' },
      { input: contactShadow, raw: { width: rw, height: rh, channels: 3 }, left: x0, top: y0, blend: 'multiply' },
      { input: productLayer, left: x0, top: y0 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = await sharp(sensorNoise(), { raw: { width: 256, height: 256, channels: 3 } })
    .ensureAlpha(noiseOpacity)
    .raw()
    .toBuffer();
  const camera = sharp(composed, { raw: { width: W, height: H, channels: 3 } })
    .blur(blur)
    .composite([{ input: noise, raw: { width: 256, height: 256, channels: 4 }, tile: true, blend: 'overlay' }]);
  const photo =
    spec.mime === 'image/jpeg'
      ? await camera.jpeg({ quality: rng.int(82, 92), chromaSubsampling: '4:2:0' }).toBuffer()
      : await camera.removeAlpha().png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer();

  const maskPng = await greyMask(x0, y0, rw, rh, W, H, drawings.map((d) => d.silhouette).join(''));
  const glass = drawings.some((d) => d.kind === 'glass');
  const alphaPng = glass ? await greyMask(x0, y0, rw, rh, W, H, drawings.map((d) => d.alpha).join('')) : maskPng;
  return {
    name: spec.name,
    kind: spec.kind,
    background: spec.background,
    width: W,
    height: H,
    photo,
    mime: spec.mime,
    maskPng,
    alphaPng,
    products: drawings.length,
  };
}

/**
 * Generates the test photos one by one (each ~0.1–0.3 s), so a caller holds one photo at a time.
 * @example for await (const p of generateTestPhotos()) score(await engine.cutout(p.photo), p.maskPng)
 */
export async function* generateTestPhotos(
  options: { count?: number; maxSide?: number; only?: (spec: TestPhotoSpec) => boolean } = {},
): AsyncIterable<TestPhoto> {
  for (const spec of testPhotoSpecs(options)) {
    if (options.only && !options.only(spec)) continue;
    yield await renderTestPhoto(spec);
  }
}

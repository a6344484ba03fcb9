/**
 * compositeProduct: the cut-out placed on the scene at full resolution — resized (lanczos) and
 * rotated exactly as on the placement canvas, contact and cast shadows from the scene's light,
 * its light matched to the scene (ΔE-capped), one look per variant — as a PNG.
 *
 * The work is split so the independent parts overlap on sharp's threads (decoding the scene
 * while the cut-out is resized; blurring shadows while the product is graded), and so a run of
 * variants decodes the scene and places the product once (compositeVariants).
 */
import type { SceneLight } from '@packsmith/contracts';
import sharp, { type OverlayOptions } from 'sharp';
import type { CompositeFormat, CompositeRequest, CompositeResult, SceneInfo } from '../types.js';
import { deltaE2000Rgb as deltaE } from '@packsmith/design-engine/delta-e';
import { gradeProduct, type GradeParams, type ProductLayer } from './grade.js';
import { bandColor, brightColor, estimateLight, type Thumb } from './light.js';
import { defaultPlacement, placementToScene } from './placement.js';
import { buildShadows } from './shadow.js';
import { type VariantLook, variantLook } from './variants.js';

/** The grade is scaled back if the product's mean ΔE00 would exceed this (the limit is 3). */
export const DELTA_E_GUARD = 2.4;
/**
 * Encoding effort of the result. Deflate is the largest single cost at 2048² (decoding the scene
 * is a quarter of it): level 2 without adaptive filtering ~0.05–0.08 s for 2.5–4 MB; level 4 took
 * 50 % longer for ~20 % less, adaptive filtering twice as long for under 10 % less.
 */
const PNG_OPTIONS = { compressionLevel: 2, adaptiveFiltering: false } as const;
/** Photo quality without chroma subsampling, so thin coloured type on a pack stays crisp. */
const JPEG_OPTIONS = { quality: 92, chromaSubsampling: '4:4:4' } as const;

export class CompositeInputError extends Error {
  override name = 'CompositeInputError';
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const lum = (c: readonly number[]) => 0.2126 * (c[0] as number) + 0.7152 * (c[1] as number) + 0.0722 * (c[2] as number) || 1;

type Timings = Record<string, number>;

function stopwatch(timings: Timings) {
  let t = performance.now();
  return (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(((timings[name] ?? 0) + now - t) * 10) / 10;
    t = now;
  };
}

/** 0–1 from the top: the lowest row of the cut-out that is mostly product. */
export async function contentBottom(cutoutPng: Buffer): Promise<number> {
  const { data, info } = await sharp(cutoutPng).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  for (let y = info.height - 1; y >= 0; y--) {
    for (let x = 0; x < info.width; x++) if ((data[y * info.width + x] as number) >= 128) return (y + 1) / info.height;
  }
  return 1;
}

/** The decoded scene: RGB pixels (optionally already graded) and a thumbnail to read it by. */
interface PreparedScene {
  data: Buffer;
  width: number;
  height: number;
  thumb: Thumb;
}

/** The product placed on the scene: its layer, position, coverage and edge band. */
interface PreparedProduct {
  layer: ProductLayer;
  left: number;
  top: number;
  alpha: Uint8Array;
  edge: Uint8Array;
}

async function sceneSize(png: Buffer): Promise<{ width: number; height: number }> {
  try {
    const m = await sharp(png).metadata();
    if (!m.width || !m.height) throw new Error('no size');
    return { width: m.width, height: m.height };
  } catch (err) {
    throw new CompositeInputError(`The scene image cannot be read: ${(err as Error).message}`);
  }
}

/** Decodes the scene (with a per-channel gain when given: the variant's exposure and warmth). */
async function decodeScene(png: Buffer, gains?: readonly number[]): Promise<PreparedScene> {
  let pipe = sharp(png).removeAlpha().toColourspace('srgb');
  if (gains) pipe = pipe.linear([...gains], [0, 0, 0]);
  const { data, info } = await pipe.raw().toBuffer({ resolveWithObject: true });
  const thumb = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .resize(48, 48, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width: info.width, height: info.height, thumb: { data: thumb, width: 48, height: 48 } };
}

/** The scene gains of a variant: exposure, and warmth as red up and blue down. */
function sceneGains(look: VariantLook): number[] {
  return [look.sceneExposure * (1 + look.sceneWarmth), look.sceneExposure, look.sceneExposure * (1 - look.sceneWarmth)];
}

/** Resizes (lanczos) and rotates the cut-out to its place on a W × H scene. */
async function prepareProduct(req: Pick<CompositeRequest, 'cutoutPng' | 'placement' | 'scene'>, W: number, H: number): Promise<PreparedProduct> {
  let size: { width: number; height: number };
  try {
    const m = await sharp(req.cutoutPng).metadata();
    if (!m.width || !m.height) throw new Error('no size');
    size = { width: m.width, height: m.height };
  } catch (err) {
    throw new CompositeInputError(`The cut-out image cannot be read: ${(err as Error).message}`);
  }
  const placement =
    req.placement ?? defaultPlacement(size.width, size.height, W, H, req.scene?.floorY ?? 0.8, { contentBottom: await contentBottom(req.cutoutPng) });
  const rect = placementToScene(placement, W, H);
  const pw = Math.max(1, Math.round(rect.width));
  const ph = Math.max(1, Math.round(rect.height));
  const resized = await sharp(req.cutoutPng).ensureAlpha().resize(pw, ph, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
  let layer: ProductLayer = { data: resized.data, width: resized.info.width, height: resized.info.height };
  if (((rect.rotation % 360) + 360) % 360 !== 0) {
    const rot = await sharp(layer.data, { raw: { width: layer.width, height: layer.height, channels: 4 } })
      .rotate(rect.rotation, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    layer = { data: rot.data, width: rot.info.width, height: rot.info.height };
  }
  // Centred on the box's centre: rotation keeps the centre where the canvas had it.
  const left = Math.round(rect.centerX - layer.width / 2);
  const top = Math.round(rect.centerY - layer.height / 2);
  // Coverage, and the edge band: high on the silhouette's rim, zero in the eroded interior.
  const n = layer.width * layer.height;
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) alpha[i] = layer.data[i * 4 + 3] as number;
  const sigma = Math.max(1.2, 0.006 * Math.max(layer.width, layer.height));
  // sharp turns a one-channel raw image into three on output: keep the first.
  const soft = await sharp(Buffer.from(alpha.buffer), { raw: { width: layer.width, height: layer.height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const edge = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = alpha[i] as number;
    if (a !== 0) edge[i] = Math.round(clamp((255 - (soft[i] as number)) * 2.2, 0, 255) * (a / 255));
  }
  return { layer, left, top, alpha, edge };
}

/** The part of the placed layer that lies on the scene (null when none does). */
function visiblePart(
  layer: ProductLayer,
  data: Buffer,
  left: number,
  top: number,
  W: number,
  H: number,
): { data: Buffer; left: number; top: number; width: number; height: number } | null {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(W, left + layer.width);
  const y1 = Math.min(H, top + layer.height);
  if (x1 <= x0 || y1 <= y0) return null;
  const width = x1 - x0;
  const height = y1 - y0;
  if (width === layer.width && height === layer.height) return { data, left: x0, top: y0, width, height };
  const sx = x0 - left;
  const sy = y0 - top;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) data.copy(out, y * width * 4, ((sy + y) * layer.width + sx) * 4, ((sy + y) * layer.width + sx + width) * 4);
  return { data: out, left: x0, top: y0, width, height };
}

/**
 * Mean CIEDE2000 between the cut-out as placed (before any grade) and as shown in the output,
 * over the product's opaque pixels that lie on the scene (subsampled to ~12,000 pixels). Where
 * the product is opaque the output pixel is the graded product's own (it covers the shadows),
 * so the graded layer stands for the output there.
 */
function measureProductDeltaE(layer: ProductLayer, shown: Buffer, lx: number, ly: number, W: number, H: number): number {
  let sum = 0;
  let count = 0;
  const n = layer.width * layer.height;
  const step = Math.max(1, Math.floor(n / 24000));
  for (let i = 0; i < n; i += step) {
    const q = i * 4;
    if ((layer.data[q + 3] as number) < 250) continue;
    const x = lx + (i % layer.width);
    const y = ly + Math.floor(i / layer.width);
    if (x < 0 || y < 0 || x >= W || y >= H) continue;
    sum += deltaE(
      layer.data[q] as number,
      layer.data[q + 1] as number,
      layer.data[q + 2] as number,
      shown[q] as number,
      shown[q + 1] as number,
      shown[q + 2] as number,
    );
    count++;
  }
  return count ? Math.round((sum / count) * 1000) / 1000 : 0;
}

/** Shadows, light match and the final PNG for one variant on a decoded (and graded) scene. */
async function renderVariant(
  scene: PreparedScene,
  product: PreparedProduct,
  info: SceneInfo | undefined,
  look: VariantLook,
  timings: Timings,
  format: CompositeFormat,
): Promise<CompositeResult> {
  const lap = stopwatch(timings);
  const { width: W, height: H, thumb } = scene;
  const { layer, left: lx, top: ly } = product;
  // What the scene tells: its light, ambient colour, the floor under the product, the light's colour.
  const light: SceneLight = info?.light ?? estimateLight(thumb);
  const ambient = bandColor(thumb, 0, 1);
  const floorBand = clamp((ly + layer.height) / H, 0.02, 0.98);
  const floor = bandColor(thumb, floorBand - 0.03, floorBand + 0.06, clamp(lx / W, 0, 0.9), clamp((lx + layer.width) / W, 0.1, 1));

  // Shadows first: their blurs run on sharp's threads while the product is graded here.
  const floorL = lum(floor) / 255;
  // Shadows take a little of the surface's colour and a cool cast, never pure grey.
  const tint = floor.map((v, i) => clamp(0.42 * (0.6 + (0.4 * v) / lum(floor)) + (i === 2 ? 0.03 : 0), 0.25, 0.6)) as [number, number, number];
  const shadowsP = buildShadows(
    { data: product.alpha, width: layer.width, height: layer.height, left: lx, top: ly },
    {
      light,
      sceneW: W,
      sceneH: H,
      // On dark floors a shadow shows less; keep it readable without going black.
      castStrength: look.castStrength * (0.75 + 0.25 * floorL),
      contactStrength: look.contactStrength,
      softness: look.softness,
      tint,
    },
  );

  // Light match: exposure, a share of the scene's white balance, falloff from the lit side, edge tint.
  const ambL = lum(ambient);
  const warm = look.sceneWarmth * 0.3;
  const gains = ambient.map((v, i) => clamp(1 + look.whiteBalance * (v / ambL - 1), 0.97, 1.03) * (i === 0 ? 1 + warm : i === 2 ? 1 - warm : 1)) as [
    number,
    number,
    number,
  ];
  const az = (light.azimuth * Math.PI) / 180;
  const params: GradeParams = {
    exposure: look.exposure,
    gains,
    lightDir: { x: Math.cos(az), y: -Math.sin(az) },
    falloff: look.falloff,
    ambient,
    edgeTint: look.edgeTint,
    rim: look.rim,
    rimColor: brightColor(thumb),
  };
  let graded = gradeProduct(layer, product.edge, params, 1);
  let productDeltaE = measureProductDeltaE(layer, graded, lx, ly, W, H);
  if (productDeltaE > DELTA_E_GUARD) {
    graded = gradeProduct(layer, product.edge, params, (DELTA_E_GUARD / productDeltaE) * 0.95);
    productDeltaE = measureProductDeltaE(layer, graded, lx, ly, W, H);
  }
  lap('grade');
  const shadows = await shadowsP;
  lap('shadow');

  // Shadows (multiply), then the product (over), encoded in the same pass.
  const overlays: OverlayOptions[] = [];
  for (const sh of shadows?.layers ?? [])
    overlays.push({ input: sh.data, raw: { width: sh.width, height: sh.height, channels: 3 }, left: sh.left, top: sh.top, blend: 'multiply' });
  const visible = visiblePart(layer, graded, lx, ly, W, H);
  if (visible)
    overlays.push({
      input: visible.data,
      raw: { width: visible.width, height: visible.height, channels: 4 },
      left: visible.left,
      top: visible.top,
      blend: 'over',
    });
  const flat = sharp(scene.data, { raw: { width: W, height: H, channels: 3 } })
    .composite(overlays)
    .removeAlpha();
  const image = await (format === 'jpeg' ? flat.jpeg(JPEG_OPTIONS) : flat.png(PNG_OPTIONS)).toBuffer();
  lap('compose');
  timings.total = Math.round(Object.entries(timings).reduce((a, [k, v]) => (k === 'total' ? a : a + v), 0) * 10) / 10;
  return { image, format, width: W, height: H, productDeltaE, timings };
}

/** One composite: the product on the scene in the look of `req.variant` (default 0). */
export async function compositeProduct(req: CompositeRequest): Promise<CompositeResult> {
  const timings: Timings = {};
  const lap = stopwatch(timings);
  const look = variantLook(req.variant ?? 0);
  const { width: W, height: H } = await sceneSize(req.scenePng);
  // Decode (and grade) the scene while the cut-out is resized and rotated.
  const [scene, product] = await Promise.all([decodeScene(req.scenePng, sceneGains(look)), prepareProduct(req, W, H)]);
  lap('prepare');
  return renderVariant(scene, product, req.scene, look, timings, req.format ?? 'png');
}

/**
 * Several variants of one run: the scene is decoded and the product placed once, then each
 * variant grades the scene, lights the product and casts its shadows in its own way.
 */
export async function compositeVariants(
  req: Omit<CompositeRequest, 'variant'>,
  variants: readonly number[],
  /** Called with each variant as soon as it is ready (to store it and report progress). */
  onVariant?: (result: CompositeResult, index: number) => Promise<void> | void,
): Promise<CompositeResult[]> {
  const t0 = performance.now();
  const { width: W, height: H } = await sceneSize(req.scenePng);
  const [base, product] = await Promise.all([decodeScene(req.scenePng), prepareProduct(req, W, H)]);
  const shared = Math.round((performance.now() - t0) * 10) / 10;
  const out: CompositeResult[] = [];
  for (const v of variants) {
    const timings: Timings = { prepare: 0 };
    const lap = stopwatch(timings);
    const look = variantLook(v);
    const data = await sharp(base.data, { raw: { width: W, height: H, channels: 3 } })
      .linear(sceneGains(look), [0, 0, 0])
      .raw()
      .toBuffer();
    const thumb = await sharp(data, { raw: { width: W, height: H, channels: 3 } })
      .resize(48, 48, { fit: 'fill' })
      .raw()
      .toBuffer();
    lap('prepare');
    const r = await renderVariant(
      { data, width: W, height: H, thumb: { data: thumb, width: 48, height: 48 } },
      product,
      req.scene,
      look,
      timings,
      req.format ?? 'png',
    );
    r.timings.shared = shared;
    out.push(r);
    await onVariant?.(r, out.length - 1);
  }
  return out;
}

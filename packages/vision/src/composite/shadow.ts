/**
 * The product's shadows on the scene: a tight, dark contact shadow where it touches the floor,
 * and a soft cast shadow — its silhouette projected along the floor away from the light, sharper
 * near the base and softer and fainter with distance, as a real shadow is.
 *
 * Worked at half resolution (shadows hold no detail finer than that) over only the region the
 * shadows can reach; sharp blurs and enlarges; the result is a multiply layer.
 */
import type { SceneLight } from '@packsmith/contracts';
import sharp from 'sharp';

/** The placed product's coverage (alpha 0–255) and where it sits on the scene, in scene pixels. */
export interface Coverage {
  data: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** Coverage resampled onto a coarser grid (scale < 1), positions in grid pixels. */
interface AlphaMap {
  data: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
}

export interface ShadowOptions {
  light: SceneLight;
  /** Scene size in pixels. */
  sceneW: number;
  sceneH: number;
  /** Darkness of the cast shadow at its base, 0–1. */
  castStrength: number;
  /** Darkness of the contact shadow, 0–1. */
  contactStrength: number;
  /** Multiplies the blur radii (variants: crisper or softer light). */
  softness: number;
  /** Colour the shadow multiplies by where fully dark (0–1 per channel). */
  tint: [number, number, number];
}

/** An RGB multiply layer at scene resolution. */
export interface ShadowLayer {
  data: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Shadows {
  /** Multiply layers: the cast shadow (with ambient occlusion) and the contact shadow. */
  layers: ShadowLayer[];
  /** Where the product touches the floor, scene pixels. */
  baseY: number;
  /** Direction the cast shadow runs (scene px per px of product height). */
  direction: { x: number; y: number };
}

/** Direction and length of the cast shadow per unit of product height, in image space. */
export function castVector(light: SceneLight): { x: number; y: number } {
  const az = (light.azimuth * Math.PI) / 180;
  const el = (Math.max(8, Math.min(89, light.elevation)) * Math.PI) / 180;
  const len = Math.min(2.2, Math.max(0.2, 1 / Math.tan(el)));
  // On the floor, depth is foreshortened (0.35): a shadow falling towards the viewer looks short.
  let y = Math.sin(az) * 0.35 * len;
  // A light exactly from the side still gives the shadow some depth.
  if (Math.abs(y) < 0.06) y = y < 0 ? -0.06 : 0.06;
  return { x: -Math.cos(az) * len, y };
}

function bilinear(a: AlphaMap, x: number, y: number): number {
  if (x < 0 || y < 0 || x > a.width - 1 || y > a.height - 1) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(a.width - 1, x0 + 1);
  const y1 = Math.min(a.height - 1, y0 + 1);
  const tx = x - x0;
  const ty = y - y0;
  const d = a.data;
  const top = (d[y0 * a.width + x0] as number) * (1 - tx) + (d[y0 * a.width + x1] as number) * tx;
  const bottom = (d[y1 * a.width + x0] as number) * (1 - tx) + (d[y1 * a.width + x1] as number) * tx;
  return (top + (bottom - top) * ty) / 255;
}

/** Rows of the map holding product (alpha ≥ 50 %): its top and the row it stands on. */
function verticalExtent(a: AlphaMap): { top: number; bottom: number } | null {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if ((a.data[y * a.width + x] as number) >= 128) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return top < 0 ? null : { top, bottom };
}

async function blur1(data: Uint8Array, width: number, height: number, sigma: number): Promise<Uint8Array> {
  if (sigma < 0.3) return data;
  // sharp turns a one-channel raw image into three on output: keep the first.
  const out = await sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

async function downsample(c: Coverage, scale: number): Promise<AlphaMap> {
  const width = Math.max(1, Math.round(c.width * scale));
  const height = Math.max(1, Math.round(c.height * scale));
  const out = await sharp(Buffer.from(c.data.buffer, c.data.byteOffset, c.data.length), { raw: { width: c.width, height: c.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: new Uint8Array(out.buffer, out.byteOffset, out.length), width, height, left: c.left * scale, top: c.top * scale };
}

interface Grid {
  scale: number;
  x0: number;
  y0: number;
  w: number;
  h: number;
}

/** A grid region of the scene: the box clipped to the scene, in grid pixels. */
function region(scale: number, o: ShadowOptions, left: number, top: number, right: number, bottom: number): Grid | null {
  const gw = Math.ceil(o.sceneW * scale);
  const gh = Math.ceil(o.sceneH * scale);
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(gw, Math.ceil(right));
  const y1 = Math.min(gh, Math.ceil(bottom));
  return x1 > x0 && y1 > y0 ? { scale, x0, y0, w: x1 - x0, h: y1 - y0 } : null;
}

/** Darkness (0–1 per grid pixel) → an RGB multiply layer enlarged to scene resolution. */
async function toLayer(dark: Float32Array, g: Grid, o: ShadowOptions): Promise<ShadowLayer> {
  const out = Buffer.alloc(g.w * g.h * 3);
  const [tr, tg, tb] = o.tint;
  for (let i = 0; i < g.w * g.h; i++) {
    const d = dark[i] as number;
    out[i * 3] = Math.round(255 * (1 - d * (1 - tr)));
    out[i * 3 + 1] = Math.round(255 * (1 - d * (1 - tg)));
    out[i * 3 + 2] = Math.round(255 * (1 - d * (1 - tb)));
  }
  const left = Math.round(g.x0 / g.scale);
  const top = Math.round(g.y0 / g.scale);
  const width = Math.max(1, Math.min(o.sceneW - left, Math.round(g.w / g.scale)));
  const height = Math.max(1, Math.min(o.sceneH - top, Math.round(g.h / g.scale)));
  const data = await sharp(out, { raw: { width: g.w, height: g.h, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return { data, left, top, width, height };
}

/** Grid scales: the soft cast shadow needs little resolution, the tight contact shadow more. */
const CAST_SCALE = 0.25;
const CONTACT_SCALE = 0.5;

/**
 * Builds the shadow multiply layers for a product whose coverage on the scene is `cover`.
 * Returns null when the product covers nothing.
 */
export async function buildShadows(cover: Coverage, o: ShadowOptions): Promise<Shadows | null> {
  const [cast, near] = await Promise.all([downsample(cover, CAST_SCALE), downsample(cover, CONTACT_SCALE)]);
  const ext = verticalExtent(near);
  if (!ext) return null;
  const v = castVector(o.light);
  // In scene pixels: where the product stands and how tall it is.
  const baseS = (near.top + ext.bottom + 1) / CONTACT_SCALE;
  const hpS = (ext.bottom - ext.top + 1) / CONTACT_SCALE;
  // Soft light spreads the shadow: blur grows with the product's size and the light's softness,
  // the far end of the cast shadow more than its base.
  const soft = (1 - o.light.hardness) ** 1.2;
  const sigmaNear = hpS * (0.004 + soft * 0.02) * o.softness;
  const sigmaFar = hpS * (0.015 + soft * 0.09) * o.softness;
  const sigmaAo = hpS * (0.012 + soft * 0.02) * o.softness;
  const sigmaContact = Math.max(1, hpS * 0.003 * Math.sqrt(o.softness));
  const stand: Stand = { baseS, hpS, v };
  const layers: ShadowLayer[] = [];
  const castLayer = await castShadow(cast, stand, sigmaNear, sigmaFar, sigmaAo, o);
  if (castLayer) layers.push(castLayer);
  const contactLayer = await contactShadow(near, stand, sigmaContact, o);
  if (contactLayer) layers.push(contactLayer);
  return { layers, baseY: baseS, direction: v };
}

/** Where the product stands on the scene (scene pixels): its base row, its height, and the cast direction. */
interface Stand {
  readonly baseS: number;
  readonly hpS: number;
  readonly v: { readonly x: number; readonly y: number };
}

/** Cast shadow and ambient occlusion on the coarse grid; null when they fall outside the scene. */
async function castShadow(cast: AlphaMap, stand: Stand, sigmaNear: number, sigmaFar: number, sigmaAo: number, o: ShadowOptions): Promise<ShadowLayer | null> {
  const { baseS, hpS, v } = stand;
  const k = CAST_SCALE;
  const base = baseS * k;
  const hp = hpS * k;
  const pad = 2.5 * Math.max(sigmaFar, sigmaAo) * k + 2;
  const tips = [cast.left + v.x * hp, cast.left + cast.width + v.x * hp];
  const g = region(
    k,
    o,
    Math.min(cast.left, ...tips) - pad,
    Math.min(cast.top, base, base + v.y * hp) - pad,
    Math.max(cast.left + cast.width, ...tips) + pad,
    Math.max(base, base + v.y * hp) + pad,
  );
  if (!g) return null;
  const m = new Uint8Array(g.w * g.h);
  const foot = new Uint8Array(g.w * g.h);
  for (let y = 0; y < g.h; y++) {
    const gy = y + g.y0;
    // Inverse projection: which height of the product casts onto this row?
    const h = (gy - base) / v.y;
    const footRow = gy >= base - 1 && gy <= base + hp * 0.04;
    for (let x = 0; x < g.w; x++) {
      const gx = x + g.x0;
      const i = y * g.w + x;
      if (h >= 0 && h <= hp) m[i] = Math.round(bilinear(cast, gx - h * v.x - cast.left, base - h - cast.top) * 255);
      // Footprint for ambient occlusion: the lowest rows of the product, pressed onto the floor.
      if (footRow) foot[i] = Math.round(bilinear(cast, gx - cast.left, base - 1 - cast.top - hp * 0.03) * 255);
    }
  }
  const [mNear, mFar, ao] = await Promise.all([blur1(m, g.w, g.h, sigmaNear * k), blur1(m, g.w, g.h, sigmaFar * k), blur1(foot, g.w, g.h, sigmaAo * k)]);
  const dark = new Float32Array(g.w * g.h);
  for (let y = 0; y < g.h; y++) {
    // Distance along the shadow: 0 at the base, 1 at the projected top; sharper and darker near.
    const t = Math.min(1, Math.max(0, (y + g.y0 - base) / (v.y * hp)));
    for (let x = 0; x < g.w; x++) {
      const i = y * g.w + x;
      const c = ((mNear[i] as number) * (1 - t) + (mFar[i] as number) * t) / 255;
      const dCast = c * o.castStrength * (1 - 0.75 * t);
      const dAo = Math.min(1, ((ao[i] as number) / 255) * 1.6) * o.contactStrength * 0.45;
      dark[i] = 1 - (1 - dCast) * (1 - dAo);
    }
  }
  return toLayer(dark, g, o);
}

/** Contact shadow: the bottom fifth of the silhouette squashed flat at the base, tight and dark. */
async function contactShadow(near: AlphaMap, stand: Stand, sigmaContact: number, o: ShadowOptions): Promise<ShadowLayer | null> {
  const { baseS, hpS, v } = stand;
  const k = CONTACT_SCALE;
  const base = baseS * k;
  const hp = hpS * k;
  const cv = { x: v.x * 0.08, y: 0.05 };
  const contactH = hp * 0.2;
  const pad = 3 * sigmaContact * k + 2;
  const g = region(k, o, near.left - pad, base - pad - 2, near.left + near.width + pad, base + contactH * cv.y + pad);
  if (!g) return null;
  const m = new Uint8Array(g.w * g.h);
  for (let y = 0; y < g.h; y++) {
    const hc = (y + g.y0 - base) / cv.y;
    if (hc < -1 || hc > contactH) continue;
    const hh = Math.max(0, hc);
    for (let x = 0; x < g.w; x++) {
      const a = bilinear(near, x + g.x0 - hh * cv.x - near.left, base - 1 - hh - near.top);
      m[y * g.w + x] = Math.round(a * 255 * (1 - hh / contactH));
    }
  }
  const b = await blur1(m, g.w, g.h, sigmaContact * k);
  const dark = new Float32Array(g.w * g.h);
  for (let i = 0; i < dark.length; i++) dark[i] = ((b[i] as number) / 255) * o.contactStrength;
  return toLayer(dark, g, o);
}

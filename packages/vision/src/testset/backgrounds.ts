/**
 * Procedural photo backgrounds for the cut-out test set: seamless paper, colour gradients,
 * concrete, wood, linen and busy rooms with out-of-focus clutter and props on the table.
 * Textures are made at low resolution in typed arrays and upscaled by sharp (fast and smooth).
 */
import sharp, { type OverlayOptions } from 'sharp';
import { hex, hsl, mix, shade, type Rgb } from './color.js';
import type { Rng } from './random.js';

export const BACKGROUND_KINDS = ['plain', 'gradient', 'noise', 'wood', 'fabric', 'busy'] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];

/** What the background needs to know about the products to keep its props clear of them. */
export interface Keepout {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface BackgroundPlan {
  kind: BackgroundKind;
  /** y of the horizon between wall and table (the products stand below it). */
  floorY: number;
  /** Light comes from the left. */
  lightLeft: boolean;
}

const f = (v: number): string => v.toFixed(1);

/** Picks the horizon and light before the products are placed. */
export function planBackground(kind: BackgroundKind, rng: Rng, height: number): BackgroundPlan {
  return { kind, floorY: height * rng.range(0.5, 0.68), lightLeft: rng.next() < 0.5 };
}

/** Smooth value noise: a random grid upscaled with a cubic kernel, as an RGBA overlay. */
async function noiseLayer(
  rng: Rng,
  gw: number,
  gh: number,
  width: number,
  height: number,
  color: (v: number) => [number, number, number, number],
): Promise<OverlayOptions> {
  const grid = Buffer.alloc(gw * gh * 4);
  for (let i = 0; i < gw * gh; i++) {
    const [r, g, b, a] = color(rng.next());
    grid[i * 4] = r;
    grid[i * 4 + 1] = g;
    grid[i * 4 + 2] = b;
    grid[i * 4 + 3] = a;
  }
  const input = await sharp(grid, { raw: { width: gw, height: gh, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return { input, raw: { width, height, channels: 4 }, left: 0, top: 0 };
}

/** Wood grain for the table top: streaks along x, wavy rings, plank seams. */
async function woodLayer(rng: Rng, width: number, height: number, top: number): Promise<OverlayOptions> {
  const h = Math.max(8, Math.round(height - top));
  const gw = Math.max(16, Math.round(width / 8));
  const gh = Math.max(16, Math.round(h / 2));
  const base = hsl(rng.range(18, 36), rng.range(0.35, 0.6), rng.range(0.28, 0.55));
  const dark = shade(base, 0.6);
  const plank = Math.round(gh / rng.int(3, 6));
  const phase = Array.from({ length: 64 }, () => rng.range(0, 10));
  const buf = Buffer.alloc(gw * gh * 3);
  for (let y = 0; y < gh; y++) {
    const p = Math.floor(y / plank);
    const seam = y % plank < 1;
    for (let x = 0; x < gw; x++) {
      const u = x / gw;
      const ph = phase[p % 64] ?? 0;
      const ring = 0.5 + 0.5 * Math.sin((y * 0.9 + Math.sin(u * 6 + ph) * 6 + Math.sin(u * 23 + ph * 2) * 1.5) * 0.8 + ph);
      const t = seam ? 1 : Math.pow(ring, 3) * 0.6 + rng.next() * 0.12;
      const c = mix(base, dark, t);
      const i = (y * gw + x) * 3;
      buf[i] = c[0];
      buf[i + 1] = c[1];
      buf[i + 2] = c[2];
    }
  }
  const input = await sharp(buf, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(width, h, { fit: 'fill', kernel: 'cubic' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { input, raw: { width, height: h, channels: 4 }, left: 0, top: Math.round(height - h) };
}

/** Out-of-focus room clutter behind the table: shelves, books, plants, frames, a lamp. */
function clutterSvg(rng: Rng, width: number, floorY: number, wall: Rgb): string {
  const out: string[] = [];
  const shelfY = floorY * rng.range(0.35, 0.55);
  out.push(`<rect x="0" y="${f(shelfY)}" width="${width}" height="${f(floorY * 0.03)}" fill="${hex(shade(wall, 0.55))}"/>`);
  let x = rng.range(0, width * 0.1);
  while (x < width) {
    const w = rng.range(0.015, 0.04) * width;
    const h = rng.range(0.12, 0.22) * floorY;
    out.push(
      `<rect x="${f(x)}" y="${f(shelfY - h)}" width="${f(w)}" height="${f(h)}" fill="${hex(hsl(rng.range(0, 360), rng.range(0.3, 0.7), rng.range(0.2, 0.6)))}"/>`,
    );
    x += w + (rng.next() < 0.15 ? rng.range(0.05, 0.2) * width : 1);
  }
  for (let i = 0; i < 3; i++) {
    const fx = rng.range(0, width * 0.9);
    const fy = rng.range(0.05, 0.25) * floorY;
    const s = rng.range(0.08, 0.16) * width;
    out.push(
      `<rect x="${f(fx)}" y="${f(fy)}" width="${f(s)}" height="${f(s * 0.75)}" fill="${hex(shade(wall, 0.35))}"/><rect x="${f(fx + s * 0.08)}" y="${f(fy + s * 0.06)}" width="${f(s * 0.84)}" height="${f(s * 0.63)}" fill="${hex(hsl(rng.range(0, 360), 0.4, rng.range(0.4, 0.8)))}"/>`,
    );
  }
  const plantX = rng.next() < 0.5 ? rng.range(0.02, 0.2) * width : rng.range(0.75, 0.95) * width;
  for (let i = 0; i < 28; i++) {
    const a = rng.range(-Math.PI, 0);
    const r = rng.range(0.05, 0.22) * floorY;
    out.push(
      `<ellipse cx="${f(plantX + Math.cos(a) * r)}" cy="${f(floorY * 0.85 + Math.sin(a) * r)}" rx="${f(floorY * 0.05)}" ry="${f(floorY * 0.018)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(plantX + Math.cos(a) * r)} ${f(floorY * 0.85 + Math.sin(a) * r)})" fill="${hex(hsl(rng.range(90, 140), 0.45, rng.range(0.2, 0.4)))}"/>`,
    );
  }
  out.push(
    `<rect x="${f(plantX - floorY * 0.06)}" y="${f(floorY * 0.82)}" width="${f(floorY * 0.12)}" height="${f(floorY * 0.18)}" fill="${hex(hsl(20, 0.4, 0.45))}"/>`,
  );
  const lampX = rng.range(0.3, 0.7) * width;
  out.push(`<ellipse cx="${f(lampX)}" cy="${f(floorY * 0.2)}" rx="${f(floorY * 0.12)}" ry="${f(floorY * 0.08)}" fill="#fff6d8" opacity="0.8"/>`);
  return out.join('');
}

/** Small in-focus props on the table (leaves, beans, a spoon), kept away from the products. */
function propsSvg(rng: Rng, width: number, height: number, floorY: number, keep: readonly Keepout[]): string {
  const out: string[] = [];
  const clear = (x: number, y: number, r: number): boolean =>
    keep.every((k) => x + r < k.x0 - width * 0.04 || x - r > k.x1 + width * 0.04 || y + r < k.y0 || y - r > k.y1 + height * 0.06);
  let placed = 0;
  for (let tries = 0; tries < 200 && placed < 14; tries++) {
    const x = rng.range(0, width);
    const y = rng.range(floorY + (height - floorY) * 0.2, height);
    const r = rng.range(0.008, 0.03) * width;
    if (!clear(x, y, r)) continue;
    placed++;
    const kind = rng.int(0, 2);
    const rot = rng.range(0, 180);
    if (kind === 0)
      out.push(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.4)}" transform="rotate(${f(rot)} ${f(x)} ${f(y)})" fill="${hex(hsl(rng.range(80, 130), 0.5, rng.range(0.25, 0.4)))}"/>`,
      );
    else if (kind === 1)
      out.push(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.4)}" ry="${f(r * 0.28)}" transform="rotate(${f(rot)} ${f(x)} ${f(y)})" fill="${hex(hsl(25, 0.5, 0.2))}"/>`,
      );
    else out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.5)}" fill="${hex(hsl(rng.range(0, 50), 0.7, rng.range(0.5, 0.7)))}"/>`);
  }
  return out.join('');
}

/**
 * Renders the background (wall, table, texture, clutter) as raw RGB at width × height.
 * The shadows and the products are drawn later on top.
 */
export async function renderBackground(plan: BackgroundPlan, rng: Rng, width: number, height: number, keep: readonly Keepout[]): Promise<Buffer> {
  // Drawn at half size and upscaled: four times faster, and the backdrop is a little out of
  // focus behind the sharp product, as with a real lens.
  const k = 0.5;
  const w = Math.round(width * k);
  const h = Math.round(height * k);
  const half = await drawBackground(
    { ...plan, floorY: plan.floorY * k },
    rng,
    w,
    h,
    keep.map((r) => ({ x0: r.x0 * k, x1: r.x1 * k, y0: r.y0 * k, y1: r.y1 * k })),
  );
  return sharp(half, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

async function drawBackground(plan: BackgroundPlan, rng: Rng, width: number, height: number, keep: readonly Keepout[]): Promise<Buffer> {
  const { kind, floorY, lightLeft } = plan;
  const light = lightLeft ? 0 : 1;
  const wallHue = rng.range(0, 360);
  const dark = rng.next() < 0.2;
  let wall: Rgb = dark ? hsl(wallHue, rng.range(0.05, 0.3), rng.range(0.12, 0.25)) : hsl(wallHue, rng.range(0.05, 0.35), rng.range(0.7, 0.92));
  const defs: string[] = [];
  const body: string[] = [];
  const layers: OverlayOptions[] = [];
  const sweep = kind === 'plain' || kind === 'gradient' || kind === 'fabric';

  if (kind === 'gradient') {
    wall = hsl(wallHue, rng.range(0.35, 0.7), rng.range(0.45, 0.75));
    const other = hsl(wallHue + rng.range(40, 140), rng.range(0.35, 0.7), rng.range(0.3, 0.7));
    defs.push(
      `<linearGradient id="bg" x1="${light}" y1="0" x2="${1 - light}" y2="1"><stop offset="0" stop-color="${hex(wall)}"/><stop offset="1" stop-color="${hex(other)}"/></linearGradient>`,
    );
    body.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
    defs.push(
      `<radialGradient id="spot" cx="${rng.range(0.35, 0.65).toFixed(2)}" cy="0.45" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    body.push(`<rect width="${width}" height="${height}" fill="url(#spot)"/>`);
  } else if (sweep) {
    // Seamless paper or drape: the wall curves into the floor with no horizon line.
    defs.push(
      `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(shade(wall, 0.86))}"/><stop offset="${(floorY / height).toFixed(3)}" stop-color="${hex(shade(wall, 1.04))}"/><stop offset="1" stop-color="${hex(shade(wall, 0.93))}"/></linearGradient>`,
    );
    body.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  } else {
    const floor =
      kind === 'wood'
        ? hsl(30, 0.4, 0.4)
        : kind === 'busy'
          ? hsl(rng.range(20, 40), rng.range(0.1, 0.4), rng.range(0.35, 0.8))
          : shade(wall, rng.range(0.7, 0.95));
    defs.push(
      `<linearGradient id="wall" x1="${light}" y1="0" x2="${1 - light}" y2="0"><stop offset="0" stop-color="${hex(shade(wall, 1.06))}"/><stop offset="1" stop-color="${hex(shade(wall, 0.8))}"/></linearGradient>`,
    );
    defs.push(
      `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(shade(floor, 0.85))}"/><stop offset="1" stop-color="${hex(shade(floor, 1.05))}"/></linearGradient>`,
    );
    body.push(
      `<rect width="${width}" height="${f(floorY + 1)}" fill="url(#wall)"/><rect y="${f(floorY)}" width="${width}" height="${f(height - floorY)}" fill="url(#floor)"/>`,
    );
    body.push(`<rect y="${f(floorY)}" width="${width}" height="${f(Math.max(2, height * 0.004))}" fill="${hex(shade(floor, 1.2))}" opacity="0.6"/>`);
  }

  if (kind === 'fabric') {
    const period = Math.max(4, Math.round(width / rng.range(220, 400)));
    const thread = hex(shade(wall, 0.82));
    defs.push(
      `<pattern id="weave" width="${period}" height="${period}" patternUnits="userSpaceOnUse"><rect width="${period}" height="${f(period / 2)}" fill="${thread}" opacity="0.35"/><rect width="${f(period / 2)}" height="${period}" fill="#fff" opacity="0.18"/></pattern>`,
    );
    body.push(`<rect width="${width}" height="${height}" fill="url(#weave)"/>`);
    // Folds of the drape: broad soft light and dark bands.
    layers.push(
      await noiseLayer(rng, 5, 4, width, height, (v) => (v < 0.5 ? [0, 0, 0, Math.round((0.5 - v) * 90)] : [255, 255, 255, Math.round((v - 0.5) * 70)])),
    );
  }
  if (kind === 'noise') {
    // Concrete or plaster: three octaves of value noise and fine speckles.
    layers.push(await noiseLayer(rng, 12, 9, width, height, (v) => [v * 255, v * 255, v * 255, 50]));
    layers.push(await noiseLayer(rng, 60, 45, width, height, (v) => [v * 255, v * 255, v * 255, 45]));
    layers.push(
      await noiseLayer(rng, Math.round(width / 6), Math.round(height / 6), width, height, (v) =>
        v > 0.93 ? [40, 40, 40, 120] : [128, 128, 128, Math.round(v * 40)],
      ),
    );
  }
  if (kind === 'wood') {
    layers.push(await woodLayer(rng, width, height, floorY));
    layers.push(await noiseLayer(rng, 40, 30, width, height, (v) => [0, 0, 0, Math.round(v * 25)]));
  }
  if (kind === 'busy') {
    const sw = Math.round(width / 4);
    const sh = Math.round(height / 4);
    const top = Math.max(1, Math.round(floorY));
    const clutter = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="w" x1="${light}" x2="${1 - light}"><stop offset="0" stop-color="${hex(shade(wall, 1.05))}"/><stop offset="1" stop-color="${hex(shade(wall, 0.78))}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#w)"/>${clutterSvg(rng, width, floorY, wall)}</svg>`;
    // Depth of field: the room is drawn small, blurred and upscaled, above the table only.
    const room = await sharp(Buffer.from(clutter))
      .removeAlpha()
      .blur(rng.range(1.5, 3.5))
      .resize(width, height, { fit: 'fill' })
      .extract({ left: 0, top: 0, width, height: top })
      .raw()
      .toBuffer();
    layers.push({ input: room, raw: { width, height: top, channels: 3 }, left: 0, top: 0 });
    layers.push(await noiseLayer(rng, 50, 40, width, height, (v) => [255, 255, 255, Math.round(v * 30)]));
    const props = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${propsSvg(rng, width, height, floorY, keep)}</svg>`;
    layers.push({ input: Buffer.from(props), left: 0, top: 0 });
  }
  // Vignette, as a lens gives.
  defs.push(
    `<radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${rng.range(0.12, 0.3).toFixed(2)}"/></radialGradient>`,
  );
  const vignette = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs.join('')}</defs><rect width="${width}" height="${height}" fill="url(#vig)"/></svg>`;
  layers.push({ input: Buffer.from(vignette), left: 0, top: 0 });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
  // Composite in two steps: sharp applies every overlay to the same base in one pass.
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer();
}

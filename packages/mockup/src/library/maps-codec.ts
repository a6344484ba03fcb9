/**
 * Storable template maps: `TemplateMaps` as three PNGs and a little JSON.
 *
 * - `surfacePng`: 8-bit grey, the surface index + 1 (0 off the pack), exact;
 * - `uvPng`: 16-bit RGB, u, v and coverage, each 0..1 → 0..65535;
 * - `lightPng`: 16-bit RGB, shading / 2 (shading 0..2 survives), specular and depth, each 0..1.
 *
 * The round trip is lossless within the 16-bit quantisation: an error of at most ½ / 65535 on u,
 * v, coverage, specular and depth, 1 / 65535 on shading. Values outside the ranges are clamped.
 */
import sharp from 'sharp';
import type { TemplateMaps, TemplateSurface } from '../types.js';

export interface TemplateMapsMeta {
  readonly width: number;
  readonly height: number;
  readonly surfaces: readonly TemplateSurface[];
}

export interface EncodedTemplateMaps {
  readonly surfacePng: Buffer;
  readonly uvPng: Buffer;
  readonly lightPng: Buffer;
  readonly meta: TemplateMapsMeta;
}

const Q = 65535;
/** Shading is stored halved: 0..2 fits the 0..1 channel. */
const SHADING_SCALE = 2;

const quantise = (x: number, scale = 1): number => {
  const q = Math.round((x / scale) * Q);
  return q < 0 ? 0 : q > Q ? Q : q;
};

async function png16(channels: readonly Float32Array[], scales: readonly number[], width: number, height: number): Promise<Buffer> {
  const n = width * height;
  const px = new Uint16Array(n * 3);
  for (let c = 0; c < 3; c++) {
    const src = channels[c]!;
    const scale = scales[c]!;
    for (let i = 0; i < n; i++) px[i * 3 + c] = quantise(src[i]!, scale);
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

async function unpng16(png: Buffer, scales: readonly number[], width: number, height: number, what: string): Promise<Float32Array[]> {
  const { data, info } = await sharp(png).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 3)
    throw new Error(`${what}: expected ${width}×${height} RGB, got ${info.width}×${info.height}×${info.channels}`);
  const px = new Uint16Array(data.buffer, data.byteOffset, data.length / 2);
  const n = width * height;
  const out = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let c = 0; c < 3; c++) {
    const dst = out[c]!;
    const k = scales[c]! / Q;
    for (let i = 0; i < n; i++) dst[i] = px[i * 3 + c]! * k;
  }
  return out;
}

/** Encodes a template's maps as three PNGs and their metadata (see the file's header). */
export async function encodeTemplateMaps(maps: TemplateMaps): Promise<EncodedTemplateMaps> {
  const { width, height } = maps;
  const [surfacePng, uvPng, lightPng] = await Promise.all([
    sharp(Buffer.from(maps.surface.buffer, maps.surface.byteOffset, maps.surface.byteLength), { raw: { width, height, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 6 })
      .toBuffer(),
    png16([maps.u, maps.v, maps.coverage], [1, 1, 1], width, height),
    png16([maps.shading, maps.specular, maps.depth], [SHADING_SCALE, 1, 1], width, height),
  ]);
  return { surfacePng, uvPng, lightPng, meta: { width, height, surfaces: maps.surfaces.map((s) => ({ ...s, designArea: { ...s.designArea } })) } };
}

/** The maps `encodeTemplateMaps` stored. Throws if a PNG's size disagrees with `meta`. */
export async function decodeTemplateMaps(files: EncodedTemplateMaps): Promise<TemplateMaps> {
  const { width, height, surfaces } = files.meta;
  const [surfaceRaw, [u, v, coverage], [shading, specular, depth]] = await Promise.all([
    sharp(files.surfacePng).extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
    unpng16(files.uvPng, [1, 1, 1], width, height, 'uvPng'),
    unpng16(files.lightPng, [SHADING_SCALE, 1, 1], width, height, 'lightPng'),
  ]);
  if (surfaceRaw.info.width !== width || surfaceRaw.info.height !== height)
    throw new Error(`surfacePng: expected ${width}×${height}, got ${surfaceRaw.info.width}×${surfaceRaw.info.height}`);
  return {
    width,
    height,
    surface: new Uint8Array(surfaceRaw.data),
    coverage: coverage!,
    u: u!,
    v: v!,
    shading: shading!,
    specular: specular!,
    depth: depth!,
    surfaces,
  };
}

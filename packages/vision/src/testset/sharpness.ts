/**
 * Images for the upscaler's tests and benchmark, with what makes enlargements fail: hard text and
 * line edges, photo-like textures, smooth gradients, and a cut-out with transparency.
 */
import sharp from 'sharp';
import type { RgbaImage } from '../tools/types.js';
import { renderTexture } from './textures.js';

export const SHARPNESS_KINDS = ['text', 'wood', 'fabric', 'marble', 'radial', 'product'] as const;
export type SharpnessKind = (typeof SHARPNESS_KINDS)[number];

function labelSvg(size: number): string {
  const s = size / 512;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="#f6f1e7"/>
    <rect x="24" y="24" width="464" height="464" fill="none" stroke="#1b2a4a" stroke-width="${3 / s}"/>
    <text x="256" y="110" font-family="sans-serif" font-weight="bold" font-size="64" text-anchor="middle" fill="#1b2a4a">ORGANIC</text>
    <text x="256" y="170" font-family="serif" font-size="34" text-anchor="middle" fill="#c8102e">Cold-pressed juice</text>
    <text x="60" y="240" font-family="sans-serif" font-size="18" fill="#222">Ingredients: apple, ginger, lemon, mint.</text>
    <text x="60" y="266" font-family="sans-serif" font-size="14" fill="#222">Keep refrigerated. Best before: see cap. 330 ml</text>
    <text x="60" y="288" font-family="monospace" font-size="12" fill="#444">EAN 5 012345 678900  LOT 2026-11-27</text>
    <circle cx="140" cy="390" r="70" fill="#2a6fb0"/><circle cx="140" cy="390" r="40" fill="#f6f1e7"/>
    <path d="M260 330 L460 330 L360 460 Z" fill="#0b3d6e"/>
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${250 + i * 18}" y1="470" x2="${250 + i * 18}" y2="500" stroke="#111" stroke-width="${1 + (i % 3)}"/>`).join('')}
  </svg>`;
}

function productSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b3d6e"/><stop offset="0.45" stop-color="#3c86c8"/><stop offset="1" stop-color="#082a4c"/></linearGradient></defs>
    <rect x="216" y="40" width="80" height="70" rx="8" fill="#c8102e"/>
    <path d="M216 110 h80 q0 50 70 90 q30 20 30 60 v200 q0 20 -20 20 h-240 q-20 0 -20 -20 v-200 q0 -40 30 -60 q70 -40 70 -90z" fill="url(#g)"/>
    <rect x="140" y="280" width="232" height="120" fill="#f4ecd8"/>
    <text x="256" y="350" font-family="sans-serif" font-weight="bold" font-size="40" text-anchor="middle" fill="#1b2a4a">FRESH</text>
  </svg>`;
}

/** One test image, `size` × `size` RGBA ('product' has a transparent background; the rest are opaque). */
export async function renderSharpnessImage(kind: SharpnessKind, size: number): Promise<RgbaImage> {
  if (kind === 'text' || kind === 'product') {
    const svg = kind === 'text' ? labelSvg(size) : productSvg(size);
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  }
  const rgb = renderTexture(kind, size, 5);
  const data = new Uint8Array(size * size * 4);
  for (let p = 0; p < size * size; p++) {
    data[p * 4] = rgb.data[p * 3]!;
    data[p * 4 + 1] = rgb.data[p * 3 + 1]!;
    data[p * 4 + 2] = rgb.data[p * 3 + 2]!;
    data[p * 4 + 3] = 255;
  }
  return { data, width: size, height: size };
}

/** Box-average reduction by an integer factor (what a camera or a downsized export does), RGBA. */
export function boxDownscale(img: RgbaImage, factor: number): RgbaImage {
  const w = Math.floor(img.width / factor);
  const h = Math.floor(img.height / factor);
  const out = new Uint8Array(w * h * 4);
  const n = factor * factor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const acc = [0, 0, 0, 0];
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const i = ((y * factor + dy) * img.width + x * factor + dx) * 4;
          const a = img.data[i + 3]!;
          // Premultiplied: a correct resampler of RGBA averages colour weighted by alpha.
          acc[0] = acc[0]! + img.data[i]! * a;
          acc[1] = acc[1]! + img.data[i + 1]! * a;
          acc[2] = acc[2]! + img.data[i + 2]! * a;
          acc[3] = acc[3]! + a;
        }
      }
      const o = (y * w + x) * 4;
      const a = acc[3]!;
      out[o] = a ? Math.round(acc[0]! / a) : 0;
      out[o + 1] = a ? Math.round(acc[1]! / a) : 0;
      out[o + 2] = a ? Math.round(acc[2]! / a) : 0;
      out[o + 3] = Math.round(a / n);
    }
  }
  return { data: out, width: w, height: h };
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Dieline } from '@packsmith/design-engine/dieline';
import sharp from 'sharp';

/** Test and bench inputs: Inter from its OFL package, and a 300 dpi artwork over a dieline's bleed box. */
export function interFonts(): { regular: Uint8Array; bold: Uint8Array } {
  const root = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/inter/package.json'));
  return {
    regular: readFileSync(join(root, '400Regular', 'Inter_400Regular.ttf')),
    bold: readFileSync(join(root, '600SemiBold', 'Inter_600SemiBold.ttf')),
  };
}

/** Pixel size of the bleed box at `dpi`. */
export function bleedPixels(d: Dieline, dpi = 300): { width: number; height: number } {
  return { width: Math.round((d.bleedBox.width / 25.4) * dpi), height: Math.round((d.bleedBox.height / 25.4) * dpi) };
}

/** A gradient with a frame at the bleed box, as a PNG: enough structure that compression cannot collapse it. */
export async function artworkPng(d: Dieline, dpi = 300, options: { alpha?: boolean } = {}): Promise<Uint8Array> {
  const { width, height } = bleedPixels(d, dpi);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4b400"/><stop offset="1" stop-color="#0b8043"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="#222" stroke-width="8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  // Sheet artwork is opaque RGB; `alpha` keeps the channel sharp gives an SVG, for the other path.
  return new Uint8Array(await (options.alpha ? image.ensureAlpha() : image.removeAlpha()).png().toBuffer());
}

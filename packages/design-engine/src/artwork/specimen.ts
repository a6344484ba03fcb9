/**
 * Font specimens: a short text set in one face, as a PNG a font menu shows. Rendered with only
 * that face loaded, so resvg can never fall back to another font and the image is the face itself.
 */
import { Resvg } from '@resvg/resvg-js';
import type { FontFace } from './fonts.js';

export interface SpecimenOptions {
  /** Output height in pixels (the width follows the text). */
  heightPx?: number;
  /** Text colour (any SVG colour); the background stays transparent. */
  color?: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text's advance width in em, from the face's own metrics. */
function advanceEm(face: FontFace, text: string): number {
  const m = face.metrics;
  let units = 0;
  for (const ch of text) units += m.advance(m.glyphId(ch.codePointAt(0) ?? 0));
  return units / m.unitsPerEm;
}

/** `text` set in `face` on a transparent background, vertically centred on the face's cap height. */
export function renderSpecimenPng(face: FontFace, text: string, opts: SpecimenOptions = {}): Buffer {
  const height = Math.max(16, Math.round(opts.heightPx ?? 96));
  const size = height * 0.56;
  const pad = Math.round(height * 0.2);
  const width = Math.max(height, Math.ceil(advanceEm(face, text) * size + pad * 2));
  const m = face.metrics;
  const capEm = (m.capHeight > 0 ? m.capHeight : m.ascender * 0.7) / m.unitsPerEm;
  const baseline = height / 2 + (capEm * size) / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text x="${pad}" y="${baseline.toFixed(2)}" font-family="${escapeXml(face.family)}" font-size="${size.toFixed(2)}" ` +
    `font-weight="${face.weight}" font-style="${face.italic ? 'italic' : 'normal'}" fill="${escapeXml(opts.color ?? '#111827')}">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, {
    font: { fontFiles: [face.file], loadSystemFonts: false, defaultFontFamily: face.family },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  })
    .render()
    .asPng();
}

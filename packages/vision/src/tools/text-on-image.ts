/**
 * Text typeset onto an image with the design engine's TTF set: the largest size that fits the
 * box (the region's upper middle, or style.box) in at most three lines, in the colour that reads
 * on the pixels under it (WCAG 4.5:1 measured on them, a plate when nothing reaches it), drawn by
 * resvg and alpha-composited. `renderTextOverlay` draws the same text as a transparent RGBA layer
 * of any size, for text laid onto a product through a mockup template's UV map.
 */
import type { ImageBox, TextStyle } from '@packsmith/contracts';
import { contrastRatio, escapeXml, svgToPixelsWithFaces } from '@packsmith/design-engine/creative';
import { chooseTextColour } from './creative/text-colour.js';
import { fitText, resolveFace } from './creative/text-layout.js';
import type { RgbaImage, RgbImage, TextOnImageOptions, TextPlacementResult } from './types.js';

export interface TextOverlayOptions {
  style?: TextStyle;
  /** What the text will sit on, the overlay's size (e.g. a product's design area as the scene shows it): the colour is chosen by contrast on it. Absent: white stock. */
  under?: RgbImage;
  /** The area the text belongs to (default: the whole overlay); the text goes in its upper middle unless style.box says where. */
  region?: ImageBox;
}

export interface TextOverlay {
  /** Straight-alpha RGBA, transparent where there is no text (nor plate). */
  overlay: RgbaImage;
  /** The text's ink bounds. */
  box: ImageBox;
  /** WCAG ratio of the text against the ground under it (plate included). */
  contrast: number;
  font: string;
  color: string;
  /** The plate laid under the text when no colour read on the ground alone. */
  scrim: { color: string; opacity: number } | null;
}

/** The region's upper middle: 84 % of its width, the band from 8 % to 42 % of its height. */
function upperMiddle(r: ImageBox): ImageBox {
  return {
    x: Math.round(r.x + r.width * 0.08),
    y: Math.round(r.y + r.height * 0.08),
    width: Math.max(1, Math.round(r.width * 0.84)),
    height: Math.max(1, Math.round(r.height * 0.34)),
  };
}

/** A box shrunk by a margin on each side (the text keeps off a box's edges). */
function inset(b: ImageBox, k: number): ImageBox {
  const dx = Math.round(b.width * k);
  const dy = Math.round(b.height * k);
  return { x: b.x + dx, y: b.y + dy, width: Math.max(1, b.width - 2 * dx), height: Math.max(1, b.height - 2 * dy) };
}

function clip(b: { x0: number; y0: number; x1: number; y1: number }, width: number, height: number): ImageBox {
  const x = Math.max(0, Math.floor(b.x0));
  const y = Math.max(0, Math.floor(b.y0));
  return { x, y, width: Math.max(1, Math.min(width, Math.ceil(b.x1)) - x), height: Math.max(1, Math.min(height, Math.ceil(b.y1)) - y) };
}

export function renderTextOverlay(text: string, width: number, height: number, options: TextOverlayOptions = {}): TextOverlay {
  const style = options.style ?? {};
  const face = resolveFace(style.font);
  const area = style.box ? inset(style.box, 0.04) : upperMiddle(options.region ?? { x: 0, y: 0, width, height });
  const set = fitText(text, face, area.width, area.height);
  const align = style.align ?? 'center';
  const top = area.y + (area.height - set.height) / 2;
  const placed = set.lines.map((line, k) => {
    const baseline = top + set.firstBaseline + k * set.leading;
    const x =
      align === 'left'
        ? area.x - line.inkLeft
        : align === 'right'
          ? area.x + area.width - line.inkRight
          : area.x + area.width / 2 - (line.inkLeft + line.inkRight) / 2;
    return { line, x, baseline };
  });
  const ink = {
    x0: Math.min(...placed.map((p) => p.x + p.line.inkLeft)),
    x1: Math.max(...placed.map((p) => p.x + p.line.inkRight)),
    y0: top,
    y1: top + set.height,
  };
  const box = clip(ink, width, height);
  const pad = Math.max(2, Math.round(set.size * 0.18));
  const ground = clip({ x0: ink.x0 - pad, y0: ink.y0 - pad, x1: ink.x1 + pad, y1: ink.y1 + pad }, width, height);
  const under = options.under;
  const colour = under
    ? chooseTextColour(under, ground, style.color)
    : { color: style.color ?? '#111111', contrast: contrastRatio(style.color ?? '#111111', '#ffffff'), scrim: null };
  const plate = colour.scrim
    ? `<rect x="${ground.x}" y="${ground.y}" width="${ground.width}" height="${ground.height}" rx="${Math.round(pad * 0.6)}" fill="${colour.scrim.color}" fill-opacity="${colour.scrim.opacity}"/>`
    : '';
  const lines = placed
    .map(
      (p) =>
        `<text x="${p.x.toFixed(2)}" y="${p.baseline.toFixed(2)}" font-family="${escapeXml(face.family)}" font-weight="${face.weight}" font-size="${set.size.toFixed(2)}" fill="${colour.color}" xml:space="preserve">${escapeXml(p.line.text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${plate}${lines}</svg>`;
  const px = svgToPixelsWithFaces(svg, width, [face.file]);
  return {
    overlay: { data: unpremultiply(px.data), width, height },
    box,
    contrast: round2(colour.contrast),
    font: face.family,
    color: colour.color,
    scrim: colour.scrim,
  };
}

export async function textOnImage(image: RgbImage, text: string, options: TextOnImageOptions = {}): Promise<TextPlacementResult> {
  options.signal?.throwIfAborted();
  const t = renderTextOverlay(text, image.width, image.height, { style: options.style, under: image, region: options.region });
  const data = compositeOver(image.data, t.overlay.data);
  options.onProgress?.(1);
  return { image: { data, width: image.width, height: image.height }, box: t.box, contrast: t.contrast, font: t.font, color: t.color };
}

/** resvg's premultiplied RGBA → straight alpha. */
function unpremultiply(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] as number;
    if (a === 0) continue;
    out[i + 3] = a;
    for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.round(((data[i + c] as number) * 255) / a));
  }
  return out;
}

/** Straight-alpha RGBA over RGB, in sRGB as the design engine's renders blend; untouched where alpha is 0. */
function compositeOver(rgb: Uint8Array, rgba: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgb);
  for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
    const a = rgba[q + 3] as number;
    if (a === 0) continue;
    const k = a / 255;
    for (let c = 0; c < 3; c++) out[p + c] = Math.round((rgba[q + c] as number) * k + (rgb[p + c] as number) * (1 - k));
  }
  return out;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

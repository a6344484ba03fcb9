/**
 * Artwork SVGs reused inside other SVG documents (the print sheet, the 3D face textures):
 * the outer `<svg>` becomes a `<g>` in `<defs>`, clipped to its own panel, with every id
 * prefixed so several pieces of artwork can live in one document.
 */
import type { Rotation } from '../dieline/types.js';

export const fmt = (n: number): string => {
  const r = Math.round(n * 10000) / 10000;
  return String(Object.is(r, -0) ? 0 : r);
};

export interface EmbeddedArt {
  /** Id of the `<g>` holding the artwork in its own mm coordinates, clipped to 0..w × 0..h. */
  readonly id: string;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Markup to put inside `<defs>`. */
  readonly defs: string;
}

/** Inner markup and size of a standalone artwork SVG (mm viewBox). */
export function unwrapSvg(svg: string): { inner: string; width: number; height: number } {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error('artwork is not an SVG document');
  const viewBox = /viewBox="([^"]+)"/.exec(open[0]);
  const parts =
    viewBox?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number) ?? [];
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) throw new Error('artwork SVG has no viewBox');
  const end = svg.lastIndexOf('</svg>');
  // resvg's own output (outlined type) links images with xlink:href, declared on the root this
  // drops: plain href (SVG 2) needs no namespace, so the host document stays well-formed.
  const inner = svg.slice(open.index + open[0].length, end < 0 ? undefined : end).replace(/\bxlink:href=/g, 'href=');
  return { inner, width: parts[2]!, height: parts[3]! };
}

/** Prefixes every id (and every reference to one) in a fragment. */
export function prefixIds(markup: string, prefix: string): string {
  return markup
    .replace(/\bid="([^"]+)"/g, (_, id: string) => `id="${prefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${prefix}${id})`)
    .replace(/\b(xlink:href|href)="#([^"]+)"/g, (_, attr: string, id: string) => `${attr}="#${prefix}${id}"`);
}

/** An artwork SVG as a def with id `id`. */
export function embedArt(svg: string, id: string): EmbeddedArt {
  const { inner, width, height } = unwrapSvg(svg);
  const defs =
    `<clipPath id="${id}-box"><rect x="0" y="0" width="${fmt(width)}" height="${fmt(height)}"/></clipPath>` +
    `<g id="${id}" clip-path="url(#${id}-box)">${prefixIds(inner, `${id}-`)}</g>`;
  return { id, widthMm: width, heightMm: height, defs };
}

/**
 * The artwork with copies shifted by `bleed` in the eight directions under it (id
 * `${art.id}-bleed`): the band along every edge repeats outwards, so the design runs past a
 * cut without a seam. The caller clips it to the bleed. Mirrored copies would be the textbook
 * bleed, but resvg drops content under a vertically flipped `use` inside a clipped one.
 */
export function bleedDef(art: EmbeddedArt, bleed: number): string {
  const shifts = [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const;
  const uses = shifts.map(([dx, dy]) => `<use href="#${art.id}" transform="translate(${fmt(dx * bleed)} ${fmt(dy * bleed)})"/>`).join('');
  return `<g id="${art.id}-bleed">${uses}<use href="#${art.id}"/></g>`;
}

/**
 * SVG matrix placing upright artwork of size `aw`×`ah`, turned clockwise by `rotation`, so it
 * fills the rectangle (x, y, w, h).
 */
export function placeMatrix(x: number, y: number, w: number, h: number, rotation: Rotation, aw: number, ah: number): string {
  const turned = rotation === 90 || rotation === 270;
  const sx = w / (turned ? ah : aw);
  const sy = h / (turned ? aw : ah);
  // Rotation about the origin, then a shift back into the positive quadrant, then scale.
  let a: number, b: number, c: number, d: number, e: number, f: number;
  switch (rotation) {
    case 0:
      [a, b, c, d, e, f] = [1, 0, 0, 1, 0, 0];
      break;
    case 90:
      [a, b, c, d, e, f] = [0, 1, -1, 0, ah, 0];
      break;
    case 180:
      [a, b, c, d, e, f] = [-1, 0, 0, -1, aw, ah];
      break;
    case 270:
      [a, b, c, d, e, f] = [0, -1, 1, 0, 0, aw];
      break;
  }
  return `matrix(${fmt(a * sx)} ${fmt(b * sy)} ${fmt(c * sx)} ${fmt(d * sy)} ${fmt(x + e * sx)} ${fmt(y + f * sy)})`;
}

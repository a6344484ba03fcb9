/**
 * Every face of a design in one SVG: the face canvases the 3D textures are cut from (front, back,
 * left, right, top, bottom, or the wrap round a body), laid side by side in mm with the artwork the
 * print sheet uses. Stored once per design, it lets a mockup put the design's own panels on every
 * surface of a template, and a 3D preview texture every face, long after the design was made,
 * without re-running the design engine.
 */
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import { resvgFontOptions } from '../artwork/render.js';
import type { BoxModel, FaceName } from './box-model/index.js';
import { faceColours, faceSvg, toTexture } from './face-textures.js';
import { fmt, prefixIds, unwrapSvg } from './svg-embed.js';

/** Space between faces in the atlas, mm: keeps one face's antialiased edge out of the next. */
const GAP_MM = 4;

/** A face's place in the atlas, in mm (plain numbers: stored as JSON with the design). */
export interface AtlasRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface FaceAtlas {
  /** A standalone SVG document, viewBox in mm. */
  readonly svg: string;
  /** Where each face lies in the atlas, mm (the face's own size). */
  readonly rects: Readonly<Partial<Record<FaceName, AtlasRect>>>;
}

/**
 * Lays every face of `model` out in one row. `artwork` holds the design's artwork SVGs by key (the
 * print sheet's outlined ones serve: their type needs no font to draw).
 */
export function composeFaceAtlas(model: BoxModel, artwork: ReadonlyMap<string, string>, background: string): FaceAtlas {
  const colours = faceColours(background);
  const rects: Partial<Record<FaceName, AtlasRect>> = {};
  const parts: string[] = [];
  let x = 0;
  let height = 0;
  for (const [name, face] of Object.entries(model.faces) as [FaceName, NonNullable<BoxModel['faces'][FaceName]>][]) {
    // The face's own SVG, nested at its place, its ids prefixed with the face's name so they stay unique.
    const inner = prefixIds(unwrapSvg(faceSvg(face, artwork, colours, face.widthMm, face.heightMm)).inner, `${name}-`);
    // Each face is its own nested <svg> between markers, so one can be drawn without the others.
    parts.push(
      `<!--face:${name}--><svg x="${fmt(x)}" y="0" width="${fmt(face.widthMm)}" height="${fmt(face.heightMm)}" viewBox="0 0 ${fmt(face.widthMm)} ${fmt(face.heightMm)}" preserveAspectRatio="none">${inner}</svg><!--/face-->`,
    );
    rects[name] = { x, y: 0, width: face.widthMm, height: face.heightMm };
    x += face.widthMm + GAP_MM;
    height = Math.max(height, face.heightMm);
  }
  const width = Math.max(GAP_MM, x - GAP_MM);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}mm" height="${fmt(height)}mm" viewBox="0 0 ${fmt(width)} ${fmt(height)}">${parts.join('')}</svg>`;
  return { svg, rects };
}

/**
 * One face of a stored atlas as a PNG of `widthPx`×`heightPx` (straight alpha: transparent where
 * no layer covers the face, as on a bottle whose label leaves its body bare). Only that face's
 * markup is drawn (resvg panics on content lying wholly outside a narrowed viewBox).
 */
export async function renderAtlasFace(atlasSvg: string, face: FaceName, widthPx: number, heightPx: number): Promise<Buffer> {
  if (!Number.isInteger(widthPx) || !Number.isInteger(heightPx) || widthPx < 1 || heightPx < 1 || widthPx > 8192 || heightPx > 8192) {
    throw new RangeError(`face size must be 1–8192 px each way, got ${widthPx}×${heightPx}`);
  }
  const start = atlasSvg.indexOf(`<!--face:${face}-->`);
  const end = start < 0 ? -1 : atlasSvg.indexOf('<!--/face-->', start);
  if (start < 0 || end < 0) throw new Error(`the face atlas has no ${face} face`);
  const markup = atlasSvg.slice(start + `<!--face:${face}-->`.length, end);
  const open = /^<svg\b[^>]*viewBox="([^"]+)"[^>]*>/.exec(markup);
  if (!open) throw new Error(`the ${face} face of the atlas is not an SVG element`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="${open[1]}" preserveAspectRatio="none">` +
    markup.slice(open[0].length);
  const img = await renderAsync(svg, { font: resvgFontOptions(), logLevel: 'off' });
  const texture = toTexture(img.width, img.height, img.pixels);
  return sharp(texture.data, { raw: { width: texture.width, height: texture.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * 3D face textures cut from the design's artwork: each face canvas becomes one SVG (the same
 * artwork SVGs the print sheet uses) rasterised at the resolution the packshot needs.
 */
import { adjust } from '../artwork/color.js';
import type { Texture } from '../render3d/texture.js';
import type { FaceCanvas } from './box-model/index.js';
import { embedArt, fmt, placeMatrix } from './svg-embed.js';

export interface FaceColours {
  /** The design's background colour (faces and parts without artwork). */
  readonly fill: string;
  /** The inside of an open box: the background, darkened. */
  readonly inside: string;
}

export function faceColours(background: string): FaceColours {
  return { fill: background, inside: adjust(background, { dl: -0.25 }) };
}

/**
 * The face canvas as an SVG in mm rendered at `widthPx`×`heightPx`: a face seen at a slant
 * needs fewer pixels across than along, so the scale may differ per axis.
 */
export function faceSvg(face: FaceCanvas, artwork: ReadonlyMap<string, string>, colours: FaceColours, widthPx: number, heightPx: number): string {
  const defs: string[] = [];
  const ids = new Map<string, ReturnType<typeof embedArt>>();
  const body: string[] = [];
  face.layers.forEach((l, i) => {
    if (typeof l.source === 'string') {
      body.push(
        `<rect x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}" fill="${l.source === 'fill' ? colours.fill : colours.inside}"/>`,
      );
      return;
    }
    let art = ids.get(l.source.key);
    if (!art) {
      const svg = artwork.get(l.source.key);
      if (!svg) throw new Error(`no artwork for ${l.source.key}`);
      art = embedArt(svg, `f${ids.size + 1}`);
      ids.set(l.source.key, art);
      defs.push(art.defs);
    }
    const use = `<use href="#${art.id}" transform="${placeMatrix(l.x, l.y, l.w, l.h, l.rotation, art.widthMm, art.heightMm)}"/>`;
    if (l.cornerRadius) {
      defs.push(
        `<clipPath id="round${i}"><rect x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}" rx="${fmt(l.cornerRadius)}"/></clipPath>`,
      );
      body.push(`<g clip-path="url(#round${i})">${use}</g>`);
    } else {
      body.push(use);
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${fmt(face.widthMm)} ${fmt(face.heightMm)}" preserveAspectRatio="none">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

/** resvg's premultiplied RGBA → the straight alpha textures use (in place). */
export function toTexture(width: number, height: number, pixels: Uint8Array): Texture {
  for (let i = 3; i < pixels.length; i += 4) {
    const a = pixels[i]!;
    if (a === 255 || a === 0) continue;
    const k = 255 / a;
    pixels[i - 3] = Math.min(255, Math.round(pixels[i - 3]! * k));
    pixels[i - 2] = Math.min(255, Math.round(pixels[i - 2]! * k));
    pixels[i - 1] = Math.min(255, Math.round(pixels[i - 1]! * k));
  }
  return { width, height, data: pixels };
}

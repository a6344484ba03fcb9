/**
 * Metallic foil: a linear gradient with sheen bands in the metal's own hue, laid across the
 * whole panel (user space) so every element printed in the metal — bands, frames, fields, rules,
 * icons — catches the same light, as hot-foil stamping does. Lightness swings about ±0.1 OKLab
 * round the catalogue colour and chroma falls at the highlights, so each pixel still measures as
 * that metal (within the looser metallic tolerance of the colour-share check).
 */
import { type Hex, hexToOklch, oklch } from './color.js';
import type { Metal } from './named-colours.js';
import { num } from './svg.js';

/** [offset, lightness change, chroma factor]: base, highlight, a narrow sheen, highlight, shadow… */
const STOPS: readonly (readonly [number, number, number])[] = [
  [0, 0, 1],
  [0.13, 0.07, 0.82],
  [0.2, 0.13, 0.55],
  [0.27, 0.07, 0.82],
  [0.42, -0.08, 0.95],
  [0.56, 0, 1],
  [0.69, 0.07, 0.82],
  [0.75, 0.13, 0.55],
  [0.82, 0.02, 0.9],
  [1, -0.08, 0.95],
];

/** Silver and champagne are pale already: their sheen goes towards white less steeply. */
const SHEEN_SCALE: Readonly<Record<Metal, number>> = { gold: 1, copper: 1, bronze: 1, 'rose-gold': 1, silver: 0.8, champagne: 0.6 };

function stopColour(o: { l: number; c: number; h: number }, k: number, dl: number, cf: number): Hex {
  const l = Math.min(0.97, Math.max(0.05, o.l + dl * k));
  return oklch(l, o.c * (dl > 0 ? 1 - (1 - cf) * k : cf), o.h);
}

/** Every colour a foil of `hex` passes through: what text laid on it must read against. */
export function foilColours(hex: Hex, metal: Metal): Hex[] {
  const o = hexToOklch(hex);
  return STOPS.map(([, dl, cf]) => stopColour(o, SHEEN_SCALE[metal], dl, cf));
}

/**
 * The `<linearGradient>` of a foil in `hex` over a panel `w` × `h` mm: about 20° off the
 * horizontal, so horizontal bands show the sheen running along them and upright elements
 * still change along their width.
 */
export function foilGradient(id: string, hex: Hex, metal: Metal, w: number, h: number): string {
  const o = hexToOklch(hex);
  const k = SHEEN_SCALE[metal];
  const stops = STOPS.map(([offset, dl, cf]) => `<stop offset="${num(offset, 3)}" stop-color="${stopColour(o, k, dl, cf)}"/>`).join('');
  const span = Math.max(w, h * 0.6);
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${num(span)}" y2="${num(Math.min(h, span * 0.36))}" spreadMethod="reflect">${stops}</linearGradient>`;
}

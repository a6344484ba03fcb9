/** The pieces of artwork a box needs: one per printed panel, or slices of a band. */
import type { StripSlice } from '../../artwork/imagery.js';
import type { Panel, PanelRole, Rotation } from '../../dieline/types.js';
import type { ArtRole, ArtSpec } from './types.js';

const ART_ROLE: Readonly<Record<PanelRole, ArtRole | null>> = {
  front: 'front',
  back: 'back',
  left: 'side',
  right: 'side',
  top: 'top',
  bottom: 'bottom',
  lid: 'top',
  wall: 'side',
  label: 'top',
  gusset: 'bottom',
  'inner-wall': null,
  tuck: null,
  'dust-flap': null,
  'end-flap': null,
  'glue-flap': null,
  'lock-flap': null,
  ear: null,
  'turn-in': null,
  overlap: null,
  seal: null,
};

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function art(role: ArtRole, widthMm: number, heightMm: number, strip?: StripSlice): ArtSpec {
  const w = round2(widthMm);
  const h = round2(heightMm);
  return { key: `${role}@${w}x${h}`, role, widthMm: w, heightMm: h, ...(strip ? { strip } : {}) };
}

/** The three slices of a band of `width` mm: side design | front | back copy. */
export function thirds(width: number, height: number): [ArtSpec, ArtSpec, ArtSpec] {
  const w = width / 3;
  const slice = (i: number): StripSlice => ({ offsetMm: round2(i * w), widthMm: round2(width) });
  return [art('side', w, height, slice(0)), art('front', w, height, slice(1)), art('back', w, height, slice(2))];
}

export const quarter = (r: Rotation) => r === 90 || r === 270;

/** Upright size of a flat panel's artwork (the sheet size turned back by its rotation). */
export function uprightSize(p: Panel): { w: number; h: number } {
  if (p.face.width !== p.bounds.width || p.face.height !== p.bounds.height) return { w: p.face.width, h: p.face.height };
  return quarter(p.artworkRotation) ? { w: p.bounds.height, h: p.bounds.width } : { w: p.bounds.width, h: p.bounds.height };
}

export function panelArt(p: Panel): ArtSpec {
  const role = ART_ROLE[p.role];
  if (!role) throw new Error(`panel ${p.id} carries no artwork`);
  const { w, h } = uprightSize(p);
  return art(role, w, h);
}

/*
 * Which image dresses each part of the pack: a folded panel takes the face image its print
 * names, a mesh slot the face its look names (a round body without a wrap image takes its
 * front on the front arc). Everything without an image shows the background colour.
 */
import type { FaceName, MeshModel, PreviewModel, SlotLook } from '@packsmith/design-engine/preview3d';

/** A uv rescale (u' = u · uScale + uOffset), for a front image printed on a round body. */
export interface UvTransform {
  readonly uScale: number;
  readonly uOffset: number;
  readonly vScale: number;
  readonly vOffset: number;
}

export interface PrintAssignment {
  /** The panel id (folded) or slot name (mesh). */
  readonly part: string;
  /** The face this part shows, and its image URL (null: none given, the background colour shows). */
  readonly face: FaceName | null;
  readonly url: string | null;
  readonly uv?: UvTransform;
  /** Pressed film: the print a shade darker. */
  readonly tint?: number;
}

/** The URL of a face, if the design has one (blank strings count as missing). */
function urlOf(faces: Readonly<Record<string, string>>, face: FaceName): string | null {
  const url = faces[face];
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/** The image of every printed part of the pack. */
export function printAssignments(model: PreviewModel, faces: Readonly<Record<string, string>>): PrintAssignment[] {
  if (model.kind === 'folded') {
    return model.panels.map((p) =>
      p.print === 'plain' ? { part: p.id, face: null, url: null } : { part: p.id, face: p.print.face, url: urlOf(faces, p.print.face) },
    );
  }
  return meshAssignments(model, faces);
}

function meshAssignments(model: MeshModel, faces: Readonly<Record<string, string>>): PrintAssignment[] {
  const out: PrintAssignment[] = [];
  for (const [slot, look] of Object.entries<SlotLook>(model.looks)) {
    if (look.kind !== 'print') continue;
    const own = urlOf(faces, look.face);
    const tint = look.tint !== undefined ? { tint: look.tint } : {};
    if (own || !look.fallback) {
      out.push({ part: slot, face: look.face, url: own, ...tint });
      continue;
    }
    const { face, ...uv } = look.fallback;
    const url = urlOf(faces, face);
    out.push(url ? { part: slot, face, url, uv, ...tint } : { part: slot, face: look.face, url: null, ...tint });
  }
  return out;
}

/** The distinct image URLs a model needs, in a stable order. */
export function neededUrls(assignments: readonly PrintAssignment[]): string[] {
  return [...new Set(assignments.map((a) => a.url).filter((u): u is string => u !== null))].sort();
}

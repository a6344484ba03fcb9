/*
 * The three.js materials of a pack: one per face image (folded panels showing the same face
 * share it), one for structural panels and missing faces (the background colour), one for the
 * unprinted inside of the board; for meshes, one per slot.
 */
import type { MaterialType } from '@packsmith/contracts';
import type { MeshModel, PreviewModel, SlotLook } from '@packsmith/design-engine/preview3d';
import { DoubleSide, type Material, type Texture } from 'three';
import type { PrintAssignment } from './assign';
import { isGlass, pbrFor } from './materials';
import { printMaterial } from './print-material';

export interface PackMaterials {
  /** Folded: panel id → outside material. Mesh: slot name → material. */
  readonly byPart: ReadonlyMap<string, Material>;
  /** Folded: the inside of the board. */
  readonly inside: Material | null;
  dispose(): void;
}

export interface Reliefs {
  /** Relief on the sheet's uv channel (folded panels). */
  readonly fibreSheet: Texture;
  readonly fluteSheet: Texture;
  /** Relief on the mesh's own uv. */
  readonly fibreMesh: Texture;
  readonly fluteMesh: Texture;
}

function reliefFor(material: MaterialType, reliefs: Reliefs, sheet: boolean): Texture | null {
  const kind = pbrFor(material).relief;
  if (kind === 'fibre') return sheet ? reliefs.fibreSheet : reliefs.fibreMesh;
  if (kind === 'flute') return sheet ? reliefs.fluteSheet : reliefs.fluteMesh;
  return null;
}

/** A face image's texture, re-scaled for a front printed on a round body (it shares the image). */
function mapFor(a: PrintAssignment, textures: ReadonlyMap<string, Texture>, clones: Texture[]): Texture | null {
  const t = a.url ? textures.get(a.url) : undefined;
  if (!t) return null;
  if (!a.uv) return t;
  const c = t.clone();
  c.repeat.set(a.uv.uScale, a.uv.vScale);
  c.offset.set(a.uv.uOffset, a.uv.vOffset);
  c.needsUpdate = true;
  clones.push(c);
  return c;
}

export function packMaterials(
  model: PreviewModel,
  assignments: readonly PrintAssignment[],
  textures: ReadonlyMap<string, Texture>,
  material: MaterialType,
  background: string,
  reliefs: Reliefs,
): PackMaterials {
  const pbr = pbrFor(material);
  const made: Material[] = [];
  const clones: Texture[] = [];
  const keep = <M extends Material>(m: M): M => {
    made.push(m);
    return m;
  };
  const byPart = new Map<string, Material>();
  let inside: Material | null = null;

  if (model.kind === 'folded') {
    const relief = reliefFor(material, reliefs, true);
    const byFace = new Map<string, Material>();
    for (const a of assignments) {
      const key = a.url ?? 'plain';
      let m = byFace.get(key);
      if (!m) {
        m = keep(printMaterial({ pbr, base: background, map: mapFor(a, textures, clones), relief }));
        byFace.set(key, m);
      }
      byPart.set(a.part, m);
    }
    inside = keep(printMaterial({ pbr, base: pbr.board, map: null, relief, opaque: true, roughness: Math.max(pbr.roughness, 0.85) }));
  } else {
    const relief = reliefFor(material, reliefs, false);
    const looks = model.looks as Readonly<Record<string, SlotLook>>;
    const prints = new Map(assignments.map((a) => [a.part, a]));
    for (const [slot, look] of Object.entries(looks))
      byPart.set(slot, keep(slotMaterial(model, slot, look, prints.get(slot), textures, clones, material, background, relief)));
  }

  return {
    byPart,
    inside,
    dispose() {
      for (const m of made) m.dispose();
      for (const c of clones) c.dispose();
    },
  };
}

function slotMaterial(
  model: MeshModel,
  slot: string,
  look: SlotLook,
  print: PrintAssignment | undefined,
  textures: ReadonlyMap<string, Texture>,
  clones: Texture[],
  material: MaterialType,
  background: string,
  relief: Texture | null,
): Material {
  const pbr = pbrFor(material);
  const body = model.looks.body;
  const bodyColor = body?.kind === 'body' && body.color ? body.color : pbr.board;
  switch (look.kind) {
    case 'print': {
      // A label band on glass shows the body between its labels; film and board show the ground colour.
      const onGlass = slot === 'wrap' && (isGlass(material) || (body?.kind === 'body' && body.color !== undefined));
      return printMaterial({
        pbr,
        base: onGlass ? bodyColor : background,
        map: print ? mapFor(print, textures, clones) : null,
        clip: print?.uv !== undefined,
        relief,
        ...(look.tint !== undefined ? { tint: look.tint } : {}),
      });
    }
    case 'body':
      return printMaterial({
        pbr,
        base: look.color ?? (slot === 'inner' ? pbr.board : bodyColor),
        map: null,
        relief,
        side: slot === 'inner' ? DoubleSide : undefined,
        ...(look.opacity !== undefined && !isGlass(material) ? { opacity: look.opacity } : {}),
      });
    case 'part': {
      const own = pbrFor(look.material);
      return printMaterial({
        pbr: own,
        base: look.color,
        map: null,
        opaque: !isGlass(look.material),
        ...(look.roughness !== undefined ? { roughness: look.roughness } : {}),
        ...(look.opacity !== undefined && !isGlass(look.material) ? { opacity: look.opacity } : {}),
      });
    }
  }
}

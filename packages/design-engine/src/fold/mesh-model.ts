/*
 * Packs that are not folded in the preview (bottles, cans, jars, tubes, pouches, bags, cups,
 * labels, the pillow box's curved creases): the render3d mesh of the box model's shape, and how
 * each slot is dressed. The looks follow render3d/packshot.ts (`slotMaterials`, `bodyLook`,
 * `partLooks`), which cannot be imported here: it encodes PNGs with sharp.
 */
import type { MaterialType } from '@packsmith/contracts';
import type { BoxModel } from '../pipeline/box-model/types.js';
import { meshBounds, slotExtent, SLOTS, type Mesh, type Slot } from '../render3d/mesh.js';
import { buildShape, type ShapeSpec } from '../render3d/shapes.js';
import type { MeshModel, SlotLook } from './types.js';

/** Printed faces of a mesh: slots named like a face image take that image. */
const PRINT_SLOTS = ['front', 'back', 'left', 'right', 'top', 'bottom', 'wrap'] as const;

/** Past ~150° a front panel's edges would turn away from the camera (packshot.ts MAX_FRONT_ARC). */
const MAX_FRONT_ARC = (150 * Math.PI) / 180;

export function meshModel(model: BoxModel): MeshModel {
  const mesh = buildShape(model.shape);
  const used = new Set<number>(mesh.slots);
  const looks: Partial<Record<Slot, SlotLook>> = {};
  const parts = partLooks(model.shape);
  const body = bodyLook(model.shape);
  for (const index of used) {
    const slot = SLOTS[index]!;
    if ((PRINT_SLOTS as readonly string[]).includes(slot)) {
      const face = slot as (typeof PRINT_SLOTS)[number];
      const fallback = face === 'wrap' ? frontOnWrap(model, mesh) : undefined;
      looks[slot] = { kind: 'print', face, ...(fallback ? { fallback } : {}) };
    } else if (slot === 'seal' || slot === 'zipper') {
      looks[slot] = { kind: 'print', face: 'front', tint: slot === 'seal' ? 0.88 : 0.94 };
    } else if (slot === 'body' || slot === 'rim' || slot === 'inner') {
      const metalEnds = slot === 'rim' && model.shape.kind === 'cylinder' && (model.shape.variant === 'can' || model.shape.variant === 'tin');
      looks[slot] = metalEnds ? { kind: 'part', color: '#cdd0d4', material: 'METAL_GLOSSY' } : { kind: 'body', ...(slot === 'inner' ? {} : body) };
    } else {
      looks[slot] = parts[slot] ?? { kind: 'part', color: '#222326', material: 'PLASTIC_GLOSSY' };
    }
  }
  const b = meshBounds(mesh);
  return {
    kind: 'mesh',
    boxId: model.box.id,
    material: model.material,
    positions: mesh.positions,
    normals: mesh.normals,
    uvs: mesh.uvs,
    indices: mesh.indices,
    slots: mesh.slots,
    slotNames: SLOTS,
    looks,
    size: { width: b.max[0] - b.min[0], height: b.max[1] - b.min[1], depth: b.max[2] - b.min[2] },
  };
}

/**
 * A round body given only its front face image: the front printed on the front arc at its own
 * proportions (the box model's front canvas), centred on the label's height.
 */
function frontOnWrap(model: BoxModel, mesh: Mesh): Extract<SlotLook, { kind: 'print' }>['fallback'] {
  const extent = slotExtent(mesh, 'wrap');
  const front = model.faces.front ?? { widthMm: model.front.widthMm, heightMm: model.front.heightMm };
  if (!extent || extent.radius <= 0 || extent.height <= 0 || front.heightMm <= 0) return undefined;
  const fullArc = ((front.widthMm / front.heightMm) * extent.height) / extent.radius;
  const arc = Math.min(MAX_FRONT_ARC, fullArc);
  const uScale = (2 * Math.PI) / arc;
  const vScale = fullArc / arc;
  return { face: 'front', uScale, uOffset: 0.5 - 0.5 * uScale, vScale, vOffset: 0.5 - 0.5 * vScale };
}

/** The glass or plastic of a kind of bottle (packshot.ts `bodyLook`). */
function bodyLook(shape: ShapeSpec): { color?: string; opacity?: number } {
  if (shape.kind !== 'bottle') return {};
  switch (shape.style) {
    case 'wine':
      return { color: '#1f3d27', opacity: 0.9 };
    case 'beer':
      return { color: '#5c300b', opacity: 0.88 };
    case 'dropper':
      return { color: '#7a3d0e', opacity: 0.86 };
    case 'water':
      return { color: '#d4e7f2', opacity: 0.3 };
    case 'spray':
      return { color: '#9fb4ab', opacity: 0.26 };
    case 'spirits':
      return { color: '#9a5a1e', opacity: 0.8 };
    case 'juice':
      return { color: '#f0a336', opacity: 0.9 };
    default:
      return {};
  }
}

type Part = Extract<SlotLook, { kind: 'part' }>;
const part = (color: string, material: MaterialType, more: Partial<Omit<Part, 'kind' | 'color' | 'material'>> = {}): Part => ({
  kind: 'part',
  color,
  material,
  ...more,
});

/** Closures, lids and fittings (packshot.ts `slotMaterials` defaults and `partLooks`). */
function partLooks(shape: ShapeSpec): Partial<Record<Slot, SlotLook>> {
  const defaultCap = shape.kind === 'tube' ? '#f4f4f2' : shape.kind === 'cylinder' && shape.variant === 'jar' ? '#d9d6cf' : '#222326';
  const cap = part(defaultCap, 'PLASTIC_GLOSSY');
  const white = part('#f2f2f0', 'PLASTIC_GLOSSY', { roughness: 0.28 });
  const black = part('#232326', 'PLASTIC_GLOSSY', { roughness: 0.3 });
  const base: Partial<Record<Slot, SlotLook>> = {
    cap,
    collar: part('#c8c9cc', 'METAL_GLOSSY'),
    bulb: part('#1d1d1f', 'PLASTIC_MATT', { roughness: 0.5 }),
    nozzle: cap,
    trigger: cap,
    capsule: part('#6e1b27', 'METAL_GLOSSY', { roughness: 0.3 }),
    cork: part('#6b4a2e', 'PLASTIC_MATT', { roughness: 0.55 }),
    metal: part('#cdd0d4', 'METAL_GLOSSY'),
    lid: part('#f3f3f1', 'PLASTIC_GLOSSY', { roughness: 0.3 }),
    straw: part('#de4f3c', 'PLASTIC_GLOSSY'),
    handle: part('#232325', 'PLASTIC_MATT', { roughness: 0.8 }),
    crimp: { kind: 'body' },
    glass: part('#9fb4ab', 'GLASS_GLOSSY', { opacity: 0.26 }),
    hole: part('#0d0d0e', 'PLASTIC_MATT'),
    tape: part('#b0824c', 'PLASTIC_GLOSSY', { opacity: 0.82, roughness: 0.25 }),
  };
  const over: Partial<Record<Slot, SlotLook>> = (() => {
    switch (shape.kind) {
      case 'bottle':
        switch (shape.style) {
          case 'beer':
            return { metal: part('#c8a54e', 'METAL_GLOSSY', { roughness: 0.25 }) };
          case 'water':
            return { cap: part('#2d6fb5', 'PLASTIC_GLOSSY', { roughness: 0.3 }), nozzle: white };
          case 'juice':
            return { cap: part('#e7792c', 'PLASTIC_GLOSSY', { roughness: 0.3 }) };
          case 'dropper':
            return { collar: part('#cdb07a', 'METAL_GLOSSY', { roughness: 0.22 }) };
          case 'pump':
            return { cap: black, nozzle: black, collar: black };
          case 'spray':
            return { cap: white, trigger: white, collar: white, nozzle: black };
          case 'shampoo':
            return { cap: white, collar: part('#8e8e8c', 'PLASTIC_MATT') };
          default:
            return {};
        }
      case 'tube':
        return { collar: part('#b9b9b5', 'PLASTIC_MATT') };
      case 'cylinder':
        return shape.variant === 'stick' ? { collar: part('#d2d2ce', 'PLASTIC_GLOSSY') } : {};
      case 'cup':
        switch (shape.lid) {
          case 'hot':
            return { lid: black };
          case 'dome':
            return { lid: part('#eef3f5', 'GLASS_GLOSSY', { opacity: 0.3 }) };
          case 'flat':
            return { lid: { kind: 'body' } };
          case 'snap':
            return { lid: part('#f4f4f2', 'PLASTIC_GLOSSY', { opacity: 0.86, roughness: 0.3 }) };
          default:
            return {};
        }
      case 'box':
        return { collar: black };
      default:
        return {};
    }
  })();
  return { ...base, ...over };
}

import { BOX_TYPES, boxById, boxBySlug, type BoxType, MATERIAL_TYPES, type MaterialType, materialInfo } from '@packsmith/contracts';
import { type Dieline, DielineParamsError, type PathMm, renderDieline } from '@packsmith/design-engine/dieline';
import type { QuoteRequest } from './types.js';
import { QuoteInputError } from './types.js';
import type { BoardGrade, Flute, SizeGeometry, UnitBase, UnitPack, Values } from './params.js';

/*
 * From a request to what the cost model needs: the catalogue box, the board or pack base its
 * material means for that box type, the size checked against the box type's range, and the real
 * dieline of the box (the same geometry the print file uses).
 */

/** How a box type is priced. */
export type Construction = 'carton' | 'corrugated' | 'rigid' | 'unit';

/** The catalogue box of a slug or id; QuoteInputError('box') otherwise. */
export function resolveBox(box: string | number): BoxType {
  const byId = typeof box === 'number' ? boxById(box) : /^\d+$/.test(box.trim()) ? boxById(Number(box.trim())) : undefined;
  const found = byId ?? (typeof box === 'string' ? boxBySlug(box.trim().toLowerCase()) : undefined);
  if (!found) {
    const examples = BOX_TYPES.slice(0, 4)
      .map((b) => b.slug)
      .join(', ');
    throw new QuoteInputError('box', `box: unknown box type "${String(box)}"; use a catalogue slug (${examples}, …) or its id.`);
  }
  return found;
}

export function constructionOf(box: BoxType): Construction {
  switch (box.geometry) {
    case 'folding-carton':
      return 'carton';
    case 'corrugated-box':
      return 'corrugated';
    case 'rigid-box':
      return 'rigid';
    default:
      // The paper tube (803) is a rigid board construction, but priced like the other tubes.
      return 'unit';
  }
}

/** Materials each geometry can be made of (the first is the usual one). */
const MATERIALS_BY_GEOMETRY: Record<SizeGeometry, readonly MaterialType[]> = {
  'folding-carton': ['WHITE_BOARD', 'KRAFT'],
  'rigid-box': ['WHITE_BOARD', 'KRAFT'],
  'corrugated-box': ['KRAFT', 'WHITE_BOARD', 'FLUTE'],
  bottle: ['GLASS_GLOSSY', 'GLASS_MATT', 'PLASTIC_GLOSSY', 'PLASTIC_MATT', 'METAL_GLOSSY', 'METAL_MATT'],
  can: ['METAL_GLOSSY', 'METAL_MATT'],
  jar: ['GLASS_GLOSSY', 'GLASS_MATT', 'PLASTIC_GLOSSY', 'PLASTIC_MATT', 'METAL_GLOSSY', 'METAL_MATT'],
  tube: ['PLASTIC_GLOSSY', 'PLASTIC_MATT', 'METAL_GLOSSY', 'METAL_MATT', 'KRAFT', 'WHITE_BOARD'],
  pouch: ['PLASTIC_GLOSSY', 'PLASTIC_MATT', 'KRAFT', 'METAL_GLOSSY', 'METAL_MATT'],
  bag: ['KRAFT', 'WHITE_BOARD', 'PLASTIC_GLOSSY', 'PLASTIC_MATT'],
  cup: ['WHITE_BOARD', 'KRAFT', 'PLASTIC_GLOSSY', 'PLASTIC_MATT'],
  bowl: ['WHITE_BOARD', 'KRAFT', 'PLASTIC_GLOSSY', 'PLASTIC_MATT'],
  tub: ['PLASTIC_GLOSSY', 'PLASTIC_MATT'],
};

export function materialsFor(box: BoxType): readonly MaterialType[] {
  // Paper tubes are wound board: board materials only.
  if (box.slug === 'paper-tube') return ['KRAFT', 'WHITE_BOARD'];
  return MATERIALS_BY_GEOMETRY[box.geometry];
}

export function checkMaterial(box: BoxType, material: MaterialType): void {
  const allowed = materialsFor(box);
  // A caller that skipped the zod schema may pass any string: refuse it here, never deeper.
  if (!MATERIAL_TYPES.some((m) => m.id === material)) {
    const names = allowed.join(', ');
    throw new QuoteInputError('material', `material: unknown material "${String(material)}"; choose one of ${names}.`);
  }
  if (!allowed.includes(material)) {
    const names = allowed.map((m) => `${m} (${materialInfo(m).name})`).join(', ');
    throw new QuoteInputError('material', `material: a ${box.name} cannot be made of ${materialInfo(material).name}; choose one of ${names}.`);
  }
}

/** Inside sizes checked against the box type's range (QuoteInputError naming the field). */
export function checkSize(box: BoxType, req: QuoteRequest, v: Values): void {
  const range = v.size_ranges[box.geometry];
  const round = box.dimensions.shape === 'cylinder' || box.dimensions.shape === 'frustum';
  const label = (f: 'length_mm' | 'width_mm' | 'height_mm') =>
    round && f === 'length_mm' ? 'length_mm (the diameter)' : box.dimensions.shape === 'flat' && f === 'width_mm' ? 'width_mm (the gusset)' : f;
  const fields: ('length_mm' | 'width_mm' | 'height_mm')[] = round ? ['length_mm', 'height_mm'] : ['length_mm', 'width_mm', 'height_mm'];
  for (const f of fields) {
    const value = req[f];
    const [min, max] = range[f];
    if (!Number.isFinite(value) || value < min || value > max || (value <= 0 && min > 0)) {
      throw new QuoteInputError(f, `${label(f)}: a ${box.name} takes ${min}–${max} mm; got ${String(value)} mm.`);
    }
  }
}

export interface BoardSpec {
  readonly kind: 'board' | 'flute' | 'rigid';
  /** Shown in spec.board ('SBS 350 g/m²', 'E-flute kraft'). */
  readonly label: string;
  readonly caliper_mm: number;
  /** Weight per m² of the board (for freight). */
  readonly weight_g_m2: number;
  readonly grade?: BoardGrade;
  readonly gsm?: number;
  readonly flute?: Flute;
}

export function boardFor(box: BoxType, req: QuoteRequest, v: Values): BoardSpec {
  const construction = constructionOf(box);
  if (construction === 'corrugated') {
    const flute = req.flute ?? v.flute_default_by_box[box.slug] ?? 'B';
    const liner = req.material === 'WHITE_BOARD' ? 'white' : 'kraft';
    return { kind: 'flute', label: `${flute}-flute ${liner}`, caliper_mm: v.flute_caliper_mm[flute], weight_g_m2: v.flute_weight_g_m2[flute], flute };
  }
  if (construction === 'rigid') {
    return { kind: 'rigid', label: `${v.rigid_greyboard_mm} mm greyboard, wrapped`, caliper_mm: v.rigid_greyboard_mm, weight_g_m2: v.rigid_greyboard_gsm };
  }
  const grade = v.material_board[req.material === 'KRAFT' ? 'KRAFT' : 'WHITE_BOARD'];
  const gsm = req.gsm ?? v.board_default_gsm[grade];
  const caliper = Math.round(gsm * v.board_bulk[grade]) / 1000;
  return { kind: 'board', label: `${grade} ${gsm} g/m²`, caliper_mm: caliper, weight_g_m2: gsm, grade, gsm };
}

/** The family params of a request: the inside sizes mapped onto the dieline family's names. */
export function dielineOverrides(box: BoxType, req: QuoteRequest, caliper: number): Record<string, unknown> {
  if (box.id === 106) {
    // The pillow family names the face width, the depth and the length between crease ends.
    return { width: req.length_mm, depth: req.width_mm, length: req.height_mm, thickness: caliper };
  }
  return { length: req.length_mm, width: req.width_mm, height: req.height_mm, thickness: caliper };
}

const FAMILY_FIELD: Record<string, 'length_mm' | 'width_mm' | 'height_mm'> = {
  length: 'length_mm',
  width: 'width_mm',
  height: 'height_mm',
  depth: 'width_mm',
  lidHeight: 'height_mm',
};

/** The real dieline; its parameter errors become QuoteInputError naming the request field. */
export function dielineFor(box: BoxType, req: QuoteRequest, caliper: number): Dieline {
  const overrides = dielineOverrides(box, req, caliper);
  try {
    // Rigid lids: keep the registry's lid height unless the box is too low for it.
    const extra = box.geometry === 'rigid-box' ? { lidHeight: Math.min(30, req.height_mm) } : {};
    return renderDieline(box.id, { ...overrides, ...extra });
  } catch (e) {
    if (e instanceof DielineParamsError) {
      const param = e.message.split(':')[0] ?? '';
      const field = param === 'thickness' ? 'material' : (FAMILY_FIELD[param] ?? 'length_mm');
      throw new QuoteInputError(field, `${field}: this size does not make a ${box.name} (${e.message})`);
    }
    throw e;
  }
}

function pathLength(path: PathMm): number {
  let at = path.start;
  let total = 0;
  for (const seg of path.segments) {
    const chord = Math.hypot(seg.to.x - at.x, seg.to.y - at.y);
    if (seg.kind === 'line') total += chord;
    else {
      const theta = 2 * Math.asin(Math.min(1, chord / (2 * seg.radius)));
      total += seg.radius * (seg.largeArc ? 2 * Math.PI - theta : theta);
    }
    at = seg.to;
  }
  if (path.closed) total += Math.hypot(path.start.x - at.x, path.start.y - at.y);
  return total;
}

/** Steel rule a cutting die needs: every cut, crease and perforation, in metres. */
export function ruleLengthM(d: Dieline): number {
  let mm = 0;
  for (const group of [d.outlines, d.cuts, d.creases, d.perforations]) for (const path of group) mm += pathLength(path);
  return mm / 1000;
}

/** For unit-table packs: which table and which material base. */
export function unitPackOf(box: BoxType): UnitPack {
  switch (box.geometry) {
    case 'bottle':
      return 'bottle';
    case 'can':
      return 'can';
    case 'jar':
      return 'jar';
    case 'tube':
      return 'tube';
    case 'pouch':
      return 'pouch';
    case 'bag':
      return 'bag';
    default:
      return 'cup';
  }
}

export function unitBaseOf(material: MaterialType): UnitBase {
  const base = materialInfo(material).base;
  if (base === 'glass') return 'glass';
  if (base === 'plastic') return 'plastic';
  if (base === 'metal') return 'metal';
  return 'paper';
}

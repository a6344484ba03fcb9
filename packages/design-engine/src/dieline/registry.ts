import { boxById, type BoxDimensions, type BoxId } from '@packsmith/contracts';
import type { z } from 'zod';
import { autoLockBottom } from './auto-lock-bottom.js';
import { bag } from './bag.js';
import { cup } from './cup.js';
import { displayBox } from './display-box.js';
import type { DielineGenerator } from './generator.js';
import { labelWrap } from './label-wrap.js';
import { mailer0427 } from './mailer-0427.js';
import { pillow } from './pillow.js';
import { pouch } from './pouch.js';
import { reverseTuckEnd } from './reverse-tuck-end.js';
import { rsc0201 } from './rsc-0201.js';
import { sleeve } from './sleeve.js';
import { straightTuckEnd } from './straight-tuck-end.js';
import { tube } from './tube.js';
import { twoPieceRigid } from './two-piece-rigid.js';
import type { Dieline } from './types.js';

/**
 * Every catalogue box type bound to exactly one generator and its default parameters.
 * Keyed by BoxId, so adding a box to the catalogue without a dieline fails to compile.
 * Defaults come from the catalogue's default dimensions; what the catalogue does not carry
 * (caliper, label sizes, seals) is set here per box.
 */
export interface DielineEntry {
  readonly family: string;
  readonly schema: z.ZodType<Record<string, unknown>>;
  readonly defaults: Readonly<Record<string, unknown>>;
  render(params: unknown, boxId: BoxId): Dieline;
}

function entry<S extends z.ZodType<Record<string, unknown>>>(generator: DielineGenerator<S>, defaults: z.input<S>): DielineEntry {
  return {
    family: generator.family,
    schema: generator.schema,
    defaults: defaults as Readonly<Record<string, unknown>>,
    render: (params, boxId) => generator.render(generator.schema.parse(params), boxId),
  };
}

function dims<S extends BoxDimensions['shape']>(id: BoxId, shape: S): Extract<BoxDimensions, { shape: S }> {
  const d = boxById(id)?.dimensions;
  // The catalogue entries are constants checked by the registry test; a mismatch is a bug.
  if (!d || d.shape !== shape) throw new Error(`Box ${id} has no ${shape} dimensions`);
  return d as Extract<BoxDimensions, { shape: S }>;
}

/** Folding board (≈ 350 g/m² SBS), rigid grey board, E and B flute corrugated, cup board. */
const CALIPER = { board: 0.45, rigid: 2, eFlute: 1.5, bFlute: 3, cup: 0.35, tube: 1.5 } as const;

const carton = (id: BoxId) => {
  const d = dims(id, 'cuboid');
  return { length: d.length, width: d.width, height: d.height, thickness: CALIPER.board };
};
const cyl = (id: BoxId) => dims(id, 'cylinder');
const fru = (id: BoxId) => {
  const d = dims(id, 'frustum');
  return { topDiameter: d.topDiameter, bottomDiameter: d.bottomDiameter, height: d.height, thickness: CALIPER.cup };
};
const flat = (id: BoxId) => {
  const d = dims(id, 'flat');
  return { width: d.width, height: d.height, gusset: d.gusset };
};
const wrap = (id: BoxId, labelHeight: number, more: { overlap?: number; lidLabelDiameter?: number } = {}) =>
  entry(labelWrap, { mode: 'wrap', diameter: cyl(id).diameter, labelHeight, overlap: more.overlap ?? 6, lidLabelDiameter: more.lidLabelDiameter ?? 0 });
const frontBack = (id: BoxId, labelHeight: number, frontWidth: number, backWidth: number) =>
  entry(labelWrap, { mode: 'front-back', diameter: cyl(id).diameter, labelHeight, frontWidth, backWidth, cornerRadius: 3 });

export const DIELINE_REGISTRY: { readonly [K in BoxId]: DielineEntry } = {
  101: entry(reverseTuckEnd, carton(101)),
  102: entry(straightTuckEnd, carton(102)),
  103: entry(autoLockBottom, carton(103)),
  104: entry(twoPieceRigid, { ...carton(104), thickness: CALIPER.rigid, lidHeight: 30, turnIn: 15, clearance: 1 }),
  105: entry(sleeve, carton(105)),
  106: entry(pillow, {
    width: dims(106, 'cuboid').length,
    depth: dims(106, 'cuboid').width,
    length: dims(106, 'cuboid').height,
    thickness: CALIPER.board,
  }),
  107: entry(displayBox, carton(107)),
  201: entry(mailer0427, { ...carton(201), thickness: CALIPER.eFlute }),
  202: entry(rsc0201, { style: '0201', ...carton(202), thickness: CALIPER.bFlute }),
  203: entry(rsc0201, { style: '0200', ...carton(203), thickness: CALIPER.bFlute }),
  204: entry(rsc0201, { style: '0203', ...carton(204), thickness: CALIPER.bFlute }),
  301: frontBack(301, 100, 90, 80),
  302: frontBack(302, 75, 80, 60),
  303: wrap(303, 70, { overlap: 8 }),
  304: wrap(304, 80, { overlap: 8 }),
  305: frontBack(305, 110, 100, 80),
  401: wrap(401, 40),
  402: frontBack(402, 90, 60, 55),
  403: wrap(403, 55),
  404: frontBack(404, 110, 75, 70),
  501: entry(pouch, { kind: 'stand-up', ...flat(501), zipper: true }),
  502: entry(pouch, { kind: 'flat', ...flat(502) }),
  503: entry(pouch, { kind: 'sachet', ...flat(503), sideSeal: 5, topSeal: 6 }),
  504: entry(pouch, { kind: 'flat-bottom', ...flat(504), zipper: true }),
  601: entry(bag, { kind: 'sos', ...flat(601) }),
  602: entry(bag, { kind: 'shopping', ...flat(602), turnOver: 40 }),
  603: entry(bag, { kind: 'flat', ...flat(603) }),
  604: entry(bag, { kind: 'side-gusset', ...flat(604) }),
  701: wrap(701, 100),
  702: wrap(702, 130),
  703: wrap(703, 100, { overlap: 10 }),
  704: wrap(704, 50, { lidLabelDiameter: 60 }),
  705: wrap(705, 25, { lidLabelDiameter: 52 }),
  801: entry(tube, { style: 'squeeze', diameter: cyl(801).diameter, length: 120, seal: 5, overlap: 0 }),
  802: entry(tube, { style: 'squeeze', diameter: cyl(802).diameter, length: 150, seal: 6, overlap: 2 }),
  803: entry(tube, { style: 'paper', diameter: cyl(803).diameter, height: cyl(803).height, lidHeight: 40, thickness: CALIPER.tube }),
  804: wrap(804, 45, { overlap: 5 }),
  901: entry(cup, fru(901)),
  902: entry(cup, fru(902)),
  903: entry(cup, fru(903)),
  904: entry(cup, fru(904)),
  // In-mould label on a plastic tub: no curl, fold or seam.
  905: entry(cup, { ...fru(905), thickness: 0, overlap: 0, rimCurl: 0, bottomFold: 0 }),
};

/** Raised when parameters for a dieline are invalid; the message names the field. */
export class DielineParamsError extends Error {}

/** The registry entry of a box id, if it is one. */
export function dielineEntry(boxId: number): DielineEntry | undefined {
  return (DIELINE_REGISTRY as Readonly<Record<number, DielineEntry>>)[boxId];
}

/**
 * The dieline of a catalogue box, from its defaults with `overrides` applied on top
 * (e.g. `{ length: 70, thickness: 0.5 }`). Throws DielineParamsError on invalid input.
 */
export function renderDieline(boxId: BoxId, overrides: Readonly<Record<string, unknown>> = {}): Dieline {
  const found = DIELINE_REGISTRY[boxId];
  const parsed = found.schema.safeParse({ ...found.defaults, ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'params';
    throw new DielineParamsError(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return found.render(parsed.data, boxId);
}

/**
 * What the quotation chat has gathered (the draft), how it is shown (SPEC §3 selections: Product
 * always first, then SELECTION_NAMES order) and the engine request it makes once complete.
 */
import { z } from 'zod';
import {
  SELECTION_TITLES,
  BoxSlugSchema,
  MaterialTypeSchema,
  QuoteFinishSchema,
  QuotePrintSchema,
  SELECTION_NAMES,
  boxBySlug,
  materialInfo,
  type BoxType,
  type QuoteFinish,
  type QuoteInput,
  type QuotePrint,
  type Selection,
  type SelectionName,
} from '@packsmith/contracts';
import { countryByCode, countryLabel } from './countries.js';
import { FINISH_LABELS, PRINT_LABELS, type SizeMm } from './parsers.js';

/** Stored in project.data.quotation.draft (validated when read back: the JSON may be old or hand-edited). */
export const QuoteDraftSchema = z.object({
  product: z.string().max(120).optional(),
  box: BoxSlugSchema.optional(),
  size: z.object({ length_mm: z.number(), width_mm: z.number(), height_mm: z.number() }).optional(),
  material: MaterialTypeSchema.optional(),
  print: QuotePrintSchema.optional(),
  finishes: z.array(QuoteFinishSchema).optional(),
  quantity: z.number().int().optional(),
  destination: z.string().length(2).optional(),
});
export type QuoteDraft = z.infer<typeof QuoteDraftSchema>;

/** What must be known before a quote; print, finishes and destination have defaults the assistant states. */
export const REQUIRED: readonly SelectionName[] = ['product', 'box', 'size', 'material', 'quantity'];
export const DEFAULT_PRINT: QuotePrint = 'cmyk';
export const DEFAULT_FINISHES: readonly QuoteFinish[] = [];
/** Where an order ships when nobody says (the engine's default zone too). */
export const DEFAULT_DESTINATION = 'DE';

export { SELECTION_TITLES };

export function boxOf(draft: QuoteDraft): BoxType | undefined {
  return draft.box ? boxBySlug(draft.box) : undefined;
}

export function isComplete(draft: QuoteDraft): boolean {
  return REQUIRED.every((name) => draft[name] !== undefined && draft[name] !== '');
}

/** The first required selection still missing, in the order the assistant asks. */
export function firstMissing(draft: QuoteDraft): SelectionName | null {
  return REQUIRED.find((name) => draft[name] === undefined || draft[name] === '') ?? null;
}

/** The catalogue's default size of a box type, as the engine takes it. */
export function defaultSize(box: BoxType): SizeMm {
  const d = box.dimensions;
  switch (d.shape) {
    case 'cuboid':
      return { length_mm: d.length, width_mm: d.width, height_mm: d.height };
    case 'cylinder':
      return { length_mm: d.diameter, width_mm: d.diameter, height_mm: d.height };
    case 'frustum':
      return { length_mm: d.topDiameter, width_mm: d.topDiameter, height_mm: d.height };
    case 'flat':
      return { length_mm: d.width, width_mm: d.gusset, height_mm: d.height };
  }
}

/** The numbers the user wrote, in mm, read for the box type's shape: l × w × h, Ø × h, or width × height (+ gusset). */
export function sizeForBox(box: BoxType | undefined, dims: readonly number[]): SizeMm | string {
  const shape = box?.dimensions.shape ?? 'cuboid';
  const [a = 0, b, c] = dims;
  if (shape === 'cylinder' || shape === 'frustum') {
    if (b === undefined) return `For a ${box?.name ?? 'round pack'} I need the diameter and the height, e.g. "70 x 200 mm".`;
    return { length_mm: a, width_mm: a, height_mm: c ?? b };
  }
  if (shape === 'flat') {
    if (b === undefined)
      return `For a ${box?.name ?? 'pouch'} I need the width and the height laid flat, e.g. "160 x 230 mm" (and a gusset if any: "160 x 80 x 230").`;
    return c === undefined ? { length_mm: a, width_mm: 0, height_mm: b } : { length_mm: a, width_mm: b, height_mm: c };
  }
  // One measure for a box is a cube ("8 cm"); two are not enough to guess from.
  if (b === undefined) return { length_mm: a, width_mm: a, height_mm: a };
  if (c === undefined) return 'I need three sizes for a box: length × width × height, e.g. "80 x 40 x 150 mm" (or "default" for the standard size).';
  return { length_mm: a, width_mm: b, height_mm: c };
}

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function sizeLabel(box: BoxType | undefined, s: SizeMm): string {
  const shape = box?.dimensions.shape ?? 'cuboid';
  if (shape === 'cylinder' || shape === 'frustum') return `Ø ${n(s.length_mm)} × ${n(s.height_mm)} mm`;
  if (shape === 'flat') return `${n(s.length_mm)} × ${n(s.height_mm)} mm${s.width_mm > 0 ? `, ${n(s.width_mm)} mm gusset` : ''}`;
  return `${n(s.length_mm)} × ${n(s.width_mm)} × ${n(s.height_mm)} mm`;
}

export const finishesLabel = (f: readonly QuoteFinish[]) => (f.length === 0 ? 'None' : f.map((x) => FINISH_LABELS[x]).join(', '));
export const quantityLabel = (q: number) => q.toLocaleString('en-US');

function destinationLabel(code: string): string {
  const k = countryByCode(code);
  return k ? countryLabel(k) : code;
}

/**
 * The chips: every selection known so far in SELECTION_NAMES order (Product first, SPEC §3). Once
 * the quote is complete the defaults (print, finishes, destination) are shown too, so they can be edited.
 */
export function toSelections(draft: QuoteDraft): Selection[] {
  const box = boxOf(draft);
  const withDefaults = isComplete(draft);
  const value = (name: SelectionName): string | null => {
    switch (name) {
      case 'product':
        return draft.product ?? null;
      case 'box':
        return box?.name ?? null;
      case 'size':
        return draft.size ? sizeLabel(box, draft.size) : null;
      case 'material':
        return draft.material ? materialInfo(draft.material).name : null;
      case 'print':
        return draft.print ? PRINT_LABELS[draft.print] : withDefaults ? PRINT_LABELS[DEFAULT_PRINT] : null;
      case 'finishes':
        return draft.finishes ? finishesLabel(draft.finishes) : withDefaults ? finishesLabel(DEFAULT_FINISHES) : null;
      case 'quantity':
        return draft.quantity !== undefined ? quantityLabel(draft.quantity) : null;
      case 'destination':
        return draft.destination ? destinationLabel(draft.destination) : withDefaults ? destinationLabel(DEFAULT_DESTINATION) : null;
    }
  };
  return SELECTION_NAMES.flatMap((name) => {
    const v = value(name);
    return v === null ? [] : [{ title: SELECTION_TITLES[name], name, value: v }];
  });
}

/** The estimate input of a complete draft (null while something required is missing). */
export function toQuoteInput(draft: QuoteDraft): QuoteInput | null {
  if (!isComplete(draft) || !draft.box || !draft.size || !draft.material) return null;
  return {
    box: draft.box,
    ...draft.size,
    material: draft.material,
    print: draft.print ?? DEFAULT_PRINT,
    finishes: [...(draft.finishes ?? DEFAULT_FINISHES)],
    quantity: draft.quantity,
    destination: draft.destination ?? DEFAULT_DESTINATION,
  };
}

/** Which selection an engine input field belongs to (a QuoteInputError names the field). */
export function selectionOfField(field: string): SelectionName {
  if (field.endsWith('_mm') || field === 'size') return 'size';
  if (field === 'box' || field === 'material' || field === 'print' || field === 'finishes' || field === 'quantity' || field === 'destination') return field;
  return 'size';
}

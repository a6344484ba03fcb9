import { z } from 'zod';
import { BRIEF_LIMITS, NO_BOX_ID, boxById, lookupBox, type DesignBrief } from '@packsmith/contracts';
import { StoredImagerySchema } from '../../engines/imagery/design-imagery.js';
import type { ProjectPatch, ProjectRow } from '../project/index.js';

/*
 * The design brief lives on the project (SPEC §3: product, brand, logo, box list, element, style,
 * color) plus data.box_id; these pure rules move it between the row, the assistant and the engine.
 */

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

/** The chosen box id: data.box_id when it is a catalogue id, else the first box the list names, else 0. */
export function boxIdOf(box: readonly string[], storedId: unknown): number {
  if (typeof storedId === 'number' && boxById(storedId)) return storedId;
  for (const name of box) {
    const found = lookupBox(name);
    if (found) return found.id;
  }
  return NO_BOX_ID;
}

export function briefOfProject(row: Pick<ProjectRow, 'product' | 'brand' | 'logo' | 'box' | 'element' | 'style' | 'color' | 'data'>): DesignBrief {
  const box = stringList(row.box);
  return {
    product: row.product,
    brand: row.brand,
    box,
    box_id: boxIdOf(box, row.data?.box_id),
    element: stringList(row.element),
    style: stringList(row.style),
    color: stringList(row.color),
    logo: row.logo,
  };
}

/**
 * SPEC §4 box selection: the selected box goes first in the list (once, keeping the spelling the
 * list had, else its catalogue slug), and sets box_id (0 if unknown).
 */
export function selectedBoxFirst(box: readonly string[], boxId: number): { box: string[]; box_id: number } {
  const selected = boxById(boxId);
  const cleaned = [...new Set(box.map((b) => b.trim()).filter((b) => b !== ''))];
  if (!selected) return { box: cleaned, box_id: boxIdOf(cleaned, null) };
  const names = (b: string) => b === selected.slug || b === selected.name || lookupBox(b)?.id === selected.id;
  const first = cleaned.find(names) ?? selected.slug;
  return { box: [first, ...cleaned.filter((b) => !names(b))], box_id: selected.id };
}

/** What saving a brief writes to the project: the brief columns and data.box_id. */
/** Cut at the last word boundary that fits, so a long name keeps whole words. */
export function fitText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : clean.slice(0, max)).trim();
}

function fitTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => fitText(t, BRIEF_LIMITS.tag)).filter((t) => t !== ''))].slice(0, BRIEF_LIMITS.tags);
}

/**
 * The assistant's brief as project fields, within the engine's limits (an LLM may answer a
 * 300-character "brand"): what is stored is always designable.
 */
export function projectPatchOfBrief(brief: DesignBrief): { patch: ProjectPatch; data: { box_id: number } } {
  const { box, box_id } = selectedBoxFirst(brief.box, brief.box_id);
  return {
    patch: {
      product: fitText(brief.product, BRIEF_LIMITS.product),
      brand: fitText(brief.brand, BRIEF_LIMITS.brand),
      logo: brief.logo.trim(),
      box,
      element: fitTags(brief.element),
      style: fitTags(brief.style),
      color: fitTags(brief.color),
    },
    data: { box_id },
  };
}

/** The engine needs at least these two to put anything on a pack. */
export function briefIsReady(brief: Pick<DesignBrief, 'product' | 'brand'>): boolean {
  return brief.product.trim() !== '' && brief.brand.trim() !== '';
}

const AtlasRectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * Every face of a design in one stored SVG (design-engine `FaceAtlas`): what the mockup studio
 * puts on each surface of a template and the 3D preview on each face, drawn on first use.
 */
export const DesignFacesMetaSchema = z.object({
  url: z.string(),
  /** The design's ground colour: parts no face covers. */
  background: z.string(),
  /** Face role (front, back, left, right, top, bottom, wrap) → its place in the atlas, mm. */
  rects: z.record(z.string(), AtlasRectSchema),
  /** Face role → a PNG of that face, once one was drawn (rendered on first use, then reused). */
  face_urls: z.record(z.string(), z.string()).optional(),
});
export type DesignFacesMeta = z.infer<typeof DesignFacesMetaSchema>;

/** What we remember about each generated design, keyed by its packshot URL in project.data.designs_meta. */
export const DesignMetaSchema = z.object({
  layout_id: z.string(),
  palette: z.array(z.string()),
  product: z.string(),
  brand: z.string(),
  style: z.array(z.string()),
  color: z.array(z.string()),
  element: z.array(z.string()),
  box_id: z.number().int(),
  /** The request's seed (every design of one prompt shares it). */
  seed: z.number().int(),
  /** The design's own seed (absent on designs made before it was kept): the editor rebuilds the design's layers from brief + this seed. */
  design_seed: z.number().int().optional(),
  record_id: z.string(),
  prompt_index: z.number().int(),
  front_url: z.string(),
  dieline_url: z.string(),
  /** Imagery from an image engine the design used (absent for procedural designs). */
  imagery: StoredImagerySchema.optional(),
  /** Every face of the design (absent on designs made before faces were kept). */
  faces: DesignFacesMetaSchema.optional(),
  /** Measured share of the pack's visible surface per named colour (each named colour ≥ 10 %, a third ≥ 5 %). */
  colour_shares: z.record(z.string(), z.number()).optional(),
});
export type DesignMeta = z.infer<typeof DesignMetaSchema>;

/** project.data.designs_meta, with malformed entries dropped. */
export function designsMetaOf(data: Record<string, unknown> | null | undefined): Record<string, DesignMeta> {
  const raw = data?.designs_meta;
  const out: Record<string, DesignMeta> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [url, value] of Object.entries(raw)) {
    const parsed = DesignMetaSchema.safeParse(value);
    if (parsed.success) out[url] = parsed.data;
  }
  return out;
}

export interface LikedSignals {
  palettes: string[][];
  layouts: string[];
}

/**
 * What the user liked, for the next prompt to lean towards: the best pick first, then liked images
 * in the order they were liked; disliked images never count. Images we did not generate (no meta)
 * carry no layout and are skipped.
 */
export function likedSignals(row: Pick<ProjectRow, 'likeList' | 'likeBest' | 'dislikeList' | 'data'>): LikedSignals {
  const meta = designsMetaOf(row.data);
  const disliked = new Set(stringList(row.dislikeList));
  const urls = [...new Set([...(row.likeBest ? [row.likeBest] : []), ...stringList(row.likeList)])].filter((u) => !disliked.has(u));
  const layouts: string[] = [];
  const palettes: string[][] = [];
  const seenPalettes = new Set<string>();
  for (const url of urls) {
    const m = meta[url];
    if (!m) continue;
    if (!layouts.includes(m.layout_id)) layouts.push(m.layout_id);
    const key = m.palette.join(',');
    if (m.palette.length > 0 && !seenPalettes.has(key)) {
      seenPalettes.add(key);
      palettes.push(m.palette);
    }
  }
  return { palettes, layouts };
}

/** Readable list for messages: "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

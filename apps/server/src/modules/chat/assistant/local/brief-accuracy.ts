/**
 * Scores a reader of briefs against the labelled set (brief-set.ts): brand, product, pack and
 * colours, each right or wrong per brief. The table test asserts the figures, the bench prints
 * them, and the same scorer runs the language-model assistant against its local peer.
 */
import { normalizeTerm } from '@packsmith/contracts';
import { EMPTY_BRIEF } from '../assistant.js';
import type { LabelledBrief } from './brief-set.js';
import { extractBrief } from './extract.js';

/** What a reader made of one brief. */
export interface Reading {
  brand: string | null;
  product: string | null;
  /** Box slug of the first pack named, or null. */
  pack: string | null;
  /** Colours named as colours (slugs). */
  colours: readonly string[];
}

/** What the local extractor reads from the first message of a chat. */
export function readLocally(text: string): Reading {
  const u = extractBrief(text, { brief: EMPTY_BRIEF, awaiting: null });
  return { brand: u.brand, product: u.product, pack: u.boxes[0] ?? null, colours: u.colours.add };
}

export type Field = 'brand' | 'product' | 'pack' | 'colours';
export const FIELDS: readonly Field[] = ['brand', 'product', 'pack', 'colours'];

export interface Miss {
  text: string;
  field: Field;
  expected: string;
  got: string;
}

export interface Accuracy {
  total: number;
  right: Record<Field, number>;
  /** right / total, 0–1. */
  share: Record<Field, number>;
  misses: Miss[];
}

/** Straight and curly apostrophes, case and spacing do not make a brand wrong. */
const sameName = (a: string, b: string): boolean =>
  a.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether one field of a reading is right. */
export function fieldIsRight(field: Field, expected: LabelledBrief, got: Reading): boolean {
  switch (field) {
    case 'brand':
      return expected.brand === null ? got.brand === null : got.brand !== null && sameName(got.brand, expected.brand);
    case 'product':
      return expected.product === null
        ? got.product === null
        : got.product !== null && expected.product.some((p) => normalizeTerm(p) === normalizeTerm(got.product ?? ''));
    case 'pack': {
      const ok = expected.pack === null ? [] : typeof expected.pack === 'string' ? [expected.pack] : expected.pack;
      return expected.pack === null ? got.pack === null : got.pack !== null && ok.includes(got.pack);
    }
    case 'colours': {
      const a = [...new Set(expected.colours)].sort();
      const b = [...new Set(got.colours)].sort();
      return a.length === b.length && a.every((c, i) => c === b[i]);
    }
  }
}

function show(field: Field, value: LabelledBrief | Reading): string {
  const v = value[field];
  if (v === null) return '∅';
  return Array.isArray(v) ? `[${(v as readonly string[]).join(', ')}]` : String(v);
}

/** Reads every brief of the set and counts what is right per field. */
export async function scoreBriefSet(set: readonly LabelledBrief[], read: (text: string) => Reading | Promise<Reading>): Promise<Accuracy> {
  const right: Record<Field, number> = { brand: 0, product: 0, pack: 0, colours: 0 };
  const misses: Miss[] = [];
  for (const brief of set) {
    const got = await read(brief.text);
    for (const field of FIELDS) {
      if (fieldIsRight(field, brief, got)) right[field] += 1;
      else misses.push({ text: brief.text, field, expected: show(field, brief), got: show(field, got) });
    }
  }
  const total = set.length;
  const share = Object.fromEntries(FIELDS.map((f) => [f, total === 0 ? 0 : right[f] / total])) as Record<Field, number>;
  return { total, right, share, misses };
}

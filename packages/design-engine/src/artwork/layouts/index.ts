/** The registry of layout grammars, by id and by style family. */
import type { StyleFamily } from '../styles.js';
import type { LayoutGrammar } from './kit.js';
import { minimalistBlock, minimalistCentered, minimalistHero } from './minimalist.js';

export const LAYOUTS: readonly LayoutGrammar[] = [
  minimalistCentered, minimalistBlock, minimalistHero,
];

export function layoutById(id: string): LayoutGrammar | undefined {
  return LAYOUTS.find((l) => l.id === id);
}

export function layoutsForFamily(family: StyleFamily): LayoutGrammar[] {
  return LAYOUTS.filter((l) => l.family === family);
}

export type { LayoutContext, LayoutGrammar, PanelRole } from './kit.js';

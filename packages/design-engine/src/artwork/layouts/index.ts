/** The registry of layout grammars, by id and by style family. */
import type { StyleFamily } from '../styles.js';
import { botanicalArch, botanicalSprigs, botanicalWreath } from './botanical.js';
import { boldStripes, boldSunburst } from './bold.js';
import { geometricDiagonal, geometricGrid } from './geometric.js';
import type { LayoutGrammar } from './kit.js';
import { luxuryBand, luxuryDeco, luxuryFramed } from './luxury.js';
import { minimalistBlock, minimalistCentered, minimalistHero } from './minimalist.js';
import { modernGradient, modernSplit, modernType } from './modern.js';
import { playfulBlobs, playfulSticker, playfulWave } from './playful.js';
import { vintageBadge, vintageLabel, vintageStripes } from './vintage.js';

export const LAYOUTS: readonly LayoutGrammar[] = [
  minimalistCentered,
  minimalistBlock,
  minimalistHero,
  luxuryFramed,
  luxuryBand,
  luxuryDeco,
  vintageLabel,
  vintageBadge,
  vintageStripes,
  playfulBlobs,
  playfulSticker,
  playfulWave,
  botanicalWreath,
  botanicalArch,
  botanicalSprigs,
  geometricGrid,
  geometricDiagonal,
  modernSplit,
  modernGradient,
  modernType,
  boldSunburst,
  boldStripes,
];

export function layoutById(id: string): LayoutGrammar | undefined {
  return LAYOUTS.find((l) => l.id === id);
}

export function layoutsForFamily(family: StyleFamily): LayoutGrammar[] {
  return LAYOUTS.filter((l) => l.family === family);
}

export type { LayoutContext, LayoutGrammar, PanelRole } from './kit.js';

/**
 * One entry for every layout: a computed label → its drawing in mm, and whether it fits the panel
 * it is meant for. Each region and format has its own layout module under layout/.
 */
import type { LabelDrawing } from './drawing.js';
import { usStandardDrawing } from './svg.js';
import type { LabelFormat, LabelResult } from './types.js';

export interface RenderOptions {
  /** Outer width of the label, mm (each layout has its own default). */
  width_mm?: number;
  /** The package panel the label must fit, mm. */
  panel?: { width_mm: number; height_mm: number };
}

export interface PanelFit {
  fits: boolean;
  /** Plain words: "The label is 66 × 118 mm; the panel is 50 × 80 mm. Try the tabular or linear format." */
  message: string;
  /** Formats of the same region that would fit the panel, best first. */
  suggest: LabelFormat[];
}

export interface RenderedLabel extends LabelDrawing {
  fit?: PanelFit;
}

export function renderLabel(label: LabelResult, options: RenderOptions = {}): RenderedLabel {
  // Only the US standard vertical layout exists so far; the others are issue 16's renderer work.
  if (label.region === 'us' && (label.format === 'standard' || label.format === 'simplified')) return usStandardDrawing(label, options);
  throw new RangeError(`no layout for ${label.region} ${label.format} yet`);
}

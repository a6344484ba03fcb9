/**
 * SVG of the US standard vertical format (21 CFR 101.9(d)), in millimetres, from a computed label: the
 * layout is layout/us-standard.ts, the markup drawing.ts. Kept as the package's first SVG entry; every
 * other layout goes through render.ts.
 */
import { drawingToSvg } from './drawing.js';
import { usStandardDrawing, type UsStandardOptions } from './layout/us-standard.js';
import type { LabelResult } from './types.js';

export type SvgOptions = UsStandardOptions;

export interface SvgLabel {
  svg: string;
  width_mm: number;
  height_mm: number;
  /** Rows whose text is wider than the label (then choose a wider label or the tabular format). */
  overflow: string[];
}

/**
 * Renders a computed US label (format 'standard', 'simplified' or 'tabular' figures) as the standard
 * vertical layout. Throws for other regions: their layouts are their own.
 */
export function usStandardSvg(label: LabelResult, options: SvgOptions = {}): SvgLabel {
  const d = usStandardDrawing(label, options);
  return { svg: drawingToSvg(d), width_mm: d.width_mm, height_mm: d.height_mm, overflow: d.overflow };
}

export { usStandardDrawing };

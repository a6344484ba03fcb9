/**
 * One entry for every layout: a computed label → its drawing in mm, and whether it fits the panel
 * it is meant for. Each region and format has its own layout module under layout/.
 */
import type { LabelDrawing } from './drawing.js';
import { caStandardDrawing } from './layout/ca-standard.js';
import { euLinearDrawing } from './layout/eu-linear.js';
import { euTableDrawing } from './layout/eu-table.js';
import { panelFit, candidateFormats, type Panel, type PanelFit } from './layout/fit.js';
import { fopDrawing } from './layout/uk-fop.js';
import { usDualDrawing } from './layout/us-dual.js';
import { usLinearDrawing } from './layout/us-linear.js';
import { usStandardDrawing } from './layout/us-standard.js';
import { usTabularDrawing } from './layout/us-tabular.js';
import type { LabelFormat, LabelResult } from './types.js';

export type { PanelFit };

export interface RenderOptions {
  /** Outer width of the label, mm (each layout has its own default). */
  width_mm?: number;
  /** The package panel the label must fit, mm. */
  panel?: Panel;
  /** UK: 'fop' draws the front-of-pack traffic-light panel instead of the back-of-pack table. */
  part?: 'label' | 'fop';
  /** EU/UK: the package's largest surface is under 80 cm², so the 0.9 mm x-height applies (Art. 13(3)). */
  small_package?: boolean;
}

export interface RenderedLabel extends LabelDrawing {
  fit?: PanelFit;
}

interface LayoutOptions {
  width_mm?: number;
  small_package?: boolean;
}

/** Draws the label's figures in `format` (its own, or another of its region's when looking for one that fits). */
export function layoutLabel(label: LabelResult, format: LabelFormat, options: LayoutOptions = {}): LabelDrawing {
  const o = { ...(options.width_mm !== undefined ? { width_mm: options.width_mm } : {}), ...(options.small_package ? { small_package: true } : {}) };
  switch (label.region) {
    case 'us':
      if (format === 'standard' || format === 'simplified') return usStandardDrawing(label, o);
      if (format === 'tabular') return usTabularDrawing(label, o);
      if (format === 'linear') return usLinearDrawing(label, o);
      if (format === 'dual') return usDualDrawing(label, o);
      break;
    case 'ca':
      if (format === 'standard') return caStandardDrawing(label, o);
      break;
    case 'eu':
    case 'uk':
      if (format === 'table') return euTableDrawing(label, o);
      if (format === 'linear') return euLinearDrawing(label, o);
      break;
  }
  throw new RangeError(`no ${format} layout for region ${label.region}`);
}

export function renderLabel(label: LabelResult, options: RenderOptions = {}): RenderedLabel {
  const small = options.small_package ? { small_package: true } : {};
  if (options.part === 'fop') {
    const d = fopDrawing(label, options.width_mm !== undefined ? { width_mm: options.width_mm } : {});
    if (!options.panel) return d;
    return { ...d, fit: panelFit(d, options.panel, [], () => d, 'front-of-pack panel') };
  }
  const d = layoutLabel(label, label.format, { ...(options.width_mm !== undefined ? { width_mm: options.width_mm } : {}), ...small });
  if (!options.panel) return d;
  const fit = panelFit(d, options.panel, candidateFormats(label), (f, width_mm) => layoutLabel(label, f, { width_mm, ...small }));
  return { ...d, fit };
}

/**
 * Whether a drawn label fits the package panel it is meant for, in plain words, and which formats of
 * its region would: each candidate is laid out at the panel's width and kept when it is no taller than
 * the panel and no row overflows.
 */
import type { LabelDrawing } from '../drawing.js';
import type { LabelFormat, LabelResult } from '../types.js';

export interface Panel {
  width_mm: number;
  height_mm: number;
}

export interface PanelFit {
  fits: boolean;
  /** Plain words: "The label is 66 × 118 mm; the panel is 50 × 80 mm. Try the tabular or linear format." */
  message: string;
  /** Formats of the same region that would fit the panel at its width, best first. */
  suggest: LabelFormat[];
}

const NAMES: Readonly<Record<LabelFormat, string>> = {
  standard: 'standard',
  tabular: 'tabular',
  linear: 'linear',
  dual: 'dual-column',
  simplified: 'simplified',
  table: 'table',
};

/** The formats worth trying for a label, best first: its own, then the region's space-saving ones. */
export function candidateFormats(label: LabelResult): LabelFormat[] {
  const space: Record<LabelResult['region'], LabelFormat[]> = { us: ['tabular', 'linear'], ca: [], eu: ['table', 'linear'], uk: ['table', 'linear'] };
  return [...new Set<LabelFormat>([label.format, ...space[label.region]])];
}

const n = (v: number) => String(Number(v.toFixed(1)));
const size = (w: number, h: number) => `${n(w)} × ${n(h)} mm`;
const EPS = 1e-6;

export function fitsPanel(d: LabelDrawing, panel: Panel): boolean {
  return d.width_mm <= panel.width_mm + EPS && d.height_mm <= panel.height_mm + EPS && d.overflow.length === 0;
}

const list = (xs: string[], word: 'and' | 'or') => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} ${word} ${xs[xs.length - 1]}`);

/**
 * `layoutAt(format, width)` draws the label in another format at a given width; `what` names the
 * drawing in the message ("label", "front-of-pack panel"); `formats` the candidates (none for a panel
 * that has no alternative).
 */
export function panelFit(
  d: LabelDrawing,
  panel: Panel,
  formats: readonly LabelFormat[],
  layoutAt: (format: LabelFormat, width_mm: number) => LabelDrawing,
  what = 'label',
): PanelFit {
  if (!(panel.width_mm > 0 && panel.height_mm > 0)) throw new RangeError('panel: width_mm and height_mm must be positive numbers');
  const sizes = `The ${what} is ${size(d.width_mm, d.height_mm)}; the panel is ${size(panel.width_mm, panel.height_mm)}`;
  if (fitsPanel(d, panel)) return { fits: true, message: `${sizes}: it fits.`, suggest: [] };
  const why: string[] = [];
  if (d.width_mm > panel.width_mm + EPS) why.push('too wide');
  if (d.height_mm > panel.height_mm + EPS) why.push('too tall');
  if (d.overflow.length) why.push(`${d.overflow.length === 1 ? 'one row is' : `${d.overflow.length} rows are`} wider than the ${what}`);
  const suggest = formats.filter((f) => fitsPanel(layoutAt(f, panel.width_mm), panel));
  const advice = suggest.length
    ? `At the panel's width, try the ${list(
        suggest.map((f) => NAMES[f]),
        'or',
      )} format${suggest.length > 1 ? 's' : ''}.`
    : formats.length
      ? "No format of this region fits it at the panel's width: use a larger panel."
      : 'Use a larger panel.';
  return { fits: false, message: `${sizes}: it is ${list(why, 'and')}. ${advice}`, suggest };
}

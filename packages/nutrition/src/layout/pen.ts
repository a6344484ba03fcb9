/**
 * The layouts' shared drawing helper: places text runs and rectangles in the layout's own unit (points
 * for the US and Canada, whose rules are written in points; millimetres for the EU and UK, whose rule is
 * an x-height in mm) and emits drawing primitives in mm. Runs of mixed size and weight are measured with
 * Helvetica's metrics, so a paragraph can wrap and a row can say it does not fit.
 */
import type { DrawItem, DrawSpan, FontWeight, LabelDrawing } from '../drawing.js';
import { textWidth } from '../metrics.js';

/** 1 pt = 1/72 in = 25.4/72 mm. */
export const PT = 25.4 / 72;

/** Helvetica's x-height, 523/1000 em: the EU's minimum is an x-height, the font size follows from it. */
export const X_HEIGHT = 0.523;

export interface LayoutOptions {
  /** Outer width of the label, mm (each layout has its default). */
  width_mm?: number;
}

export interface Run {
  text: string;
  /** Defaults to the call's size. */
  size?: number;
  weight?: FontWeight;
  italic?: boolean;
  fill?: string;
}

const isBold = (r: Run) => r.weight === 'bold' || r.weight === 'black';

/** Width of runs set one after another (in the unit of their sizes). */
export function runsWidth(runs: readonly Run[], size: number): number {
  return runs.reduce((w, r) => w + textWidth(r.text, r.size ?? size, isBold(r)), 0);
}

const round3 = (v: number) => Number(v.toFixed(3));

export class Pen {
  readonly items: DrawItem[] = [];
  readonly overflow: string[] = [];

  /** `unit` is the size of one layout unit in mm (PT for points, 1 for millimetres). */
  constructor(readonly unit: number) {}

  /**
   * Sets runs on one baseline. Runs of one size share one text item (its spans); a change of size or
   * colour starts a new item placed after the previous one's measured width.
   */
  text(x: number, baseline: number, size: number, runs: readonly Run[], opts: { anchor?: 'start' | 'middle' | 'end'; fit_width?: number } = {}): number {
    const total = opts.fit_width ?? runsWidth(runs, size);
    let at = opts.anchor === 'end' ? x - total : opts.anchor === 'middle' ? x - total / 2 : x;
    const groups: { size: number; fill?: string; runs: Run[] }[] = [];
    for (const r of runs) {
      if (!r.text) continue; // an empty cell draws nothing
      const s = r.size ?? size;
      const last = groups[groups.length - 1];
      if (last && last.size === s && last.fill === r.fill) last.runs.push(r);
      else groups.push({ size: s, ...(r.fill ? { fill: r.fill } : {}), runs: [r] });
    }
    for (const g of groups) {
      // SVG drops a text element's leading spaces: they become the offset of the element instead.
      const first = g.runs[0]!;
      const lead = /^\s+/.exec(first.text)?.[0] ?? '';
      if (lead && groups.length > 1) {
        at += runsWidth([{ ...first, text: lead }], g.size);
        g.runs[0] = { ...first, text: first.text.slice(lead.length) };
        if (!g.runs[0].text) g.runs.shift();
        if (!g.runs.length) continue;
      }
      const spans: DrawSpan[] = g.runs.map((r) => ({
        text: r.text,
        ...(r.weight && r.weight !== 'regular' ? { weight: r.weight } : {}),
        ...(r.italic ? { italic: true } : {}),
      }));
      // A single group keeps the caller's anchor so live SVG text lines up exactly where it was measured.
      const single = groups.length === 1;
      this.items.push({
        kind: 'text',
        x: (single && opts.anchor && opts.anchor !== 'start' ? x : at) * this.unit,
        y: baseline * this.unit,
        size: g.size * this.unit,
        spans,
        ...(single && opts.anchor && opts.anchor !== 'start' ? { anchor: opts.anchor } : {}),
        ...(opts.fit_width !== undefined && single ? { fit_width: opts.fit_width * this.unit } : {}),
        ...(g.fill ? { fill: g.fill } : {}),
      });
      at += runsWidth(g.runs, g.size);
    }
    return total;
  }

  rect(x: number, y: number, w: number, h: number, style: { fill?: string; stroke?: string; stroke_width?: number } = {}): void {
    this.items.push({
      kind: 'rect',
      x: x * this.unit,
      y: y * this.unit,
      w: w * this.unit,
      h: h * this.unit,
      ...(style.fill ? { fill: style.fill } : {}),
      ...(style.stroke ? { stroke: style.stroke, stroke_width: (style.stroke_width ?? 0.25) * this.unit } : {}),
    });
  }

  /** Records a row that does not fit once, by its key. */
  overflows(key: string): void {
    if (!this.overflow.includes(key)) this.overflow.push(key);
  }

  drawing(title: string, width: number, height: number, frame?: number): LabelDrawing {
    return {
      width_mm: round3(width * this.unit),
      height_mm: round3(height * this.unit),
      title,
      ...(frame ? { frame: { stroke_width: frame * this.unit } } : { background: '#fff' }),
      items: this.items,
      overflow: this.overflow,
    };
  }
}

/**
 * Greedy wrap of runs to `width`: a line breaks only where the text has a space; pieces keep their
 * run's style (a word made of two runs, "(10%" + "DV)", stays whole). Answers lines of runs.
 */
export function wrapRuns(runs: readonly Run[], size: number, width: number): Run[][] {
  // Words: pieces of runs between spaces, each remembering whether a space came before it.
  const words: { pieces: Run[] }[] = [];
  let pendingSpace = false;
  for (const r of runs) {
    for (const m of r.text.matchAll(/\s+|\S+/g)) {
      const t = m[0];
      if (/^\s/.test(t)) {
        pendingSpace = true;
        continue;
      }
      const last = words[words.length - 1];
      if (last && !pendingSpace) last.pieces.push({ ...r, text: t });
      else words.push({ pieces: [{ ...r, text: t }] });
      pendingSpace = false;
    }
  }
  const lines: Run[][] = [];
  let line: Run[] = [];
  let lineWidth = 0;
  for (const w of words) {
    const ww = runsWidth(w.pieces, size);
    // The space between words takes the style of the word before it (a tspan's leading space may be dropped).
    const before = line[line.length - 1];
    const space: Run | undefined = before ? { ...before, text: ' ' } : undefined;
    const gap = space ? runsWidth([space], size) : 0;
    if (line.length && lineWidth + gap + ww > width + 1e-9) {
      lines.push(merge(line));
      line = [...w.pieces];
      lineWidth = ww;
    } else {
      if (space) line.push(space);
      line.push(...w.pieces);
      lineWidth += gap + ww;
    }
  }
  if (line.length) lines.push(merge(line));
  return lines;
}

function merge(line: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of line) {
    const last = out[out.length - 1];
    if (last && last.size === r.size && last.weight === r.weight && last.italic === r.italic && last.fill === r.fill) last.text += r.text;
    else out.push({ ...r });
  }
  return out;
}

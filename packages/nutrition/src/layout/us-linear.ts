/**
 * The US linear display, 21 CFR 101.9(j)(13)(ii)(A)(2): for small packages where even the tabular
 * display does not fit, the declaration as one paragraph (the label's `linear_text`) wrapped at the
 * label's width. Sizes are the small-package minimums of (d)(1) as (j)(13) relaxes them: the servings
 * phrases 9 pt, "Calories" 10 pt with a 14 pt numeral, nutrients 8 pt (the non-indented names bold), the
 * title bold and larger than all but the numeral, the footnote "%DV = %Daily Value" 6 pt.
 */
import type { LabelDrawing } from '../drawing.js';
import type { LabelResult } from '../types.js';
import { Pen, PT, runsWidth, wrapRuns, type LayoutOptions, type Run } from './pen.js';

const PAD = 3;
const TITLE = 12;

/** The paragraph as us.ts builds it for the linear format; other formats' labels get the same words. */
export function usLinearText(r: LabelResult): string {
  if (r.linear_text) return r.linear_text;
  const lower = (s: string) => s.replace(/^Less/, 'less');
  const parts: string[] = [];
  if (r.serving?.servings_text) parts.push(`Servings: ${r.serving.servings_text.replace(/ servings? per container$/, '')}`);
  if (r.serving) parts.push(`Serv. size: ${r.serving.size_text}`);
  const rows = r.lines.map((l) => {
    if (l.key === 'calories') return `Amount per serving: Calories ${l.amount}`;
    if (l.key === 'added_sugars') return `Incl. ${lower(l.amount)} Added Sugars${l.dv ? ` (${l.dv} DV)` : ''}`;
    return `${l.label} ${lower(l.amount)}${l.dv ? ` (${l.dv} DV)` : l.symbol ? ` ${l.symbol}` : ''}`;
  });
  return `Nutrition Facts ${[...parts, ...rows].join(', ')}.${r.statements.length ? ` ${r.statements.join(' ')}` : ''}`;
}

/** The paragraph as styled runs: the title, the serving phrases, Calories and the bold names. */
export function usLinearRuns(label: LabelResult): Run[] {
  const text = usLinearText(label);
  const body = text.startsWith(label.title) ? text.slice(label.title.length) : ` ${text}`;
  const runs: Run[] = [{ text: label.title, weight: 'black', size: TITLE }];
  const cal = /(Amount per serving: )(Calories) (\S+?)(,|\.)/.exec(body);
  const serving = cal ? body.slice(0, cal.index) : '';
  const rest = cal ? body.slice(cal.index + cal[0].length - 1) : body;
  if (cal) {
    runs.push(
      { text: serving, size: 9 },
      { text: cal[1]!, size: 8 },
      { text: `${cal[2]!} `, size: 10, weight: 'bold' },
      { text: cal[3]!, size: 14, weight: 'bold' },
    );
  }
  // Names (d)(1)(iv) bolds, wherever they start a phrase.
  const bold = label.lines.filter((l) => l.bold && l.key !== 'calories').map((l) => l.label);
  const pattern = bold.length ? new RegExp(`(?<=^|, )(${bold.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?= )`, 'g') : undefined;
  let at = 0;
  if (pattern) {
    for (const m of rest.matchAll(pattern)) {
      if (m.index > at) runs.push({ text: rest.slice(at, m.index), size: 8 });
      runs.push({ text: m[0], size: 8, weight: 'bold' });
      at = m.index + m[0].length;
    }
  }
  if (at < rest.length) runs.push({ text: rest.slice(at), size: 8 });
  // "Trans" in italics, as in the other US layouts (Appendix B).
  return runs.flatMap((r) =>
    r.text
      .split(/(?<=^|, )(Trans)(?= Fat)/)
      .filter((t) => t !== '')
      .map((t, i, parts) => (t === 'Trans' && (i === 0 || parts[i - 1]!.endsWith(', ')) ? { ...r, text: t, italic: true } : { ...r, text: t })),
  );
}

export function usLinearDrawing(label: LabelResult, options: LayoutOptions = {}): LabelDrawing {
  if (label.region !== 'us') throw new RangeError('usLinearDrawing draws US labels only');
  const widthPt = (options.width_mm ?? 80) / PT;
  const inner = widthPt - 2 * PAD;
  const pen = new Pen(PT);
  let y = PAD;
  const setLines = (lines: Run[][], size: number, leading: number) => {
    for (const line of lines) {
      const big = Math.max(...line.map((r) => r.size ?? size));
      y += big * 0.8 + leading;
      pen.text(PAD, y, size, line);
      if (runsWidth(line, size) > inner) pen.overflows('linear');
      y += big * 0.2;
    }
  };
  setLines(wrapRuns(usLinearRuns(label), 8, inner), 8, 1.5);
  // A label computed in another format is drawn with the footnote the linear format prints (us.ts), so a fit is judged on the real thing.
  const footnotes = label.format === 'linear' ? label.footnotes : ['%DV = %Daily Value'];
  for (const f of footnotes) setLines(wrapRuns([{ text: f }], 6, inner), 6, 1.5);
  y += PAD + 1;
  return pen.drawing(label.title, widthPt, y, 0.5);
}

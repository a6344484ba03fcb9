/**
 * Setting text for the image tools: a face of the engine's TTF set chosen by name, and the largest
 * size at which the text, wrapped to at most three lines, fits the box (measured with the
 * engine's own TTF metrics, so the box is known before anything is drawn).
 */
import { FONT_PACKAGES, type FontFace, type FontPackage, type FontTextStyle, type LineMetrics, fontFace, measureLine } from '@packsmith/design-engine/creative';

export const MAX_LINES = 3;
const LINE_HEIGHT = 1.18;

/** The face a style's font names (package slug or family name, any case), bold where the family has it; default Inter Bold. */
export function resolveFace(font: string | undefined): FontFace {
  const key = (font ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const pkg = (FONT_PACKAGES as readonly string[]).includes(key) ? (key as FontPackage) : 'inter';
  for (const weight of [700, 600, 400]) {
    try {
      return fontFace(pkg, weight);
    } catch {
      // This family lacks the weight: the next lighter one.
    }
  }
  return fontFace('inter', 700);
}

export interface SetText {
  face: FontFace;
  size: number;
  lines: LineMetrics[];
  leading: number;
  /** Widest line's ink width and the block's ink height. */
  width: number;
  height: number;
  /** From the block's ink top to the first baseline. */
  firstBaseline: number;
}

const styleOf = (face: FontFace): FontTextStyle => ({ face, uppercase: false, tracking: 0, lineHeight: LINE_HEIGHT });

/** Greedy wrap of the words at `size` into lines no wider than `maxWidth` (a single long word stays whole). */
function wrap(words: readonly string[], face: FontFace, size: number, maxWidth: number): LineMetrics[] {
  const s = styleOf(face);
  const lines: LineMetrics[] = [];
  let current = '';
  for (const w of words) {
    const tryLine = current ? `${current} ${w}` : w;
    const m = measureLine(tryLine, s, size);
    if (current && m.inkRight - m.inkLeft > maxWidth) {
      lines.push(measureLine(current, s, size));
      current = w;
    } else current = tryLine;
  }
  if (current) lines.push(measureLine(current, s, size));
  return lines;
}

function block(face: FontFace, size: number, lines: LineMetrics[]): SetText {
  const leading = size * LINE_HEIGHT;
  const first = lines[0] as LineMetrics;
  const last = lines[lines.length - 1] as LineMetrics;
  const width = Math.max(...lines.map((l) => l.inkRight - l.inkLeft));
  const height = first.inkTop + leading * (lines.length - 1) + last.inkBottom;
  return { face, size, lines, leading, width, height, firstBaseline: first.inkTop };
}

/** The largest size (binary search, 0.5 px) at which the text fits `maxWidth` × `maxHeight` in ≤ 3 lines. */
export function fitText(text: string, face: FontFace, maxWidth: number, maxHeight: number): SetText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let lo = 4;
  let hi = Math.max(8, maxHeight);
  let best: SetText | null = null;
  for (let k = 0; k < 24 && hi - lo > 0.5; k++) {
    const size = (lo + hi) / 2;
    const lines = wrap(words, face, size, maxWidth);
    const b = block(face, size, lines);
    if (lines.length <= MAX_LINES && b.width <= maxWidth && b.height <= maxHeight) {
      best = b;
      lo = size;
    } else hi = size;
  }
  return best ?? block(face, lo, wrap(words, face, lo, maxWidth));
}

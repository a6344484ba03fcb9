/**
 * Photographic grades named by words, in Lab: a contrast around mid grey, a lightness lift, a
 * chroma scale, a colour cast and a faded black point, as the scene families grade their light
 * (warm tungsten, cool daylight, a film fade). Several words combine.
 */
export interface Grade {
  /** Contrast of L around 50 (1 = unchanged). */
  contrast: number;
  /** Added to L. */
  lift: number;
  /** Multiplies the chroma (0 = black and white). */
  chroma: number;
  /** Added to a and b (a cast). */
  da: number;
  db: number;
  /** Raises the black point to this L (a film fade), 0 = none. */
  fade: number;
  /** Darkening at the corners, 0–1. */
  vignette: number;
}

export const NEUTRAL: Grade = { contrast: 1, lift: 0, chroma: 1, da: 0, db: 0, fade: 0, vignette: 0 };

type Partial_ = Partial<Grade>;

/** Each grade word and what it changes. */
const GRADES: Readonly<Record<string, Partial_>> = {
  warm: { da: 3, db: 12 },
  warmer: { da: 3, db: 12 },
  cool: { da: -2, db: -12 },
  cooler: { da: -2, db: -12 },
  cold: { da: -3, db: -16 },
  vintage: { contrast: 0.85, chroma: 0.7, db: 10, da: 2, fade: 14 },
  retro: { contrast: 0.88, chroma: 0.75, db: 8, da: 3, fade: 10 },
  film: { contrast: 0.9, chroma: 0.85, db: 5, fade: 10 },
  faded: { contrast: 0.8, fade: 18 },
  sepia: { chroma: 0, da: 6, db: 20, contrast: 0.95 },
  mono: { chroma: 0, contrast: 1.08 },
  monochrome: { chroma: 0, contrast: 1.08 },
  'black and white': { chroma: 0, contrast: 1.1 },
  'black-and-white': { chroma: 0, contrast: 1.1 },
  'b&w': { chroma: 0, contrast: 1.1 },
  grayscale: { chroma: 0 },
  greyscale: { chroma: 0 },
  vivid: { chroma: 1.4, contrast: 1.08 },
  vibrant: { chroma: 1.4, contrast: 1.08 },
  saturated: { chroma: 1.5 },
  punchy: { chroma: 1.3, contrast: 1.2 },
  muted: { chroma: 0.6 },
  desaturated: { chroma: 0.45 },
  pastel: { chroma: 0.55, lift: 12, contrast: 0.8 },
  moody: { lift: -10, contrast: 1.2, chroma: 0.8, db: -4, vignette: 0.35 },
  dark: { lift: -14, contrast: 1.1 },
  darker: { lift: -14, contrast: 1.1 },
  bright: { lift: 12 },
  brighter: { lift: 12 },
  light: { lift: 10, contrast: 0.95 },
  lighter: { lift: 10, contrast: 0.95 },
  airy: { lift: 12, contrast: 0.85, chroma: 0.85 },
  soft: { contrast: 0.82, lift: 4 },
  softer: { contrast: 0.82, lift: 4 },
  dreamy: { contrast: 0.8, lift: 8, chroma: 0.85, fade: 8 },
  'golden hour': { da: 6, db: 22, lift: 4, contrast: 1.05 },
  golden: { da: 5, db: 18, lift: 3 },
  sunset: { da: 10, db: 18 },
  dramatic: { contrast: 1.35, lift: -6, vignette: 0.45 },
  contrast: { contrast: 1.25 },
  'high contrast': { contrast: 1.35 },
  cinematic: { contrast: 1.15, da: -2, db: -6, vignette: 0.3, chroma: 0.9 },
  night: { lift: -22, db: -14, chroma: 0.7, vignette: 0.4 },
};

/** The grade words a prompt uses (longest phrases first, each word counted once), and the prompt without them. */
export function findGrades(prompt: string): { words: string[]; grade: Grade; rest: string } {
  let text = ` ${prompt
    .toLowerCase()
    .replace(/[^a-z&\s-]+/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const words: string[] = [];
  const grade: Grade = { ...NEUTRAL };
  for (const key of Object.keys(GRADES).sort((a, b) => b.length - a.length)) {
    const at = text.indexOf(` ${key} `);
    if (at < 0) continue;
    words.push(key);
    text = `${text.slice(0, at)} ${text.slice(at + key.length + 1)}`;
    combine(grade, GRADES[key] as Partial_);
  }
  return { words, grade, rest: text.trim() };
}

function combine(g: Grade, p: Partial_): void {
  g.contrast *= p.contrast ?? 1;
  g.lift += p.lift ?? 0;
  g.chroma *= p.chroma ?? 1;
  g.da += p.da ?? 0;
  g.db += p.db ?? 0;
  g.fade = Math.max(g.fade, p.fade ?? 0);
  g.vignette = Math.max(g.vignette, p.vignette ?? 0);
}

/** The grade applied to one Lab colour (without the vignette, which depends on position). */
export function gradeLab(g: Grade, l: number, a: number, b: number): [number, number, number] {
  let L = 50 + (l - 50) * g.contrast + g.lift;
  if (g.fade > 0) L = g.fade + (L * (100 - g.fade)) / 100;
  // The cast is strongest in the mid tones, as a colour balance is: whites and blacks stay clean.
  const mid = 1 - Math.abs(L - 50) / 60;
  const cast = Math.max(0.2, mid);
  return [L, a * g.chroma + g.da * cast, b * g.chroma + g.db * cast];
}

/**
 * How a text recogniser binarises a whole colour image before reading it: tesseract's default
 * (legacy Otsu) thresholding, one Otsu threshold per RGB channel. A channel whose split leaves a
 * clear minority on one side (under a quarter of the pixels) votes that side as ink; when no
 * channel is that clear, the least unclear one alone decides. A pixel is ink when any voting
 * channel says so.
 *
 * Large fields of two strong colours can make one channel decide on its own (yellow and blue:
 * the blue channel), and in that channel a wordmark may land on the same side as its ground —
 * black type on yellow vanishes with the yellow. The artwork checks its wordmark against this.
 */

export interface Binariser {
  readonly thresholds: readonly [number, number, number];
  /** Per channel: 1 when values at or under the threshold are ink, 0 when values over it are, −1 no vote. */
  readonly votes: readonly [number, number, number];
}

/** Otsu's threshold of a 256-bin histogram, with the count at or under it (tesseract's OtsuStats). */
function otsu(hist: Uint32Array): { t: number; total: number; under: number } {
  let total = 0;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i] ?? 0;
    sumAll += i * (hist[i] ?? 0);
  }
  let best = -1;
  let bestT = -1;
  let bestUnder = 0;
  let under = 0;
  let sum = 0;
  for (let t = 0; t < 255; t++) {
    under += hist[t] ?? 0;
    sum += t * (hist[t] ?? 0);
    if (under === 0) continue;
    const over = total - under;
    if (over === 0) break;
    const between = under * over * (sum / under - (sumAll - sum) / over) ** 2;
    if (between > best) {
      best = between;
      bestT = t;
      bestUnder = under;
    }
  }
  return { t: bestT, total, under: bestUnder };
}

/** The binarisation of an RGBA image (every pixel counts; opaque renders). */
export function binariser(rgba: Uint8Array, width: number, height: number): Binariser {
  const hists = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  const n = width * height;
  for (let i = 0; i < n; i++) {
    hists[0][rgba[i * 4] ?? 0]!++;
    hists[1][rgba[i * 4 + 1] ?? 0]!++;
    hists[2][rgba[i * 4 + 2] ?? 0]!++;
  }
  const thresholds: [number, number, number] = [0, 0, 0];
  const votes: [number, number, number] = [-1, -1, -1];
  let anyGood = false;
  let bestDist = 0;
  let bestIndex = 0;
  let bestValue = 1;
  hists.forEach((h, ch) => {
    const s = otsu(h);
    if (s.under === 0 || s.under === s.total) return;
    const lowIsMinority = s.under < s.total * 0.5 ? 1 : 0;
    thresholds[ch] = s.t;
    if (s.under > s.total * 0.75) {
      anyGood = true;
      votes[ch] = 0;
    } else if (s.under < s.total * 0.25) {
      anyGood = true;
      votes[ch] = 1;
    } else {
      const dist = lowIsMinority ? s.total - s.under : s.under;
      if (dist > bestDist) {
        bestDist = dist;
        bestValue = lowIsMinority;
        bestIndex = ch;
      }
    }
  });
  if (!anyGood) votes[bestIndex] = bestValue;
  return { thresholds, votes };
}

/** Whether a colour comes out as ink. */
export function isInk(b: Binariser, r: number, g: number, bl: number): boolean {
  const c = [r, g, bl];
  for (let ch = 0; ch < 3; ch++) {
    const v = b.votes[ch] ?? -1;
    if (v >= 0 && (c[ch] ?? 0) > (b.thresholds[ch] ?? 0) === (v === 0)) return true;
  }
  return false;
}

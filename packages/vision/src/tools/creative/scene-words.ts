/** Which scene family a text-to-image prompt asks for, by its words, and each style's default families and grade. */
import type { SceneFamily } from '@packsmith/contracts';
import { promptWords } from './words.js';

const FAMILY_WORDS: readonly (readonly [SceneFamily, readonly string[]])[] = [
  [
    'seasonal',
    ['christmas', 'xmas', 'winter', 'snow', 'snowy', 'holiday', 'holidays', 'festive', 'autumn', 'fall', 'halloween', 'spring', 'easter', 'seasonal', 'pine'],
  ],
  [
    'botanical_shadow',
    ['botanical', 'leaf', 'leaves', 'plant', 'plants', 'palm', 'foliage', 'garden', 'fern', 'shadow', 'shadows', 'greenery', 'monstera', 'tropical'],
  ],
  ['water_ripple', ['water', 'pool', 'ripple', 'ripples', 'ocean', 'sea', 'aqua', 'caustic', 'caustics', 'underwater', 'splash']],
  ['sand', ['beach', 'sand', 'sandy', 'desert', 'dune', 'dunes', 'shore', 'seaside']],
  ['marble', ['marble', 'marbled', 'stone', 'granite', 'carrara', 'calacatta']],
  ['terrazzo', ['terrazzo', 'speckled', 'chips', 'memphis', 'confetti']],
  ['wood', ['wood', 'wooden', 'oak', 'walnut', 'timber', 'table', 'tabletop', 'rustic', 'cabin', 'kitchen']],
  ['linen', ['linen', 'fabric', 'cloth', 'textile', 'cotton', 'drape', 'draped', 'silk', 'sheet']],
  ['concrete', ['concrete', 'cement', 'industrial', 'urban', 'brutalist', 'loft', 'plaster']],
  ['podium', ['podium', 'pedestal', 'plinth', 'stage', 'display', 'cylinder', 'platform', 'steps']],
  ['gradient', ['gradient', 'ombre', 'aurora', 'abstract', 'glow', 'neon', 'duotone']],
  ['studio_sweep', ['studio', 'seamless', 'backdrop', 'sweep', 'plain', 'clean', 'white', 'simple', 'infinity']],
];

/** Words that hint at a family only when nothing more specific is said ("white marble" is marble). */
const WEAK = new Set(['white', 'clean', 'simple', 'plain', 'table', 'glow', 'abstract', 'shadow', 'shadows', 'display', 'steps', 'kitchen', 'stage']);

/** The family the prompt's words name (the first specific word, else the first hint), with that word. */
export function familyFromWords(prompt: string): { family: SceneFamily; word: string } | null {
  const words = promptWords(prompt);
  for (const weak of [false, true]) {
    for (const w of words) {
      if (WEAK.has(w) !== weak) continue;
      const singular = w.replace(/s$/, '');
      for (const [family, list] of FAMILY_WORDS) if (list.includes(w) || list.includes(singular)) return { family, word: w };
    }
  }
  return null;
}

export interface StyleLook {
  families: readonly SceneFamily[];
  grade: string;
  palette?: string;
}

/** The look of a style (auto's for an unknown one). */
export function styleLook(style: string): StyleLook {
  return STYLE_LOOKS[style] ?? AUTO_LOOK;
}

const AUTO_LOOK: StyleLook = {
  families: ['studio_sweep', 'podium', 'marble', 'wood', 'linen', 'gradient', 'botanical_shadow', 'terrazzo', 'concrete', 'sand', 'water_ripple'],
  grade: '',
};

/** Families a style leans to when the prompt names none (the seed picks among them), and the grade words it implies. */
export const STYLE_LOOKS: Readonly<Record<string, StyleLook>> = {
  auto: AUTO_LOOK,
  photo: { families: ['studio_sweep', 'wood', 'marble', 'linen', 'concrete'], grade: '' },
  minimal: { families: ['studio_sweep', 'podium', 'concrete'], grade: 'airy', palette: '#f1efe9' },
  natural: { families: ['botanical_shadow', 'linen', 'wood', 'sand'], grade: 'warm', palette: '#7a8b5c' },
  luxury: { families: ['marble', 'podium'], grade: 'moody', palette: '#f3e6c4' },
  playful: { families: ['terrazzo', 'podium', 'gradient'], grade: 'vivid', palette: '#e04f8a' },
  vintage: { families: ['wood', 'linen', 'concrete'], grade: 'vintage', palette: '#a0643c' },
  bold: { families: ['gradient', 'podium', 'studio_sweep'], grade: 'punchy', palette: '#1e3a8a' },
};

/**
 * Reading a prompt's words: the colour it names (catalogue colours and their synonyms first,
 * then the design engine's plain colour words, then a hex code), the material, the element the
 * icon set can draw, and which words none of these understood (for the note).
 */
import { findColoursInText } from '@packsmith/contracts';
import { COLOR_NAMES, type Material, iconsForKeyword, parseHex } from '@packsmith/design-engine/creative';

export interface PromptColour {
  /** As the note says it ("sage green", "#aabbcc"). */
  name: string;
  hex: string;
}

/** Words that carry no content in an instruction ("add a leaf here", "paint it …"). */
const STOP_WORDS = new Set(
  (
    'a an the it its this that these those here there some any and or with without of in on into onto to from for by at as ' +
    'please add put place make turn change paint fill draw insert create generate show give use replace swap set color colour ' +
    'area region part spot hole mask selection image picture photo background bit more less very really little small big large ' +
    'nice beautiful pretty lovely like look looks looking style styled tone toned my our your me us be is are was become'
  ).split(' '),
);

/** Lower-case words of a prompt (letters, digits, # and hyphens kept). */
export function promptWords(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .split(/[^a-z0-9#-]+/)
    .filter(Boolean);
}

/** The first colour a prompt names, if any. */
export function findColour(prompt: string): PromptColour | null {
  const hex = /#[0-9a-f]{6}\b/i.exec(prompt)?.[0];
  if (hex) {
    const parsed = parseHex(hex);
    if (parsed) return { name: parsed.toLowerCase(), hex: parsed.toLowerCase() };
  }
  const catalogued = findColoursInText(prompt)[0];
  const words = promptWords(prompt);
  // The plain words the catalogue lacks ("olive", "teal" may be there; "khaki" may not).
  const plain = words.find((w) => COLOR_NAMES[w] !== undefined);
  if (catalogued) {
    const phrase = spokenPhrase(prompt, catalogued.name, catalogued.synonyms);
    return { name: phrase, hex: catalogued.hex.toLowerCase() };
  }
  if (plain) return { name: plain, hex: (COLOR_NAMES[plain] as string).toLowerCase() };
  return null;
}

/** The words the user wrote for a catalogue colour ("sage green" rather than "Sage"). */
function spokenPhrase(prompt: string, name: string, synonyms: readonly string[]): string {
  const lower = prompt.toLowerCase();
  const said = [...synonyms].sort((a, b) => b.length - a.length).find((s) => lower.includes(s.toLowerCase()));
  return (said ?? name).toLowerCase();
}

const MATERIAL_WORDS: Readonly<Record<string, Material>> = {
  marble: 'marble',
  marbled: 'marble',
  stone: 'marble',
  granite: 'marble',
  wood: 'wood',
  wooden: 'wood',
  timber: 'wood',
  oak: 'wood',
  walnut: 'wood',
  plank: 'wood',
  planks: 'wood',
  linen: 'linen',
  fabric: 'linen',
  cloth: 'linen',
  cotton: 'linen',
  canvas: 'linen',
  textile: 'linen',
  concrete: 'concrete',
  cement: 'concrete',
  plaster: 'concrete',
  stucco: 'concrete',
  sand: 'sand',
  sandy: 'sand',
  beach: 'sand',
  dune: 'sand',
  dunes: 'sand',
  desert: 'sand',
  terrazzo: 'terrazzo',
  speckled: 'terrazzo',
  water: 'water',
  pool: 'water',
  ripples: 'water',
  ripple: 'water',
  caustics: 'water',
  sea: 'water',
  ocean: 'water',
};

export function findMaterial(prompt: string): { word: string; material: Material } | null {
  for (const w of promptWords(prompt)) {
    const m = MATERIAL_WORDS[w];
    if (m) return { word: w, material: m };
  }
  return null;
}

const DRAW_VERBS = new Set(['add', 'draw', 'place', 'put', 'insert', 'stamp', 'sketch']);

/**
 * The first content word the icon set can draw, and the icon. Colour words ("coffee", "rose",
 * "orange") count only after a drawing verb: "add a coffee" draws a cup, "make it coffee" paints.
 */
export function findIcon(prompt: string): { word: string; icon: string } | null {
  const words = promptWords(prompt).filter((w) => !STOP_WORDS.has(w) && w.length >= 3);
  const drawing = promptWords(prompt).some((w) => DRAW_VERBS.has(w));
  // Plain object words first; colour words only when nothing else names an object.
  const passes = drawing ? [false, true] : [false];
  for (const colourWords of passes) {
    for (const w of words) {
      if ((COLOR_NAMES[w] !== undefined) !== colourWords) continue;
      const icon = iconsForKeyword(w)[0];
      if (icon) return { word: w, icon };
    }
  }
  return null;
}

/** Content words of a prompt (stop words removed), for "which words were not understood". */
export function contentWords(prompt: string): string[] {
  return promptWords(prompt).filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

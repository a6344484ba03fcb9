/**
 * Before any reading: cue words typed wrong are put right ("I sel", "brnad", "prodcut"), the lines
 * of a form ("Brand: Leafy⏎Product: green tea") are taken as the fields they name, and the other
 * line breaks become sentence ends — a new line is structure, never a space between two words.
 */

/** Field names people put in front of a form line, by the brief field they fill. */
const FORM_KEYS: Record<string, FormField> = {
  brand: 'brand',
  'brand name': 'brand',
  company: 'brand',
  'company name': 'brand',
  business: 'brand',
  'business name': 'brand',
  name: 'brand',
  product: 'product',
  'product name': 'product',
  what: 'product',
  'what it is': 'product',
  contents: 'product',
  products: 'product',
  item: 'product',
  'what we sell': 'product',
  'what i sell': 'product',
  packaging: 'pack',
  package: 'pack',
  pack: 'pack',
  'pack type': 'pack',
  'packaging type': 'pack',
  box: 'pack',
  format: 'pack',
  container: 'pack',
  colours: 'colours',
  colors: 'colours',
  colour: 'colours',
  color: 'colours',
  palette: 'colours',
  'colour palette': 'colours',
  'color palette': 'colours',
  style: 'style',
  styles: 'style',
  look: 'style',
  vibe: 'style',
  'look and feel': 'style',
  mood: 'style',
  elements: 'other',
  notes: 'other',
  extras: 'other',
  details: 'other',
  other: 'other',
  'anything else': 'other',
  description: 'other',
  about: 'other',
};
export type FormField = 'brand' | 'product' | 'pack' | 'colours' | 'style' | 'other';

/**
 * Cue words and their usual misspellings. Only words that are not English words themselves are
 * listed ("bland" is an adjective, so it is never read as "brand").
 */
const TYPOS: Record<string, string> = {
  sel: 'sell',
  sels: 'sells',
  seel: 'sell',
  sellls: 'sells',
  sellling: 'selling',
  seling: 'selling',
  slling: 'selling',
  brnad: 'brand',
  barnd: 'brand',
  bradn: 'brand',
  brnd: 'brand',
  brandd: 'brand',
  brnads: 'brands',
  prodcut: 'product',
  prodct: 'product',
  produt: 'product',
  porduct: 'product',
  prouct: 'product',
  produc: 'product',
  prdouct: 'product',
  prodduct: 'product',
  prodcuts: 'products',
  colurs: 'colours',
  colous: 'colours',
  colrs: 'colors',
  coulours: 'colours',
  coulors: 'colors',
  colros: 'colors',
  clours: 'colours',
  colorus: 'colours',
  colur: 'colour',
  colr: 'color',
  clor: 'color',
  coulor: 'colour',
  culor: 'color',
  packagin: 'packaging',
  pakaging: 'packaging',
  packging: 'packaging',
  packeging: 'packaging',
  packacing: 'packaging',
  pacakging: 'packaging',
  packagaing: 'packaging',
  pckaging: 'packaging',
  pakage: 'package',
  pacakge: 'package',
  packge: 'package',
  nme: 'name',
  nmae: 'name',
  naem: 'name',
  calld: 'called',
  caled: 'called',
  callled: 'called',
  nmaed: 'named',
  naemd: 'named',
  compnay: 'company',
  comapny: 'company',
  compny: 'company',
  bussiness: 'business',
  buisness: 'business',
  busness: 'business',
  maek: 'make',
  mkae: 'make',
  amke: 'make',
  mkaes: 'makes',
  maeks: 'makes',
  botle: 'bottle',
  bottel: 'bottle',
  pouh: 'pouch',
  puoch: 'pouch',
  poutch: 'pouch',
};
const TYPO_RE = new RegExp(`(?<![\\p{L}\\p{N}'’])(${Object.keys(TYPOS).join('|')})(?![\\p{L}\\p{N}'’])`, 'giu');

/** "sel" → "sell", keeping the case of the first letter. */
export function fixCueTypos(text: string): string {
  return text.replace(TYPO_RE, (word: string) => {
    const right = TYPOS[word.toLowerCase()] ?? word;
    return word.charAt(0) === word.charAt(0).toUpperCase() && word.charAt(0) !== word.charAt(0).toLowerCase()
      ? right.charAt(0).toUpperCase() + right.slice(1)
      : right;
  });
}

export interface PreparedText {
  /** The free text, one line per sentence joined with sentence ends, form lines taken out. */
  text: string;
  /** Values of form lines by field, in the order written. */
  form: Partial<Record<FormField, string>>;
}

const BULLET_RE = /^\s*(?:[-*•·–—>]+|\d{1,2}[.)])\s*/u;
const FORM_LINE_RE = /^([\p{L} ]{2,24}?)\s*[:=]\s*(.+)$/u;
const FORM_DASH_RE = /^([\p{L} ]{2,24}?)\s+[-–—]\s+(.+)$/u;

function formFieldOf(key: string): FormField | undefined {
  return FORM_KEYS[key.trim().toLowerCase().replace(/\s+/g, ' ')];
}

/**
 * Splits `raw` into form fields and free text. A line is a form line when it starts with a known
 * field name and a colon ("Brand: Leafy", "- colours: navy, cream"); a dash works too when the
 * message is a list of such lines. Other lines keep their words, ended as sentences.
 */
export function prepareText(raw: string): PreparedText {
  const lines = withoutEmoji(fixCueTypos(raw))
    .split(/\r?\n|\r/)
    .flatMap(splitInlineForm)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const form: Partial<Record<FormField, string>> = {};
  const free: string[] = [];
  const listy = lines.length > 1;
  for (const line of lines) {
    const body = line.replace(BULLET_RE, '');
    const m = FORM_LINE_RE.exec(body) ?? (listy ? FORM_DASH_RE.exec(body) : null);
    const field = m ? formFieldOf(m[1] ?? '') : undefined;
    const value = (m?.[2] ?? '').trim();
    if (field && value) {
      form[field] = form[field] ? `${form[field]}, ${value}` : value;
      // The other fields still carry colours, styles and elements for the tag reader.
      if (field !== 'brand') free.push(endSentence(field === 'product' ? `Product is ${value}` : value));
      continue;
    }
    free.push(endSentence(body));
  }
  return { text: free.join(' '), form };
}

/** "Brand: Whisker Fresh; Product: cat litter; Pack: bag" on one line: each part is a form line of its own. */
function splitInlineForm(line: string): string[] {
  const parts = line.split(/\s*[;|]\s*/);
  if (parts.length < 2) return [line];
  const formParts = parts.filter((p) => {
    const m = FORM_LINE_RE.exec(p.replace(BULLET_RE, ''));
    return m !== null && formFieldOf(m[1] ?? '') !== undefined;
  });
  return formParts.length >= 2 ? parts : [line];
}

/**
 * Emoji carry no words; between two words they part them like a dash ("✨ Glimmer ✨ body oil" is
 * "Glimmer — body oil"), elsewhere they go.
 */
const EMOJI_RE = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+/gu;
function withoutEmoji(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const parts = line.split(EMOJI_RE).map((p) => p.trim());
      const kept = parts.filter((p) => p !== '');
      return kept.join(' — ');
    })
    .join('\n');
}

/** "green tea" → "green tea." (a line break ends a sentence; text that already ends one is kept). */
function endSentence(line: string): string {
  return /[.!?;:,]$/.test(line) ? line : `${line}.`;
}

/**
 * The quotation assistant's local rules (pure): one user message (or one edited chip) and the draft
 * so far in, the updated draft and what to say out. It asks what is missing in SPEC §3 order —
 * product first, then box type (suggested from the product), size, material and quantity — and
 * states the defaults of print, finishes and destination, which the user may change at any time.
 * The quote itself is computed by the service once the draft is complete.
 */
import {
  QUOTE_FINISHES,
  QUOTE_PRINTS,
  boxBySlug,
  findBoxesInText,
  lookupBox,
  materialInfo,
  normalizeTerm,
  type BoxType,
  type QuotationChatData,
  type QuoteFinish,
  type SelectionName,
} from '@packsmith/contracts';
import { materialsFor } from '@packsmith/quote';
import { countryByCode, findCountry } from './countries.js';
import {
  DEFAULT_DESTINATION,
  DEFAULT_FINISHES,
  DEFAULT_PRINT,
  boxOf,
  defaultSize,
  finishesLabel,
  firstMissing,
  quantityLabel,
  sizeForBox,
  sizeLabel,
  type QuoteDraft,
} from './draft.js';
import { DEFAULT_SIZE_RE, FINISH_LABELS, PRINT_LABELS, findFinishes, findMaterial, findPrint, findQuantity, findSize, type FinishChange } from './parsers.js';

type Option = QuotationChatData['options'][number];

/** Box cards for a product (the design chat's product profiles: most suitable first). */
export type BoxSuggester = (product: string) => readonly { slug: string; name: string }[];

/** What one turn read: the new draft and what changed, or a problem with the user's words (draft unchanged). */
export type TurnRead =
  | { readonly draft: QuoteDraft; readonly changed: readonly SelectionName[]; readonly error?: undefined }
  | { readonly draft: QuoteDraft; readonly changed: readonly []; readonly error: { readonly name: SelectionName; readonly message: string } };

const GREETING_RE = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|yo|thanks|thank you|ok|okay|cool|great|yes|no|sure)(?: there| you| so much)?$/;
const PACK_WORD_RE =
  /(?:^| )(?:box(?:es)?|bottles?|cans?|tins?|jars?|tubes?|pouch(?:es)?|bags?|cups?|bowls?|cartons?|mailers?|sleeves?|containers?|tubs?|sachets?|packs?|packaging)(?= |$)/;
const USE_DEFAULT_RE =
  /^(?:default|standard|usual|you choose|your choice|up to you|any|whatever|the first|first one|recommended|suggested|go with (?:the )?default)$/;

/** Lead-ins before a product ("I sell organic tea", "packaging for my candles"). */
const PRODUCT_FRAMES: readonly RegExp[] = [
  /(?:^| )(?:we|i)(?: re| are| m| am)? (?:sell(?:ing)?|make|making|produce|producing|offer|bake|brew|roast|craft|manufacture)(?: a| an| some| our| my)? (.+)/,
  /(?:^| )(?:my|our|the) products? (?:is|are)(?: a| an)? (.+)/,
  /(?:^| )product(?: is)? (.+)/,
  /(?:^| )(?:packaging|boxes|a box|packs?|a quote|quote|quotes|price|prices|pricing) for(?: my| our| a| an| some)? (.+)/,
  /(?:^| )(?:it s|its|it is|they re|they are)(?: a| an| some)? (.+)/,
];
/** Words that end a product phrase ("organic tea in 80x40x150 boxes to Germany" → organic tea). */
const PRODUCT_END_RE = / (?:in|to|with|at|from|for|and we|we|i|please|thanks|made of|printed|shipped|shipping|that|which|about|around)(?= |$)/;

/** The product a message names, or null when it names none (a greeting, only numbers). */
export function readProduct(text: string, strip: readonly string[] = []): string | null {
  let norm = normalizeTerm(text.replace(/(\d)[x×*](\d)/gi, '$1 x $2'));
  if (!norm || GREETING_RE.test(norm)) return null;
  for (const re of PRODUCT_FRAMES) {
    const m = re.exec(norm);
    if (m?.[1]) {
      norm = m[1];
      break;
    }
  }
  const end = PRODUCT_END_RE.exec(norm);
  if (end) norm = norm.slice(0, end.index);
  for (const s of strip) norm = norm.replace(new RegExp(`(?:^| )${normalizeTerm(s)}(?:s|es)?(?= |$)`, 'g'), ' ');
  norm = norm
    .replace(/(?:^| )\d+(?:\.\d+)?(?: ?(?:k|mm|cm|in|inch|inches|pcs|pieces|units|x))?(?= |$)/g, ' ')
    .replace(/^(?:hi|hello|hey)(?: there)? /, '')
    .replace(/^(?:a|an|the|some|my|our|just|only) /, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (!norm || norm.length < 2 || GREETING_RE.test(norm)) return null;
  return norm.split(' ').slice(0, 6).join(' ').slice(0, 60);
}

const productOptions: Option[] = ['Candles', 'Organic tea', 'Coffee beans', 'Cosmetics', 'Wine', 'Chocolate'].map((p) => ({ label: p, value: p }));

function boxOptions(draft: QuoteDraft, suggest: BoxSuggester): Option[] {
  return suggest(draft.product ?? '')
    .slice(0, 4)
    .map((b) => ({ label: b.name, value: b.slug }));
}

function sizeOptions(box: BoxType | undefined): Option[] {
  if (!box) return [];
  const s = defaultSize(box);
  const scaled = (f: number) => ({ length_mm: Math.round(s.length_mm * f), width_mm: Math.round(s.width_mm * f), height_mm: Math.round(s.height_mm * f) });
  const value = (x: typeof s) =>
    box.dimensions.shape === 'flat'
      ? `${x.length_mm} x ${x.width_mm} x ${x.height_mm} mm`
      : box.dimensions.shape === 'cuboid'
        ? `${x.length_mm} x ${x.width_mm} x ${x.height_mm} mm`
        : `${x.length_mm} x ${x.height_mm} mm`;
  return [
    { label: `Standard ${sizeLabel(box, s)}`, value: 'default' },
    { label: `Smaller ${sizeLabel(box, scaled(0.75))}`, value: value(scaled(0.75)) },
    { label: `Larger ${sizeLabel(box, scaled(1.5))}`, value: value(scaled(1.5)) },
  ];
}

function materialOptions(box: BoxType | undefined): Option[] {
  if (!box) return [];
  const usual = box.material;
  const list = [usual, ...materialsFor(box).filter((m) => m !== usual)];
  return list.map((m) => ({ label: materialInfo(m).name, value: m }));
}

const quantityOptions: Option[] = [500, 1000, 2000, 5000, 10000].map((q) => ({ label: quantityLabel(q), value: String(q) }));
const printOptions: Option[] = QUOTE_PRINTS.map((p) => ({ label: PRINT_LABELS[p], value: p }));
const finishOptions: Option[] = [{ label: 'None', value: 'none' }, ...QUOTE_FINISHES.map((f) => ({ label: FINISH_LABELS[f], value: f }))];
const destinationOptions: Option[] = ['DE', 'US', 'GB', 'FR', 'CA', 'AU'].flatMap((code) => {
  const k = countryByCode(code);
  return k ? [{ label: k.name, value: code }] : [];
});

/** Quick answers (chips) for a selection. */
export function optionsFor(name: SelectionName | null, draft: QuoteDraft, suggest: BoxSuggester): Option[] {
  switch (name) {
    case 'product':
      return productOptions;
    case 'box':
      return boxOptions(draft, suggest);
    case 'size':
      return sizeOptions(boxOf(draft));
    case 'material':
      return materialOptions(boxOf(draft));
    case 'print':
      return printOptions;
    case 'finishes':
      return finishOptions;
    case 'quantity':
      return quantityOptions;
    case 'destination':
      return destinationOptions;
    case null:
      return [
        { label: 'Make it 5,000', value: 'make it 5000' },
        { label: 'Add foil', value: 'add foil' },
        { label: 'Ship to United States', value: 'to USA' },
      ];
  }
}

/** The question for a missing selection. */
export function questionFor(name: SelectionName, draft: QuoteDraft, suggest: BoxSuggester): string {
  const box = boxOf(draft);
  switch (name) {
    case 'product':
      return 'What product is the packaging for? (For example candles, organic tea or face cream.)';
    case 'box': {
      const names = suggest(draft.product ?? '')
        .slice(0, 4)
        .map((b) => b.name);
      return `Which box type would you like for ${draft.product ?? 'it'}? ${names.length ? `${listOf(names, 'or')} would suit it.` : ''}`.trim();
    }
    case 'size': {
      const s = box ? sizeLabel(box, defaultSize(box)) : '';
      const shape = box?.dimensions.shape ?? 'cuboid';
      const how =
        shape === 'cylinder' || shape === 'frustum'
          ? 'Diameter × height in mm or inches, e.g. "70 x 110 mm" or "3 x 4.5 in"'
          : shape === 'flat'
            ? 'Width × height laid flat (and a gusset in the middle if any), e.g. "160 x 230 mm" or "160 x 80 x 230 mm"'
            : 'Length × width × height in mm or inches, e.g. "80 x 40 x 150 mm" or "3 x 1.5 x 6 in"';
      return `What inside size should the ${box?.name ?? 'box'} be? ${how}${s ? ` — or say "standard" for ${s}` : ''}.`;
    }
    case 'material': {
      const usual = box ? materialInfo(box.material).name.toLowerCase() : 'white board';
      return `Which material? A ${box?.name ?? 'box'} is usually ${usual}.`;
    }
    case 'quantity':
      return `How many do you need? (e.g. 1,000 or 5k.) I'll price ${defaultsText(draft)} unless you say otherwise.`;
    case 'print':
      return 'How should it be printed: no print, one colour, two colours, CMYK, or CMYK on both sides?';
    case 'finishes':
      return 'Any finishes: matte or gloss lamination, spot UV, foil, embossing, a window — or none?';
    case 'destination':
      return 'Where should it ship to?';
  }
}

function defaultsText(draft: QuoteDraft): string {
  const print = PRINT_LABELS[draft.print ?? DEFAULT_PRINT];
  const finishes = draft.finishes ?? DEFAULT_FINISHES;
  const dest = countryByCode(draft.destination ?? DEFAULT_DESTINATION);
  return `${print} print, ${finishes.length ? finishesLabel(finishes).toLowerCase() : 'no finishes'}, shipped to ${dest?.name ?? draft.destination ?? DEFAULT_DESTINATION}`;
}

export function listOf(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1) ?? ''}`;
}

function applyFinishes(current: readonly QuoteFinish[] | undefined, change: FinishChange, replace: boolean): QuoteFinish[] {
  if (change.none) return [];
  const base = replace && !change.adding ? [] : [...(current ?? [])];
  const kept = base.filter((f) => !change.removed.includes(f));
  for (const f of change.named) {
    // Matte and gloss lamination exclude each other: the newer one wins.
    if (f === 'matte_lamination' || f === 'gloss_lamination') {
      const other = f === 'matte_lamination' ? 'gloss_lamination' : 'matte_lamination';
      const i = kept.indexOf(other);
      if (i >= 0) kept.splice(i, 1);
    }
    if (!kept.includes(f)) kept.push(f);
  }
  return QUOTE_FINISHES.filter((f) => kept.includes(f));
}

/** A box change keeps the size when the shape stays, and the material when the new box can be made of it. */
function withBox(draft: QuoteDraft, box: BoxType): QuoteDraft {
  const old = boxOf(draft);
  const next: QuoteDraft = { ...draft, box: box.slug };
  if (old && old.dimensions.shape !== box.dimensions.shape) delete next.size;
  if (next.material && !materialsFor(box).includes(next.material)) delete next.material;
  return next;
}

function findBox(text: string, asked: boolean, suggest: BoxSuggester, draft: QuoteDraft): BoxType | undefined {
  const exact = boxBySlug(text.trim().toLowerCase()) ?? lookupBox(text);
  if (exact) return exact;
  if (asked) {
    const norm = normalizeTerm(text);
    if (USE_DEFAULT_RE.test(norm)) {
      const first = suggest(draft.product ?? '')[0];
      return first ? boxBySlug(first.slug) : undefined;
    }
  }
  return findBoxesInText(text)[0];
}

const fail = (draft: QuoteDraft, name: SelectionName, message: string): TurnRead => ({ draft, changed: [], error: { name, message } });

/**
 * Reads one message. `asking` is what the assistant asked last: a bare answer ("1000", "none",
 * "standard", "Canada") is read as that selection. Several selections may change at once
 * ("500 kraft mailer boxes 300x200x100 to Germany").
 */
export function readMessage(draft: QuoteDraft, text: string, asking: SelectionName | null, suggest: BoxSuggester): TurnRead {
  const norm = normalizeTerm(text);
  let next: QuoteDraft = { ...draft };
  const changed = new Set<SelectionName>();

  // Box first: the size's numbers are read for its shape.
  const box = findBox(text, asking === 'box', suggest, draft);
  const boxCounts = box && (asking === 'box' || draft.product !== undefined || PACK_WORD_RE.test(norm) || asking === null);
  if (box && boxCounts && box.slug !== draft.box) {
    next = withBox(next, box);
    changed.add('box');
  }

  let rest = text;
  const size = findSize(text);
  if (size && 'error' in size) return fail(draft, 'size', size.error);
  if (size) {
    rest = `${text.slice(0, size.value.start)} ${text.slice(size.value.end)}`;
    const read = sizeForBox(boxOf(next), size.value.dims);
    if (typeof read === 'string') return fail(draft, 'size', read);
    next.size = read;
    changed.add('size');
  } else if ((asking === 'size' && (DEFAULT_SIZE_RE.test(norm) || USE_DEFAULT_RE.test(norm))) || /(?:^| )(?:standard|default) size(?= |$)/.test(norm)) {
    const b = boxOf(next);
    if (b) {
      next.size = defaultSize(b);
      changed.add('size');
    }
  }

  const material = findMaterial(text) ?? (asking === 'material' && USE_DEFAULT_RE.test(norm) ? boxOf(next)?.material : undefined);
  if (material && material !== next.material) {
    const b = boxOf(next);
    if (b && !materialsFor(b).includes(material)) {
      const names = materialsFor(b).map((m) => materialInfo(m).name.toLowerCase());
      return fail(draft, 'material', `A ${b.name} can't be made of ${materialInfo(material).name.toLowerCase()}: choose ${listOf(names, 'or')}.`);
    }
    next.material = material;
    changed.add('material');
  }

  const print = findPrint(text) ?? (asking === 'print' && USE_DEFAULT_RE.test(norm) ? DEFAULT_PRINT : undefined);
  if (print && print !== next.print) {
    next.print = print;
    changed.add('print');
  }

  const finishes = findFinishes(text, asking === 'finishes');
  if (finishes) {
    next.finishes = applyFinishes(next.finishes, finishes, asking === 'finishes');
    changed.add('finishes');
  }

  const quantity = findQuantity(rest, asking === 'quantity');
  if (quantity && 'error' in quantity) return fail(draft, 'quantity', quantity.error);
  if (quantity && quantity.value !== next.quantity) {
    next.quantity = quantity.value;
    changed.add('quantity');
  }

  const country = findCountry(text, asking === 'destination');
  if (country && country.code !== next.destination) {
    next.destination = country.code;
    changed.add('destination');
  }

  // Product first (SPEC §3): while it is unknown, any message that is not a greeting names it.
  // "the product is …" and "I sell …" name a (new) product even after it is known.
  const renamed = /(?:^| )(?:the )?product(?: is)? /.test(norm) || (PRODUCT_FRAMES[0]?.test(norm) ?? false);
  if (next.product === undefined || asking === 'product' || renamed) {
    const strip = [
      ...(box ? [box.name, ...box.synonyms] : []),
      ...(material ? [materialInfo(material).name, ...materialWordsIn(text)] : []),
      ...(country ? [country.name, ...country.aliases, country.code] : []),
    ];
    const product =
      readProduct(renamed || next.product === undefined || asking === 'product' ? text : '', strip) ??
      (next.product === undefined && box && changed.size > 0 ? box.name : null);
    if (product && product !== next.product) {
      next.product = product;
      changed.add('product');
    }
  }

  return { draft: next, changed: [...changed] };
}

function materialWordsIn(text: string): string[] {
  const norm = normalizeTerm(text);
  return ['kraft', 'corrugated', 'cardboard', 'white board', 'glass', 'plastic', 'metal', 'frosted', 'matte', 'matt', 'glossy', 'brown'].filter((w) =>
    norm.includes(w),
  );
}

/** Reads an edited chip: the value must be a valid answer for that selection (same readers as messages). */
export function readSelection(draft: QuoteDraft, name: SelectionName, value: string): TurnRead {
  const v = value.trim();
  const norm = normalizeTerm(v);
  switch (name) {
    case 'product': {
      const product = v.replace(/\s+/g, ' ').slice(0, 60);
      return { draft: { ...draft, product }, changed: ['product'] };
    }
    case 'box': {
      const box = boxBySlug(norm.replace(/ /g, '-')) ?? lookupBox(v) ?? findBoxesInText(v)[0];
      if (!box)
        return fail(
          draft,
          'box',
          `I don't know the box type "${v}". Pick one of the suggestions or name a catalogue box (e.g. straight tuck end, mailer box).`,
        );
      return { draft: withBox(draft, box), changed: ['box'] };
    }
    case 'size': {
      const box = boxOf(draft);
      if (DEFAULT_SIZE_RE.test(norm) || USE_DEFAULT_RE.test(norm)) {
        if (!box) return fail(draft, 'box', 'Choose the box type first; its standard size follows.');
        return { draft: { ...draft, size: defaultSize(box) }, changed: ['size'] };
      }
      const size = findSize(v);
      if (!size) return fail(draft, 'size', `I couldn't read "${v}" as a size. Write it like "80 x 40 x 150 mm" or "3 x 1.5 x 6 in".`);
      if ('error' in size) return fail(draft, 'size', size.error);
      const read = sizeForBox(box, size.value.dims);
      if (typeof read === 'string') return fail(draft, 'size', read);
      return { draft: { ...draft, size: read }, changed: ['size'] };
    }
    case 'material': {
      const material = findMaterial(v) ?? (USE_DEFAULT_RE.test(norm) ? boxOf(draft)?.material : undefined);
      if (!material) return fail(draft, 'material', `I don't know the material "${v}". Choose white board, kraft, corrugated, plastic, metal or glass.`);
      const box = boxOf(draft);
      if (box && !materialsFor(box).includes(material)) {
        const names = materialsFor(box).map((m) => materialInfo(m).name.toLowerCase());
        return fail(draft, 'material', `A ${box.name} can't be made of ${materialInfo(material).name.toLowerCase()}: choose ${listOf(names, 'or')}.`);
      }
      return { draft: { ...draft, material }, changed: ['material'] };
    }
    case 'print': {
      const print = findPrint(v);
      if (!print) return fail(draft, 'print', `I don't know the print "${v}". Choose no print, one colour, two colours, CMYK or CMYK both sides.`);
      return { draft: { ...draft, print }, changed: ['print'] };
    }
    case 'finishes': {
      const change = (QUOTE_FINISHES as readonly string[]).includes(norm.replace(/ /g, '_'))
        ? { named: [norm.replace(/ /g, '_') as QuoteFinish], removed: [], none: false, adding: false }
        : findFinishes(v, true);
      if (!change)
        return fail(draft, 'finishes', `I don't know the finish "${v}". Choose matte or gloss lamination, spot UV, foil, embossing, window or none.`);
      return { draft: { ...draft, finishes: applyFinishes(draft.finishes, change, true) }, changed: ['finishes'] };
    }
    case 'quantity': {
      const q = findQuantity(v, true);
      if (!q) return fail(draft, 'quantity', `I couldn't read "${v}" as a quantity. Write a number such as 1000, 5k or "ten thousand".`);
      if ('error' in q) return fail(draft, 'quantity', q.error);
      return { draft: { ...draft, quantity: q.value }, changed: ['quantity'] };
    }
    case 'destination': {
      const k = findCountry(v, true);
      if (!k) return fail(draft, 'destination', `I don't know the country "${v}". Write its name or its two-letter code (DE, US, GB…).`);
      return { draft: { ...draft, destination: k.code }, changed: ['destination'] };
    }
  }
}

/** The next question (or the nudge once the quote stands) as a chat reply. */
export function nextReply(
  draft: QuoteDraft,
  changed: readonly SelectionName[],
  suggest: BoxSuggester,
): { message: string; asking: SelectionName | null; options: Option[] } {
  const missing = firstMissing(draft);
  const ack = changed.length > 0 ? `${acknowledge(draft, changed)} ` : '';
  if (missing) return { message: `${ack}${questionFor(missing, draft, suggest)}`, asking: missing, options: optionsFor(missing, draft, suggest) };
  return {
    message: `${ack}Your quote above still holds. Tell me what to change — quantity, material, print, finishes or destination — and I'll re-quote.`,
    asking: null,
    options: optionsFor(null, draft, suggest),
  };
}

function acknowledge(draft: QuoteDraft, changed: readonly SelectionName[]): string {
  const box = boxOf(draft);
  const parts = changed.flatMap((name) => {
    switch (name) {
      case 'product':
        return draft.product ? [`${draft.product}`] : [];
      case 'box':
        return box ? [box.name] : [];
      case 'size':
        return draft.size ? [sizeLabel(box, draft.size)] : [];
      case 'material':
        return draft.material ? [materialInfo(draft.material).name.toLowerCase()] : [];
      case 'print':
        return draft.print ? [PRINT_LABELS[draft.print].toLowerCase()] : [];
      case 'finishes':
        return [draft.finishes?.length ? finishesLabel(draft.finishes).toLowerCase() : 'no finishes'];
      case 'quantity':
        return draft.quantity !== undefined ? [quantityLabel(draft.quantity)] : [];
      case 'destination': {
        const k = draft.destination ? countryByCode(draft.destination) : undefined;
        return k ? [`to ${k.name}`] : [];
      }
    }
  });
  return parts.length ? `Got it: ${parts.join(', ')}.` : '';
}

/** The greeting: asks for the product, or (a quotation started from a design) greets with what came along and asks what is missing. */
export function helloReply(draft: QuoteDraft, suggest: BoxSuggester): { message: string; asking: SelectionName | null; options: Option[] } {
  const missing = firstMissing(draft);
  const intro = "Hi! I'll price your packaging the way an estimator does: from the real dieline, with quantity breaks and the makers who can produce it.";
  if (!draft.product)
    return { message: `${intro} ${questionFor('product', draft, suggest)}`, asking: 'product', options: optionsFor('product', draft, suggest) };
  const box = boxOf(draft);
  const known = [
    draft.product,
    box?.name,
    draft.size ? sizeLabel(box, draft.size) : null,
    draft.material ? materialInfo(draft.material).name.toLowerCase() : null,
  ].filter((x): x is string => !!x);
  const from = `${intro} From your design I have: ${known.join(', ')}.`;
  if (!missing) return { message: `${from} ${questionFor('quantity', draft, suggest)}`, asking: 'quantity', options: optionsFor('quantity', draft, suggest) };
  return { message: `${from} ${questionFor(missing, draft, suggest)}`, asking: missing, options: optionsFor(missing, draft, suggest) };
}

import { NUTRITION_FORMATS, type NutritionLabelInput, type NutritionRegion } from '@packsmith/contracts';

/*
 * The generator's form as typed, and its translation to the compute call's input. Every number is
 * kept as the text the visitor typed ("0.5", "12,") so nothing jumps under the cursor; it becomes an
 * amount only on the way out, and whatever cannot be read is sent as typed so the server's 400 names
 * the field.
 */

export type NutritionMode = 'nutrients' | 'recipe';
export type CaloriesMethod = 'auto' | 'declared' | 'general' | 'non_digestible';

export interface IngredientRow {
  /** Stable React key; not sent. */
  key: string;
  name: string;
  grams: string;
  /** A row of the composition table or one of my own entries, once picked from the suggestions. */
  food_id?: string;
}

export interface NutritionForm {
  region: NutritionRegion;
  format: string;
  mode: NutritionMode;
  serving: { size_text: string; size_text_fr: string; grams_or_ml: string; unit: 'g' | 'ml'; per_container: string };
  nutrients: Record<string, string>;
  ingredients: IngredientRow[];
  yield_grams: string;
  options: { dv_basis: 'declared' | 'actual'; calories_method: CaloriesMethod; eu_negligible: 'less_than' | 'zero' };
  panel: { width_mm: string; height_mm: string };
}

let rowSeq = 0;
export function newRow(patch: Partial<Omit<IngredientRow, 'key'>> = {}): IngredientRow {
  rowSeq += 1;
  return { key: `row-${rowSeq}`, name: '', grams: '', ...patch };
}

export function defaultFormat(region: NutritionRegion): string {
  return NUTRITION_FORMATS[region][0];
}

export function emptyForm(region: NutritionRegion = 'us'): NutritionForm {
  return {
    region,
    format: defaultFormat(region),
    mode: 'nutrients',
    serving: { size_text: '', size_text_fr: '', grams_or_ml: '', unit: 'g', per_container: '' },
    nutrients: {},
    ingredients: [newRow()],
    yield_grams: '',
    options: { dv_basis: 'declared', calories_method: 'auto', eu_negligible: 'less_than' },
    panel: { width_mm: '', height_mm: '' },
  };
}

/** A format the region allows: the current one when it does, else the region's first. */
export function formatFor(region: NutritionRegion, format: string): string {
  return (NUTRITION_FORMATS[region] as readonly string[]).includes(format) ? format : defaultFormat(region);
}

// "1,500" with groups of three is a thousands separator; any other single comma is a decimal comma.
const THOUSANDS = /^[1-9]\d{0,2}(,\d{3})+(\.\d+)?$/;

/**
 * The amount a typed text stands for, as a decimal string: "12,5" → "12.5", "12," → "12", "1,500" →
 * "1500", "" → undefined. Text that is not a number is returned trimmed, as typed, for the server to name.
 */
export function toAmount(text: string): string | undefined {
  const t = text.trim().replace(/\s+/g, '');
  if (t === '') return undefined;
  let s = THOUSANDS.test(t) ? t.replace(/,/g, '') : (t.match(/,/g) ?? []).length === 1 && !t.includes('.') ? t.replace(',', '.') : t;
  if (/^\d+\.$/.test(s)) s = s.slice(0, -1);
  if (/^\.\d+$/.test(s)) s = `0${s}`;
  return s;
}

const isUs = (f: NutritionForm) => f.region === 'us';
const isEuUk = (f: NutritionForm) => f.region === 'eu' || f.region === 'uk';

/** Rows that say something: a name typed or a food picked. */
export function filledRows(form: NutritionForm): IngredientRow[] {
  return form.ingredients.filter((r) => r.name.trim() !== '' || r.food_id);
}

/** The compute (and save) call's input for what the form holds; empty fields are left out. */
export function toLabelInput(form: NutritionForm): NutritionLabelInput {
  const serving: NonNullable<NutritionLabelInput['serving']> = {};
  const s = form.serving;
  if (s.size_text.trim()) serving.size_text = s.size_text.trim();
  if (form.region === 'ca' && s.size_text_fr.trim()) serving.size_text_fr = s.size_text_fr.trim();
  const grams = toAmount(s.grams_or_ml);
  if (grams !== undefined) serving.grams_or_ml = grams;
  serving.unit = s.unit;
  const perContainer = toAmount(s.per_container);
  if (perContainer !== undefined) serving.per_container = perContainer;

  const options: Record<string, unknown> = { dv_basis: form.options.dv_basis };
  if (isUs(form) && form.options.calories_method !== 'auto') options.calories_method = form.options.calories_method;
  if (isEuUk(form)) options.eu_negligible = form.options.eu_negligible;

  const input: NutritionLabelInput = { region: form.region, format: formatFor(form.region, form.format), serving, nutrients: {}, options };
  if (form.mode === 'nutrients') {
    const nutrients: Record<string, string> = {};
    for (const [key, text] of Object.entries(form.nutrients)) {
      const a = toAmount(text);
      if (a !== undefined) nutrients[key] = a;
    }
    input.nutrients = nutrients;
  } else {
    const rows = filledRows(form);
    if (rows.length > 0) {
      const yieldGrams = toAmount(form.yield_grams);
      input.recipe = {
        ingredients: rows.map((r) => ({ name: r.name.trim(), grams: toAmount(r.grams) ?? '0', ...(r.food_id ? { food_id: r.food_id } : {}) })),
        ...(yieldGrams !== undefined ? { yield_grams: yieldGrams } : {}),
      };
    }
  }
  const pw = toAmount(form.panel.width_mm);
  const ph = toAmount(form.panel.height_mm);
  if (pw !== undefined && ph !== undefined) input.render = { panel: { width_mm: Number(pw), height_mm: Number(ph) } };
  return input;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);

/** The form a saved label's input reopens as (the inverse of toLabelInput for what the form can hold). */
export function formFromInput(input: NutritionLabelInput): NutritionForm {
  const form = emptyForm(input.region);
  form.format = formatFor(input.region, input.format ?? '');
  const s = input.serving ?? {};
  form.serving = {
    size_text: s.size_text ?? '',
    size_text_fr: s.size_text_fr ?? '',
    grams_or_ml: text(s.grams_or_ml),
    unit: s.unit ?? 'g',
    per_container: text(s.per_container),
  };
  form.nutrients = Object.fromEntries(Object.entries(input.nutrients ?? {}).map(([k, v]) => [k, text(v)]));
  const o = input.options ?? {};
  form.options = {
    dv_basis: pick(o.dv_basis, ['declared', 'actual'], 'declared'),
    calories_method: pick(o.calories_method, ['declared', 'general', 'non_digestible'], 'auto'),
    eu_negligible: pick(o.eu_negligible, ['less_than', 'zero'], 'less_than'),
  };
  if (input.recipe) {
    form.mode = 'recipe';
    form.ingredients = input.recipe.ingredients.map((i) => newRow({ name: i.name, grams: text(i.grams), ...(i.food_id ? { food_id: i.food_id } : {}) }));
    form.yield_grams = text(input.recipe.yield_grams);
  }
  const panel = input.render?.panel;
  if (panel) form.panel = { width_mm: text(panel.width_mm), height_mm: text(panel.height_mm) };
  return form;
}

/**
 * The field a 400's message names ("nutrients.added_sugars: …", "recipe.ingredients[2].grams must …"),
 * in dotted form ("recipe.ingredients.2.grams"), or null when it names none.
 */
export function errorField(msg: string): string | null {
  const m = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+|\[\d+\])*)(?=[:\s])/i.exec(msg.trim());
  if (!m?.[1] || !m[1].includes('.')) {
    // A top-level field is named only when the message starts with one the form has.
    const top = m?.[1];
    return top && ['region', 'format', 'nutrients', 'serving', 'options', 'recipe', 'render', 'name'].includes(top) ? top : null;
  }
  return m[1].replace(/\[(\d+)\]/g, '.$1');
}

/** The DOM id of the input that holds `field` (a dotted path of the call's input). */
export function fieldId(field: string): string {
  return `nf-${field.replace(/[^a-z0-9_]+/gi, '-')}`;
}

/**
 * Which input shows an error on `field`: the nearest one the form has (a message about
 * "recipe.ingredients.2.per_100g.fat" lands on that row's grams; "options.x" on the Options disclosure).
 */
export function errorTarget(field: string): string {
  const parts = field.split('.');
  if (parts[0] === 'recipe' && parts[1] === 'ingredients' && parts[2] !== undefined && /^\d+$/.test(parts[2])) {
    return `recipe.ingredients.${parts[2]}.${parts[3] === 'name' ? 'name' : 'grams'}`;
  }
  if (parts[0] === 'render' && parts[1] === 'panel') return `render.panel.${parts[2] === 'height_mm' ? 'height_mm' : 'width_mm'}`;
  if (parts[0] === 'options') return 'options';
  return parts.slice(0, 2).join('.');
}

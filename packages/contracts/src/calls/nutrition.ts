import { z } from 'zod';
import { defineCall } from '../call.js';

/*
 * The nutrition label generator (SPEC §1, §2 /tools/nutrition-label-generator; issue 16). The label
 * engine is packages/nutrition (pure, exact decimals); these calls carry its input and answer its
 * figures. A saved label is a project of type 'nutrition' owned like any other. The shape of the
 * input is checked here; what the figures mean (a part above its whole, an unknown nutrient, a
 * serving of 10 kg) is checked by the engine, which names the field (code 400).
 */

export const NUTRITION_REGIONS = ['us', 'ca', 'eu', 'uk'] as const;
export const NutritionRegionSchema = z.enum(NUTRITION_REGIONS, { error: 'region must be us, ca, eu or uk.' });
export type NutritionRegion = z.infer<typeof NutritionRegionSchema>;

/** Formats per region (US 21 CFR 101.9(d), (e), (f), (j)(13); Canada the bilingual standard; EU/UK Art. 34). */
export const NUTRITION_FORMATS = {
  us: ['standard', 'tabular', 'linear', 'dual', 'simplified'],
  ca: ['standard'],
  eu: ['table', 'linear'],
  uk: ['table', 'linear'],
} as const satisfies Record<NutritionRegion, readonly string[]>;
export const NUTRITION_FORMAT_NAMES: Readonly<Record<string, string>> = {
  standard: 'Standard',
  tabular: 'Tabular',
  linear: 'Linear (small packages)',
  dual: 'Dual column',
  simplified: 'Simplified',
  table: 'Table',
};

/** Most ingredients a recipe or an ingredients list may hold (the engine's limit too). */
export const NUTRITION_MAX_INGREDIENTS = 300;
/** Longest name of an ingredient or a label. */
export const NUTRITION_NAME_MAX = 120;
/** The largest label the renderers draw, mm (a pallet-sized panel is a typo). */
export const NUTRITION_MAX_PANEL_MM = 1000;

/** An amount as typed: a number or a decimal string ("12.5"); the engine reads it exactly. */
const Amount = z.union([z.number(), z.string().trim().max(40)]);

const Name = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(NUTRITION_NAME_MAX, `${field}: at most ${NUTRITION_NAME_MAX} characters.`);

export const NutritionServingSchema = z.object({
  size_text: z.string().trim().max(80, 'serving.size_text: at most 80 characters.').optional(),
  size_text_fr: z.string().trim().max(80, 'serving.size_text_fr: at most 80 characters.').optional(),
  grams_or_ml: Amount.optional(),
  unit: z.enum(['g', 'ml'], { error: 'serving.unit must be g or ml.' }).optional(),
  per_container: Amount.optional(),
});

/** Nutrient amounts by the engine's keys (energy_kcal, fat, sodium…); unknown keys answer 400 naming them. */
export const NutritionNutrientsSchema = z.record(z.string().max(40), Amount);

/** One ingredient of a recipe or an ingredients list. `food_id` picks a row of the composition table or a saved entry. */
export const NutritionIngredientSchema = z.object({
  name: Name('ingredients.name'),
  grams: Amount,
  food_id: z.string().max(64).optional(),
  /** Composition per 100 g typed by the user, used when no food_id is given. */
  per_100g: NutritionNutrientsSchema.optional(),
  /** Allergens declared for this ingredient besides the ones found in its name. */
  allergens: z.array(z.string().max(40)).max(20).optional(),
  /** A compound ingredient's own ingredients, printed in parentheses. */
  sub_ingredients: z.array(z.string().trim().min(1).max(NUTRITION_NAME_MAX)).max(50).optional(),
});
export type NutritionIngredient = z.infer<typeof NutritionIngredientSchema>;

/** Recipe mode: the nutrients come from the ingredients; `yield_grams` is the cooked weight (water lost). */
export const NutritionRecipeSchema = z.object({
  ingredients: z
    .array(NutritionIngredientSchema)
    .min(1, 'recipe.ingredients: add at least one ingredient.')
    .max(NUTRITION_MAX_INGREDIENTS, `recipe.ingredients: at most ${NUTRITION_MAX_INGREDIENTS} ingredients.`),
  yield_grams: Amount.optional(),
});

/** Where the label goes: its width, and the panel it must fit (a label too large says so and suggests a format). */
export const NutritionRenderSchema = z.object({
  width_mm: z.coerce.number().min(20, 'render.width_mm: at least 20 mm.').max(NUTRITION_MAX_PANEL_MM).optional(),
  panel: z
    .object({
      width_mm: z.coerce.number().positive('render.panel.width_mm must be greater than 0.').max(NUTRITION_MAX_PANEL_MM),
      height_mm: z.coerce.number().positive('render.panel.height_mm must be greater than 0.').max(NUTRITION_MAX_PANEL_MM),
    })
    .optional(),
});

/** Everything a label is made from; stored as the project's inputs. */
export const NutritionLabelInputSchema = z.object({
  region: NutritionRegionSchema,
  format: z.string().max(20).optional(),
  serving: NutritionServingSchema.optional(),
  /** Per serving for us/ca, per 100 g or 100 ml for eu/uk. Ignored in recipe mode (the recipe gives them). */
  nutrients: NutritionNutrientsSchema.default({}),
  options: z.record(z.string().max(40), z.unknown()).optional(),
  recipe: NutritionRecipeSchema.optional(),
  /** An ingredients list without nutrients (nutrients mode); in recipe mode the recipe's ingredients are the list. */
  ingredients: z.array(NutritionIngredientSchema).max(NUTRITION_MAX_INGREDIENTS, `ingredients: at most ${NUTRITION_MAX_INGREDIENTS} ingredients.`).optional(),
  render: NutritionRenderSchema.optional(),
});
export type NutritionLabelInput = z.input<typeof NutritionLabelInputSchema>;

const FopColourSchema = z.enum(['green', 'amber', 'red']);
const FOP = ['fat', 'saturates', 'sugars', 'salt'] as const;

export const NutritionLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  amount: z.string(),
  dv: z.string(),
  text: z.string(),
  indent: z.number().int(),
  bold: z.boolean(),
  value: z.string(),
  unit: z.string(),
  label_fr: z.string().optional(),
  amount_fr: z.string().optional(),
  dv_fr: z.string().optional(),
  dv_spans: z.number().int().optional(),
  container_amount: z.string().optional(),
  container_dv: z.string().optional(),
  portion_amount: z.string().optional(),
  portion_dv: z.string().optional(),
  symbol: z.string().optional(),
});
export type NutritionLine = z.infer<typeof NutritionLineSchema>;

const FopItem = z.object({ amount: z.string(), ri: z.string(), colour: FopColourSchema, per_100: z.string() });

export const NutritionIngredientsStatementSchema = z.object({
  /** "Ingredients: Wheat flour, sugar, …" as printed. */
  text: z.string(),
  /** The text in runs; bold runs are the allergens the region emphasises. */
  segments: z.array(z.object({ text: z.string(), bold: z.boolean() })),
  /** US: "Contains: Wheat, Milk." ("" when none or outside the US). */
  contains: z.string(),
  allergens: z.array(z.string()),
  items: z.array(z.object({ name: z.string(), grams: z.string(), percent: z.string() })),
});

/** The computed label: every printed figure, plus its drawing when asked for. */
export const NutritionLabelSchema = z.object({
  region: NutritionRegionSchema,
  format: z.string(),
  title: z.string(),
  title_fr: z.string().optional(),
  basis: z.enum(['serving', 'per_100']),
  columns: z.array(z.string()),
  serving: z
    .object({
      servings_text: z.string(),
      size_label: z.string(),
      size_text: z.string(),
      per_text: z.string().optional(),
      per_text_fr: z.string().optional(),
      metric: z.string(),
      unit: z.enum(['g', 'ml']),
    })
    .optional(),
  lines: z.array(NutritionLineSchema),
  statements: z.array(z.string()),
  footnotes: z.array(z.string()),
  linear_text: z.string().optional(),
  fop: z.object({ fat: FopColourSchema, saturates: FopColourSchema, sugars: FopColourSchema, salt: FopColourSchema }).optional(),
  fop_panel: z
    .object({
      kind: z.enum(['food', 'drink']),
      basis: z.enum(['portion', 'per_100']),
      energy: z.object({ amount: z.string(), ri: z.string() }),
      items: z.object(Object.fromEntries(FOP.map((k) => [k, FopItem])) as Record<(typeof FOP)[number], typeof FopItem>),
    })
    .optional(),
  warnings: z.array(z.string()),
  simplified: z.object({ allowed: z.boolean(), insignificant: z.array(z.string()) }).optional(),
  calories_method: z.enum(['declared', 'general', 'non_digestible']).optional(),
});
export type NutritionLabel = z.infer<typeof NutritionLabelSchema>;

/** Whether the drawn label fits the panel it was asked for; when not, the formats that would. */
export const NutritionFitSchema = z.object({ fits: z.boolean(), message: z.string(), suggest: z.array(z.string()) });

export const NutritionComputedSchema = NutritionLabelSchema.extend({
  /** Live-text SVG in mm (the preview; the downloads outline the text). */
  svg: z.string(),
  width_mm: z.number(),
  height_mm: z.number(),
  overflow: z.array(z.string()),
  fit: NutritionFitSchema.optional(),
  ingredients_statement: NutritionIngredientsStatementSchema.optional(),
  /** Recipe mode: the nutrients the recipe gave, in the basis of the label (per serving or per 100 g/ml). */
  recipe_nutrients: z.record(z.string(), z.string()).optional(),
  /** Recipe ingredients the composition table did not know (their nutrients count as 0), by index. */
  unmatched: z.array(z.object({ index: z.number().int(), name: z.string() })).optional(),
});
export type NutritionComputed = z.infer<typeof NutritionComputedSchema>;

export const compute = defineCall({
  method: 'POST',
  path: '/api/nutrition/compute',
  auth: 'session',
  summary: 'Compute a nutrition label (rounded figures, statements, warnings and its SVG) without saving it',
  input: NutritionLabelInputSchema,
  data: NutritionComputedSchema,
});

const ProjectId = z.string().min(1, 'project_id is required.').max(64);

export const save = defineCall({
  method: 'POST',
  path: '/api/nutrition/label',
  auth: 'session',
  summary: "Save a label as a project of type 'nutrition' (a new one without project_id)",
  input: z.object({ project_id: ProjectId.optional(), name: Name('name'), input: NutritionLabelInputSchema }),
  data: z.object({ project_id: z.string(), name: z.string(), update_at: z.number().int() }),
});

export const NutritionLabelRecordSchema = z.object({
  project_id: z.string(),
  name: z.string(),
  input: NutritionLabelInputSchema,
  label: NutritionComputedSchema,
  create_at: z.number().int(),
  update_at: z.number().int(),
});
export type NutritionLabelRecord = z.infer<typeof NutritionLabelRecordSchema>;

export const label = defineCall({
  method: 'GET',
  path: '/api/nutrition/label',
  auth: 'session',
  summary: 'One saved label with its inputs and computed figures (owner only)',
  input: z.object({ project_id: ProjectId }),
  data: NutritionLabelRecordSchema,
});

export const NutritionLabelSummarySchema = z.object({
  project_id: z.string(),
  name: z.string(),
  region: NutritionRegionSchema,
  format: z.string(),
  update_at: z.number().int(),
});

export const list = defineCall({
  method: 'GET',
  path: '/api/nutrition/labels',
  auth: 'session',
  summary: "The caller's saved labels, newest first",
  input: z.object({
    page_index: z.coerce.number().int().min(1, 'page_index must be 1 or more.').default(1),
    page_size: z.coerce.number().int().min(1).max(100, 'page_size must be at most 100.').default(20),
  }),
  data: z.object({ list: z.array(NutritionLabelSummarySchema), total: z.number().int() }),
});

export const NUTRITION_DOWNLOAD_FORMATS = ['svg', 'png', 'pdf'] as const;

/**
 * SPEC §6: guests sign in (401); a free account gets a watermarked preview (ask with watermark: true;
 * without it 403 "Please activate your membership."); a paid account downloads the clean file.
 */
export const download = defineCall({
  method: 'POST',
  path: '/api/nutrition/download',
  auth: 'session',
  summary: 'Render a saved label as SVG (text outlined), PNG at 300 dpi or PDF at its true size',
  input: z.object({
    project_id: ProjectId,
    format: z.enum(NUTRITION_DOWNLOAD_FORMATS, { error: 'format must be svg, png or pdf.' }),
    watermark: z.boolean().optional(),
  }),
  data: z.object({
    url: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    bytes: z.number().int(),
    watermarked: z.boolean(),
    width_mm: z.number(),
    height_mm: z.number(),
  }),
});

/** A row of the composition table (or a user's own entry): nutrients per 100 g. */
export const NutritionFoodSchema = z.object({
  food_id: z.string(),
  name: z.string(),
  /** 'table' for the shipped composition table, 'mine' for the caller's own entries. */
  source: z.enum(['table', 'mine']),
  /** Where the figures come from (e.g. "USDA SR Legacy 20081"). */
  reference: z.string(),
  per_100g: z.record(z.string(), z.string()),
  allergens: z.array(z.string()),
});
export type NutritionFood = z.infer<typeof NutritionFoodSchema>;

export const foods = defineCall({
  method: 'GET',
  path: '/api/nutrition/foods',
  auth: 'session',
  summary: "Ingredients by name (fuzzy) from the composition table and the caller's own entries",
  input: z.object({
    q: z.string().trim().max(80, 'q: at most 80 characters.').default(''),
    limit: z.coerce.number().int().min(1).max(50, 'limit must be at most 50.').default(10),
  }),
  data: z.object({ list: z.array(NutritionFoodSchema) }),
});

export const saveFood = defineCall({
  method: 'POST',
  path: '/api/nutrition/food',
  auth: 'session',
  summary: 'Save one of my own ingredients (nutrients per 100 g)',
  input: z.object({
    food_id: z.string().max(64).optional(),
    name: Name('name'),
    per_100g: NutritionNutrientsSchema,
    allergens: z.array(z.string().max(40)).max(20).optional(),
  }),
  data: NutritionFoodSchema,
});

export const deleteFood = defineCall({
  method: 'DELETE',
  path: '/api/nutrition/food',
  auth: 'session',
  summary: 'Delete one of my own ingredients',
  input: z.object({ food_id: z.string().min(1, 'food_id is required.').max(64) }),
  data: z.object({ food_id: z.string() }),
});

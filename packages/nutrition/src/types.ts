import type { NutrientKey } from './nutrients.js';

export type Region = 'us' | 'ca' | 'eu' | 'uk';

/** Formats per region. US: 21 CFR 101.9(d), (e), (f), (j)(13). Canada: the bilingual standard. EU/UK: Art. 34 table or linear. */
export type UsFormat = 'standard' | 'tabular' | 'linear' | 'dual' | 'simplified';
export type CaFormat = 'standard';
export type EuFormat = 'table' | 'linear';
export type LabelFormat = UsFormat | CaFormat | EuFormat;

export const FORMATS: Readonly<Record<Region, readonly LabelFormat[]>> = {
  us: ['standard', 'tabular', 'linear', 'dual', 'simplified'],
  ca: ['standard'],
  eu: ['table', 'linear'],
  uk: ['table', 'linear'],
};

/** An amount as typed: a decimal string ("12.5") or a number (read through its shortest text, never as a float). */
export type Amount = string | number;

export interface ServingInput {
  /** Household measure as printed: "2/3 cup", "1 bar". US/CA: required; EU/UK: the portion's description. */
  size_text?: string;
  /** French household measure for Canada ("2/3 tasse"); the English text is used when absent (with a warning). */
  size_text_fr?: string;
  /** US/CA: the serving in g or mL. EU/UK: the portion in g or mL (optional; gives the per-portion column). */
  grams_or_ml?: Amount;
  /** 'ml' for drinks and other liquids; default 'g'. Picks "100 ml" in EU/UK and the drink thresholds of the UK guide. */
  unit?: 'g' | 'ml';
  /** Servings (US/CA) or portions (EU/UK) per container; may be fractional (2.4 → "about 2.5"). */
  per_container?: Amount;
}

/** Nutrient amounts keyed by {@link NutrientKey}, each in that nutrient's unit (g, mg or mcg). */
export type NutrientsInput = Partial<Record<NutrientKey, Amount>>;

export interface LabelOptions {
  /**
   * %DV / %RI from the declared (rounded) amount or the actual one. 21 CFR 101.9(d)(7)(ii) allows both
   * ("dividing either the amount declared on the label … or the actual amount"). Default 'declared'.
   */
  dv_basis?: 'declared' | 'actual';
  /** US: the children 1–3 years Daily Values and the "1,000 calories" footnote. Implies protein %DV. */
  children_1_3?: boolean;
  /**
   * US calories. 'declared': use nutrients.energy_kcal (any method of (c)(1)(i), e.g. specific Atwater or
   * bomb calorimetry, computed by the user). 'general': 4/4/9 on protein, total carbohydrate, fat.
   * 'non_digestible': 4/4/9 on carbohydrate less fibre and sugar alcohols, 2 kcal/g soluble fibre.
   * Default: 'declared' when energy_kcal is given, else 'general'.
   */
  calories_method?: 'declared' | 'general' | 'non_digestible';
  /** kcal per g of sugar alcohol in the 'non_digestible' method (FDA guidance factors 0–3; default 2.4). */
  sugar_alcohol_kcal_per_g?: Amount;
  /** US: < 5 calories "may be expressed as zero" ((c)(1)); 'nearest_5' prints 5 for 2.5–4.99. Default 'zero'. */
  calories_below_5?: 'zero' | 'nearest_5';
  /**
   * US carbohydrate, fibres, sugars, added sugars, sugar alcohol and protein from 0.5 to < 1 g: "Less than 1g"
   * or the nearest gram, "1g" (both lawful: "less than 1 gram" "may be used as an alternative", (c)(6)(i), (c)(7)).
   * Default 'less_than'.
   */
  below_1g?: 'less_than' | 'one';
  /** US: show protein %DV (voluntary unless a protein claim is made or the food is for children under 4). */
  protein_dv?: boolean;
  /** US: PDCAAS (0–1) used for protein %DV, (c)(7)(ii). Default 1 (with a warning when protein %DV is shown). */
  protein_pdcaas?: Amount;
  /**
   * US vitamin/mineral amounts. 'guidance': FDA's recommended increments (RDI < 25: 0.1; < 250: 1;
   * ≥ 250: 10). 'significance': the levels of significance of the RDI table itself, (c)(8)(ii) (RDI ≥ 250:
   * whole units, as the rule's own "Potassium 235mg"). Default 'guidance'.
   */
  micronutrient_increments?: 'guidance' | 'significance';
  /**
   * US vitamins and minerals under 2% of the RDI: 'zero' ("0mcg", "0%"), 'asterisk' (a symbol and
   * "Contains less than 2 percent of the Daily Value of …"), or 'omit' (the line is dropped and "Not a
   * significant source of …" is printed). Default 'zero'.
   */
  below_2_percent?: 'zero' | 'asterisk' | 'omit';
  /** US: add the IU figure after vitamin D mcg ("2mcg (80 IU)"). */
  vitamin_d_iu?: boolean;
  /** Canada: Table of Daily Values version. '2022' (current; potassium 3,400 mg) or '2016' (4,700 mg). Default '2022'. */
  ca_daily_values?: '2022' | '2016';
  /** Canada: the product meets the "free of" condition for these, so values below the first threshold print 0. */
  ca_free_of?: readonly ('energy' | 'fat' | 'sodium')[];
  /** EU/UK values at or below the lowest threshold: '<0.5 g' style ('less_than') or '0 g' ('zero'). Default 'less_than'. */
  eu_negligible?: 'less_than' | 'zero';
  /** EU/UK: %RI per 100 g/ml too (Art. 32(4)); per portion is shown whenever a portion is given. Default true. */
  ri_per_100?: boolean;
  /** EU: energy from Annex XIV factors ('computed', default when energy is not given) or from energy_kcal/energy_kj. */
  energy_method?: 'computed' | 'declared';
  /** UK FoP: colour from the printed (declared) per-100 values or the actual ones. Default 'declared'. */
  fop_basis?: 'declared' | 'actual';
  /** UK FoP: product kind for the thresholds; default 'drink' when serving.unit is 'ml', else 'food'. */
  fop_kind?: 'food' | 'drink';
}

export interface LabelInput {
  region: Region;
  /** Default per region: us/ca 'standard', eu/uk 'table'. */
  format?: LabelFormat;
  serving?: ServingInput;
  nutrients: NutrientsInput;
  options?: LabelOptions;
}

export type FopColour = 'green' | 'amber' | 'red';

/** One printed row. `amount`/`dv` are exactly the label's text; the rest is what a renderer needs. */
export interface LabelLine {
  key: NutrientKey | 'calories' | 'energy';
  label: string;
  /** Printed amount: "8g", "Less than 1g", "160mg", "1618 kJ / 385 kcal", "0.84 g". */
  amount: string;
  /** Printed percentage: "10%", "" when none. */
  dv: string;
  /** The whole row as one phrase (linear format, screen readers): "Total Fat 8g 10%", "Includes 10g Added Sugars 20%". */
  text: string;
  /** 0 top level, 1 indented, 2 double indented (US (d)(1)(iv): names of indented rows are not bold). */
  indent: 0 | 1 | 2;
  bold: boolean;
  /** The declared figure without unit ("8", "0.5"); "" for worded amounts such as "Less than 1g". */
  value: string;
  unit: string;
  /** Canada: French label, amount and %DV. */
  label_fr?: string;
  amount_fr?: string;
  dv_fr?: string;
  /** Canada: one %DV for saturated + trans, printed across both lines (set on the saturated line). */
  dv_spans?: number;
  /** US dual column: per container. */
  container_amount?: string;
  container_dv?: string;
  /** EU/UK: per portion. */
  portion_amount?: string;
  portion_dv?: string;
  /** US 'asterisk' option: the row's percent refers to the footnote symbol. */
  symbol?: string;
}

export interface ServingBlock {
  /** "8 servings per container", "about 2.5 servings per container", "" when not given. */
  servings_text: string;
  /** "Serving size". */
  size_label: string;
  /** "2/3 cup (55g)". */
  size_text: string;
  /** Canada: "Per 2/3 cup (55 g)" / "pour 2/3 tasse (55 g)". */
  per_text?: string;
  per_text_fr?: string;
  /** Rounded metric serving as text ("55"). */
  metric: string;
  unit: 'g' | 'ml';
}

export interface FopPanel {
  kind: 'food' | 'drink';
  /** Per portion when a portion is given, otherwise per 100 g/ml (the basis of the figures below). */
  basis: 'portion' | 'per_100';
  energy: { amount: string; ri: string };
  items: Record<'fat' | 'saturates' | 'sugars' | 'salt', { amount: string; ri: string; colour: FopColour; per_100: string }>;
}

export interface LabelResult {
  region: Region;
  /** The format drawn (a simplified request that is not allowed falls back to 'standard', with a warning). */
  format: LabelFormat;
  title: string;
  title_fr?: string;
  /** 'serving' for us/ca, 'per_100' for eu/uk. */
  basis: 'serving' | 'per_100';
  /** EU/UK column headings: "Per 100 g", "Per 30 g portion". */
  columns: string[];
  serving?: ServingBlock;
  lines: LabelLine[];
  /** Printed statements under the table: "Not a significant source of …", "Contains less than 2 percent …". */
  statements: string[];
  /** Printed footnotes (Canada: English then French). */
  footnotes: string[];
  /** Linear format: the whole declaration as one paragraph. */
  linear_text?: string;
  /** UK front-of-pack colours. */
  fop?: Record<'fat' | 'saturates' | 'sugars' | 'salt', FopColour>;
  fop_panel?: FopPanel;
  /** Plain-language notes for the person making the label (not printed). */
  warnings: string[];
  /** US: whether the simplified format is allowed, and the insignificant core nutrients counted for it. */
  simplified?: { allowed: boolean; insignificant: string[] };
  /** US: the calories method used. */
  calories_method?: 'declared' | 'general' | 'non_digestible';
}

/** Input the engine cannot label; `field` is the input path at fault ("nutrients.fat"), answered as code 400. */
export class NutritionInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'NutritionInputError';
  }
}

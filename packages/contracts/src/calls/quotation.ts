import { z } from 'zod';
import { defineCall } from '../call.js';
import { MaterialTypeSchema } from '../catalog/categories.js';
import { ChatMessageSchema } from '../entities.js';

/**
 * The AI price quotation (SPEC §1 pricing tool, §2 /aiquotation and /print, §3 Pricing tool
 * selections, §7 /api/quotation/*, /api/factory/*). The cost engine is packages/quote; these are
 * the shapes on the wire. docs/QUOTATION.md explains the model and every shape the spec does not show.
 */

export const QUOTE_PRINTS = ['none', 'one_colour', 'two_colour', 'cmyk', 'cmyk_both_sides'] as const;
export const QuotePrintSchema = z.enum(QUOTE_PRINTS);
export type QuotePrint = z.infer<typeof QuotePrintSchema>;
/** How each print option reads on screen, in chips and on the quote PDF. */
export const QUOTE_PRINT_LABELS: Record<QuotePrint, string> = {
  none: 'No print',
  one_colour: 'One colour',
  two_colour: 'Two colours',
  cmyk: 'CMYK',
  cmyk_both_sides: 'CMYK both sides',
};

export const QUOTE_FINISHES = ['matte_lamination', 'gloss_lamination', 'spot_uv', 'foil', 'emboss', 'window'] as const;
export const QuoteFinishSchema = z.enum(QUOTE_FINISHES);
export type QuoteFinish = z.infer<typeof QuoteFinishSchema>;
export const QUOTE_FINISH_LABELS: Record<QuoteFinish, string> = {
  matte_lamination: 'Matte lamination',
  gloss_lamination: 'Gloss lamination',
  spot_uv: 'Spot UV',
  foil: 'Foil',
  emboss: 'Embossing',
  window: 'Window',
};

/** The printing and converting routes the engine compares; `unit_table` is a priced-by-table estimate (bottles, cans, pouches…). */
export const QUOTE_PROCESSES = ['digital', 'offset', 'flexo', 'unit_table'] as const;
export const QuoteProcessSchema = z.enum(QUOTE_PROCESSES);
export type QuoteProcess = z.infer<typeof QuoteProcessSchema>;

/** The default quantity ladder (the engine adds the requested quantity when it is not on it). */
export const QUOTE_LADDER = [250, 500, 1000, 2000, 5000, 10000, 20000] as const;
export const QUOTE_MAX_QUANTITY = 1_000_000;
/** Days a quote's prices hold (shown on the quote and its PDF). */
export const QUOTE_VALID_DAYS = 30;
/** The largest outside dimension any quote accepts (the box type's own range is narrower). */
export const QUOTE_MAX_DIMENSION_MM = 2000;

const Dimension = (field: string) =>
  z.coerce
    .number({ error: `${field}: a number of millimetres.` })
    .refine((v) => Number.isFinite(v), `${field}: a number of millimetres.`)
    .refine((v) => v > 0, `${field}: must be greater than 0 mm.`)
    .refine((v) => v <= QUOTE_MAX_DIMENSION_MM, `${field}: at most ${QUOTE_MAX_DIMENSION_MM} mm.`);

/**
 * What a quote is computed from. `box` is a catalogue slug ('straight-tuck-end', 'mailer-box') or a
 * box id (102). Sizes are inside dimensions in mm; for round packs length_mm is the diameter (width_mm
 * is ignored), for pouches and bags length_mm × height_mm is the flat size and width_mm the gusset (0 = none).
 */
export const QuoteInputSchema = z.object({
  box: z.union([z.string().trim().min(1, 'box is required.').max(64), z.number().int()]),
  length_mm: Dimension('length_mm'),
  width_mm: z.coerce
    .number({ error: 'width_mm: a number of millimetres.' })
    .refine((v) => Number.isFinite(v) && v >= 0, 'width_mm: must not be negative.')
    .refine((v) => v <= QUOTE_MAX_DIMENSION_MM, `width_mm: at most ${QUOTE_MAX_DIMENSION_MM} mm.`),
  height_mm: Dimension('height_mm'),
  material: MaterialTypeSchema,
  print: QuotePrintSchema.optional().default('cmyk'),
  finishes: z.array(QuoteFinishSchema).max(6).optional().default([]),
  quantity: z.coerce.number().int('quantity: a whole number.').min(1, 'quantity: at least 1.').max(QUOTE_MAX_QUANTITY).optional(),
  /** ISO 3166-1 alpha-2 country the order ships to; freight is by zone. */
  destination: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'destination: a two-letter country code such as DE or US.')
    .transform((s) => s.toUpperCase())
    .optional(),
  /** Board grammage (folding board) when not the material's default. */
  gsm: z.coerce.number().int().min(150).max(2000).optional(),
  /** Corrugated flute when not the box type's default. */
  flute: z.enum(['E', 'B', 'C', 'F', 'BC']).optional(),
});
export type QuoteInput = z.input<typeof QuoteInputSchema>;
export type QuoteRequest = z.output<typeof QuoteInputSchema>;

export const QuoteLadderStepSchema = z.object({
  quantity: z.number().int(),
  unit_price: z.number(),
  total: z.number(),
  process: QuoteProcessSchema,
});
export type QuoteLadderStep = z.infer<typeof QuoteLadderStepSchema>;

export const QuoteLineSchema = z.object({
  /** 'Board', 'Plates', 'Press make-ready', 'Press run and ink', 'Cutting die', 'Die-cutting', 'Finishing: matte lamination', 'Gluing', 'Packing', 'Freight', 'Margin'… */
  name: z.string(),
  amount: z.number(),
  /** How the line was computed, in words ("422 sheets × €0.334"). */
  note: z.string().optional(),
  /** One-off tooling (dies, plates): not charged again on a reorder. */
  one_off: z.boolean().optional(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const FACTORY_PROCESSES = ['offset', 'digital', 'flexo', 'corrugated', 'rigid_boxes', 'flexible_packaging', 'labels', 'bottles', 'cans'] as const;
export const FactoryProcessSchema = z.enum(FACTORY_PROCESSES);
export type FactoryProcess = z.infer<typeof FactoryProcessSchema>;
export const FACTORY_PROCESS_LABELS: Record<FactoryProcess, string> = {
  offset: 'Offset',
  digital: 'Digital',
  flexo: 'Flexo',
  corrugated: 'Corrugated',
  rigid_boxes: 'Rigid boxes',
  flexible_packaging: 'Flexible packaging',
  labels: 'Labels',
  bottles: 'Bottles',
  cans: 'Cans',
};

export const FactorySchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  country_code: z.string(),
  lat: z.number(),
  lng: z.number(),
  processes: z.array(FactoryProcessSchema),
  materials: z.array(MaterialTypeSchema),
  moq_min: z.number().int(),
  moq_max: z.number().int(),
  lead_time_days_min: z.number().int(),
  lead_time_days_max: z.number().int(),
  certifications: z.array(z.string()),
  contact_email: z.string(),
  phone: z.string(),
  website: z.string(),
  description: z.string(),
  /** True while the entry is the seeded sample directory (not a real business). */
  sample: z.boolean(),
  /** Set by a search by city that fell back to the nearest cities. */
  distance_km: z.number().optional(),
});
export type Factory = z.infer<typeof FactorySchema>;

export const QuoteSchema = z.object({
  /** Set when the quote was saved (in a project or by an estimate). */
  quote_id: z.string().optional(),
  currency: z.string(),
  box: z.object({ box_id: z.number().int(), slug: z.string(), name: z.string() }),
  /** The request, normalised (defaults filled in). */
  spec: z.object({
    length_mm: z.number(),
    width_mm: z.number(),
    height_mm: z.number(),
    material: MaterialTypeSchema,
    print: QuotePrintSchema,
    finishes: z.array(QuoteFinishSchema),
    quantity: z.number().int(),
    destination: z.string(),
    board: z.string(),
  }),
  quantity: z.number().int(),
  unit_price: z.number(),
  total: z.number(),
  process: QuoteProcessSchema,
  ladder: z.array(QuoteLadderStepSchema),
  /** Lines for `quantity` (the requested one, or the ladder's first); they add up to `total`. */
  breakdown: z.array(QuoteLineSchema),
  moq: z.number().int(),
  lead_time_days: z.number().int(),
  /** The quantity from which offset (or flexo) is cheaper than digital; null when one route wins everywhere. */
  crossover: z.object({ quantity: z.number().int(), from: QuoteProcessSchema, to: QuoteProcessSchema }).nullable(),
  /** The blank from the dieline and its imposition (null for packs priced by unit table). */
  blank: z
    .object({
      width_mm: z.number(),
      height_mm: z.number(),
      area_m2: z.number(),
      sheet_width_mm: z.number(),
      sheet_height_mm: z.number(),
      up: z.number().int(),
      utilisation: z.number(),
      weight_g: z.number(),
    })
    .nullable(),
  /** True when priced from the configurable unit-cost tables (marked as an estimate on screen). */
  estimate_only: z.boolean(),
  /** Plain-language caveats ("Freight by zone: EU", "Prices are estimates before artwork check"). */
  notes: z.array(z.string()),
  valid_until: z.number().int(),
  factories: z.array(FactorySchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const estimate = defineCall({
  method: 'POST',
  path: '/api/quotation/estimate',
  auth: 'session',
  summary: 'A full quote (ladder, breakdown, MOQ, lead time, factories) without a chat',
  input: QuoteInputSchema.extend({ project_id: z.string().max(64).optional() }),
  data: QuoteSchema,
});

/** SPEC §3: items with title, name, value; the 'Product' entry is always first. */
export const SelectionSchema = z.object({ title: z.string(), name: z.string(), value: z.string() });
export type Selection = z.infer<typeof SelectionSchema>;
/** The selection names the quotation chat fills, in the order it asks. */
export const SELECTION_NAMES = ['product', 'box', 'size', 'material', 'print', 'finishes', 'quantity', 'destination'] as const;
export const SelectionNameSchema = z.enum(SELECTION_NAMES);
export type SelectionName = z.infer<typeof SelectionNameSchema>;
/** The display title of each selection (SPEC §3 `title`). */
export const SELECTION_TITLES: Record<SelectionName, string> = {
  product: 'Product',
  box: 'Box type',
  size: 'Size',
  material: 'Material',
  print: 'Print',
  finishes: 'Finishes',
  quantity: 'Quantity',
  destination: 'Destination',
};

/** data of quotation chat messages: the selections after the turn, the options for what is asked next, and the quote once complete. */
export const QuotationChatDataSchema = z.object({
  selections: z.array(SelectionSchema),
  /** The selection being asked for, if any. */
  asking: SelectionNameSchema.nullable(),
  /** Quick answers for it (chips). */
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  quote: QuoteSchema.optional(),
});
export type QuotationChatData = z.infer<typeof QuotationChatDataSchema>;

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const MessagesAnswer = z.object({ messages: z.array(ChatMessageSchema), record: z.null() });

export const hello = defineCall({
  method: 'POST',
  path: '/api/quotation/hello',
  auth: 'session',
  summary: 'The quotation assistant greets a new pricing-tool chat (only when the history is empty)',
  input: z.object({ project_id: ProjectId, type: z.literal('pricing_tool').optional().default('pricing_tool') }),
  data: MessagesAnswer,
});

export const message = defineCall({
  method: 'POST',
  path: '/api/quotation/message',
  auth: 'session',
  summary: 'Answer the quotation assistant; it asks what is missing and answers a quote when complete',
  input: z.object({
    project_id: ProjectId,
    content: z
      .string()
      .max(4000, 'content: at most 4000 characters.')
      .refine((s) => s.trim().length > 0, 'Please type a message.'),
    is_generate: z.boolean().optional().default(false),
    reference_img: z.string().max(2000).optional(),
  }),
  data: MessagesAnswer,
});

export const selection = defineCall({
  method: 'PUT',
  path: '/api/quotation/selection',
  auth: 'session',
  summary: 'Change one selection (an edited chip); the assistant re-quotes when the selections are complete',
  input: z.object({ project_id: ProjectId, name: SelectionNameSchema, value: z.string().trim().min(1, 'value is required.').max(200) }),
  data: MessagesAnswer,
});

export const state = defineCall({
  method: 'GET',
  path: '/api/quotation/state',
  auth: 'session',
  summary: "A pricing-tool project's selections and saved quotes, newest first",
  input: z.object({ project_id: ProjectId }),
  data: z.object({ selections: z.array(SelectionSchema), quotes: z.array(QuoteSchema) }),
});

export const fromProject = defineCall({
  method: 'POST',
  path: '/api/quotation/from_project',
  auth: 'session',
  summary: "Start a quotation from one of the caller's design projects: its product, box type and size come along",
  input: z.object({ source_project_id: ProjectId }),
  data: z.object({ project_id: z.string() }),
});

/** GET /api/quotation/pdf?quote_id (Bearer token) answers application/pdf; not a JSON call. */
export const QUOTE_PDF_PATH = '/api/quotation/pdf';

// ---- Factories (SPEC §7) ----

const Paging = {
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

export const factoryList = defineCall({
  method: 'GET',
  path: '/api/factory/list',
  auth: 'public',
  summary: 'Factories, paged, filtered by process and material',
  input: z.object({ ...Paging, process: FactoryProcessSchema.optional(), material: MaterialTypeSchema.optional() }),
  data: z.object({ total: z.number().int(), list: z.array(FactorySchema) }),
});

export const factorySearchCity = defineCall({
  method: 'GET',
  path: '/api/factory/search/city',
  auth: 'public',
  summary: 'Factories in a city (case- and accent-insensitive); the nearest cities by distance when it has none',
  input: z.object({ city: z.string().trim().min(1, 'city is required.').max(100) }),
  data: z.object({
    /** The city as stored when one matched, else the query. */
    city: z.string(),
    /** False when the list holds the nearest factories of other cities instead. */
    exact: z.boolean(),
    list: z.array(FactorySchema),
  }),
});

export const factoryListAll = defineCall({
  method: 'GET',
  path: '/api/factory/list/all',
  auth: 'public',
  summary: 'Every factory (for the map and city groups)',
  input: z.object({}),
  data: z.object({ list: z.array(FactorySchema) }),
});

/** The fields an admin writes; optional ones carry no default here, so an update changes only what it sends. */
const FactoryFieldsSchema = z.object({
  name: z.string().trim().min(1, 'name is required.').max(200),
  city: z.string().trim().min(1, 'city is required.').max(100),
  country: z.string().trim().min(1, 'country is required.').max(100),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'country_code: two letters.')
    .transform((s) => s.toUpperCase()),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  processes: z.array(FactoryProcessSchema).min(1, 'processes: at least one.'),
  materials: z.array(MaterialTypeSchema).min(1, 'materials: at least one.'),
  moq_min: z.number().int().min(1),
  moq_max: z.number().int().min(1),
  lead_time_days_min: z.number().int().min(1).max(365),
  lead_time_days_max: z.number().int().min(1).max(365),
  certifications: z.array(z.string().trim().min(1).max(60)).max(20),
  contact_email: z.email('contact_email: an email address.'),
  phone: z.string().trim().max(40),
  website: z.string().trim().max(300),
  description: z.string().trim().max(2000),
});

const FactoryWriteSchema = FactoryFieldsSchema.extend({
  certifications: FactoryFieldsSchema.shape.certifications.default([]),
  phone: FactoryFieldsSchema.shape.phone.default(''),
  website: FactoryFieldsSchema.shape.website.default(''),
  description: FactoryFieldsSchema.shape.description.default(''),
});

export const adminCreateFactory = defineCall({
  method: 'POST',
  path: '/api/admin/factory',
  auth: 'user',
  summary: 'Admin: add a factory (a real entry: sample false)',
  input: FactoryWriteSchema,
  data: FactorySchema,
});

export const adminUpdateFactory = defineCall({
  method: 'PUT',
  path: '/api/admin/factory',
  auth: 'user',
  summary: 'Admin: change a factory (it stops being sample data)',
  input: FactoryFieldsSchema.partial().extend({ id: z.string().min(1).max(64) }),
  data: FactorySchema,
});

export const adminDeleteFactory = defineCall({
  method: 'DELETE',
  path: '/api/admin/factory',
  auth: 'user',
  summary: 'Admin: remove a factory',
  input: z.object({ id: z.string().min(1).max(64) }),
  data: z.object({ id: z.string() }),
});

// ---- Print order (/print) ----

export const PRINT_REQUEST_STATUSES = ['sent', 'quoted', 'in_production', 'shipped', 'cancelled'] as const;

export const PrintCheckSchema = z.object({
  project_id: z.string(),
  image_url: z.string(),
  box: z.object({ box_id: z.number().int(), slug: z.string(), name: z.string() }),
  length_mm: z.number(),
  width_mm: z.number(),
  height_mm: z.number(),
  /** The flat dieline (SVG, our file) and its print figures. */
  dieline_url: z.string(),
  front_url: z.string(),
  sheet_width_mm: z.number(),
  sheet_height_mm: z.number(),
  bleed_mm: z.number(),
  safe_mm: z.number(),
  /** Checks a pre-press operator makes, each passed or with what to fix. */
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  /** SPEC §6: print-ready files are a Business feature. */
  print_ready_allowed: z.boolean(),
});
export type PrintCheck = z.infer<typeof PrintCheckSchema>;

export const printCheck = defineCall({
  method: 'GET',
  path: '/api/print/check',
  auth: 'session',
  summary: "Check a finished design's dieline for print: size, bleed, safe zone",
  input: z.object({ project_id: ProjectId, image_url: z.string().max(2000).optional() }),
  data: PrintCheckSchema,
});

export const PrintRequestSchema = z.object({
  id: z.string(),
  project_id: z.string().nullable(),
  factory: FactorySchema.pick({ id: true, name: true, city: true, country: true, sample: true }),
  design_url: z.string(),
  spec: QuoteSchema.shape.spec,
  box: QuoteSchema.shape.box,
  unit_price: z.number(),
  total: z.number(),
  currency: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  notes: z.string(),
  status: z.enum(PRINT_REQUEST_STATUSES),
  /** The print-ready PDF (bleed, CutContour and Crease) sent with a Business member's request: a file of the sender's; null otherwise. */
  print_file_url: z.string().nullable(),
  created_at: z.number().int(),
});
export type PrintRequest = z.infer<typeof PrintRequestSchema>;

export const printRequest = defineCall({
  method: 'POST',
  path: '/api/print/request',
  auth: 'user',
  summary: 'Send a print request to a factory (stored, confirmed by email, seen by admins)',
  input: QuoteInputSchema.extend({
    project_id: ProjectId,
    image_url: z.string().max(2000).optional(),
    factory_id: z.string().min(1, 'factory_id is required.').max(64),
    quantity: z.coerce.number().int().min(1, 'quantity: at least 1.').max(QUOTE_MAX_QUANTITY),
    contact_name: z.string().trim().min(1, 'contact_name is required.').max(120),
    contact_email: z.email('contact_email: an email address.'),
    notes: z.string().trim().max(2000).optional().default(''),
  }),
  data: PrintRequestSchema,
});

export const printRequests = defineCall({
  method: 'GET',
  path: '/api/print/requests',
  auth: 'user',
  summary: "The caller's print requests, newest first",
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), list: z.array(PrintRequestSchema) }),
});

export const adminPrintRequests = defineCall({
  method: 'GET',
  path: '/api/admin/print_requests',
  auth: 'user',
  summary: 'Admin: every print request, newest first, with who sent it',
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), list: z.array(PrintRequestSchema.extend({ user_id: z.string(), user_email: z.string().nullable() })) }),
});

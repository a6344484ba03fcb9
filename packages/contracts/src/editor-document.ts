import { z } from 'zod';

/*
 * The packaging editor's document (issue 17 item 1): one box type at its inside dimensions, the
 * dieline it was derived from, and per panel an ordered list of layers. The PUT
 * /api/editor/document call carries it; packages/editor holds its commands, migrations and
 * renderer. Lengths are millimetres, in the panel's own upright coordinates (origin at the
 * panel's top-left as the artwork reads; see EditorPanelSchema).
 */

/** The version this schema describes; packages/editor's `migrate` brings older documents here. */
export const EDITOR_DOCUMENT_VERSION = 2;

export const EDITOR_LIMITS = {
  panels: 64,
  layersPerPanel: 200,
  layersTotal: 1000,
  textLength: 2000,
  nameLength: 80,
  idLength: 64,
  urlLength: 4096,
  /** An inline data: URL (an image not yet stored as a file), characters. */
  dataUrlLength: 2_000_000,
  /** An inline SVG (logo, nutrition label, icon body), characters. */
  svgLength: 500_000,
  /** Largest coordinate magnitude or side on a panel, mm (a sheet larger than 2 m is a typo). */
  coordMm: 4000,
  sideMm: 4000,
  minSideMm: 0.1,
  /** Type sizes, pt. */
  minSizePt: 2,
  maxSizePt: 800,
  /** Tracking, thousandths of an em. */
  minTracking: -200,
  maxTracking: 2000,
  gradientStops: 8,
  /** Inside dimensions, mm. */
  dimensionMm: 2000,
  maxThicknessMm: 20,
  imagePx: 30_000,
} as const;

const L = EDITOR_LIMITS;

/** The guide lines the editor screen can show or hide (added in version 2). */
export const EditorGuidesSchema = z.object({
  bleed: z.boolean(),
  safe: z.boolean(),
  folds: z.boolean(),
});
export type EditorGuides = z.infer<typeof EditorGuidesSchema>;
export const DEFAULT_GUIDES: EditorGuides = { bleed: true, safe: true, folds: true };

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (field: string) => z.string({ error: `${field} must be a colour like #1a2b3c.` }).regex(HEX, `${field} must be a colour like #1a2b3c.`);

const num = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number.` })
    .refine(Number.isFinite, `${field} must be a finite number.`)
    .min(min, `${field} must be at least ${min}.`)
    .max(max, `${field} must be at most ${max}.`);

const url = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .min(1, `${field} is required.`)
    .max(L.dataUrlLength, `${field}: at most ${L.dataUrlLength} characters.`)
    .refine((s) => s.startsWith('data:') || s.length <= L.urlLength, `${field}: at most ${L.urlLength} characters.`)
    .refine(
      (s) => /^(https?:\/\/|\/|data:image\/(png|jpeg|webp|svg\+xml)[;,])/.test(s),
      `${field} must be an http(s) URL, a path from /, or a data:image URL.`,
    );

const svgText = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .max(L.svgLength, `${field}: at most ${L.svgLength} characters.`)
    .refine((s) => /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(s), `${field} must be an SVG document.`)
    .refine((s) => !/<script|\son[a-z]+\s*=/i.test(s), `${field} may not hold scripts or event handlers.`);

/** The font families the design engine ships (as resvg and the PDF embedder name them). */
export const EDITOR_FONT_FAMILIES = [
  'Inter',
  'Space Grotesk',
  'Playfair Display',
  'Cormorant Garamond',
  'DM Serif Display',
  'Montserrat',
  'Fredoka',
  'Pacifico',
  'Poppins',
  'Abril Fatface',
  'Bebas Neue',
  'Oswald',
  'Lora',
  'Josefin Sans',
] as const;
export type EditorFontFamily = (typeof EDITOR_FONT_FAMILIES)[number];

const LayerBase = {
  id: z
    .string({ error: 'id is required.' })
    .min(1, 'id is required.')
    .max(L.idLength, `id: at most ${L.idLength} characters.`)
    .regex(/^[A-Za-z0-9_-]+$/, 'id may hold letters, digits, - and _ only.'),
  name: z.string({ error: 'name is required.' }).trim().max(L.nameLength, `name: at most ${L.nameLength} characters.`),
  x: num('x', -L.coordMm, L.coordMm),
  y: num('y', -L.coordMm, L.coordMm),
  w: num('w', L.minSideMm, L.sideMm),
  h: num('h', L.minSideMm, L.sideMm),
  /** Degrees clockwise about the layer's centre. */
  rotation: num('rotation', -360, 360),
  opacity: num('opacity', 0, 1),
  locked: z.boolean({ error: 'locked must be true or false.' }),
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
};

const GradientStopSchema = z.object({ offset: num('offset', 0, 1), colour: colour('colour') });

export const BackgroundFillSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('colour'), colour: colour('fill.colour') }),
    z.object({
      type: z.literal('linear'),
      /** Degrees clockwise from "left to right". */
      angle: num('fill.angle', -360, 360),
      stops: z.array(GradientStopSchema).min(2, 'fill.stops: at least 2 stops.').max(L.gradientStops, `fill.stops: at most ${L.gradientStops} stops.`),
    }),
    z.object({
      type: z.literal('image'),
      url: url('fill.url'),
      natural: z.object({ width: num('fill.natural.width', 1, L.imagePx), height: num('fill.natural.height', 1, L.imagePx) }),
    }),
  ],
  { error: 'fill.type must be colour, linear or image.' },
);
export type BackgroundFill = z.infer<typeof BackgroundFillSchema>;

/** A crop as fractions (0–1) of the natural image. */
const CropSchema = z
  .object({ x: num('crop.x', 0, 1), y: num('crop.y', 0, 1), w: num('crop.w', 0.001, 1), h: num('crop.h', 0.001, 1) })
  .refine((c) => c.x + c.w <= 1 + 1e-9 && c.y + c.h <= 1 + 1e-9, 'crop must lie inside the image.');

const NaturalSchema = z.object({ width: num('natural.width', 1, L.imagePx), height: num('natural.height', 1, L.imagePx) });

const StrokeSchema = z.object({ colour: colour('stroke.colour'), width_mm: num('stroke.width_mm', 0.01, 50) });

/**
 * GS1 check digit of the digits before it (EAN-13: 12 digits, UPC-A: 11): weights 3 and 1
 * alternating from the rightmost data digit.
 */
export function gs1CheckDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const d = data.charCodeAt(data.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const BARCODE_SYMBOLOGIES = ['ean13', 'upca'] as const;
const BARCODE_LENGTH = { ean13: 13, upca: 12 } as const;

export const EditorLayerSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ ...LayerBase, kind: z.literal('background'), fill: BackgroundFillSchema }),
      z.object({ ...LayerBase, kind: z.literal('image'), url: url('url'), natural: NaturalSchema, crop: CropSchema }),
      z.object({
        ...LayerBase,
        kind: z.literal('text'),
        text: z.string({ error: 'text is required.' }).max(L.textLength, `text: at most ${L.textLength} characters.`),
        font: z.object({
          family: z.enum(EDITOR_FONT_FAMILIES, { error: `font.family must be one of ${EDITOR_FONT_FAMILIES.join(', ')}.` }),
          weight: z
            .number({ error: 'font.weight must be a number.' })
            .int('font.weight must be 100, 200 … 900.')
            .refine((w) => w >= 100 && w <= 900 && w % 100 === 0, 'font.weight must be 100, 200 … 900.'),
          italic: z.boolean({ error: 'font.italic must be true or false.' }),
        }),
        size_pt: num('size_pt', L.minSizePt, L.maxSizePt),
        /** Thousandths of an em added after every character. */
        tracking: num('tracking', L.minTracking, L.maxTracking),
        /** Baseline to baseline, × size (added in version 2). */
        line_height: num('line_height', 0.5, 4),
        align: z.enum(['left', 'center', 'right'], { error: 'align must be left, center or right.' }),
        colour: colour('colour'),
      }),
      z.object({
        ...LayerBase,
        kind: z.literal('shape'),
        shape: z.enum(['rect', 'ellipse', 'line'], { error: 'shape must be rect, ellipse or line.' }),
        fill: colour('fill').nullable(),
        stroke: StrokeSchema.nullable(),
        corner_radius_mm: num('corner_radius_mm', 0, L.sideMm),
      }),
      z.object({
        ...LayerBase,
        kind: z.literal('logo'),
        source: z.discriminatedUnion(
          'type',
          [
            z.object({ type: z.literal('image'), url: url('source.url'), natural: NaturalSchema }),
            z.object({ type: z.literal('svg'), svg: svgText('source.svg') }),
          ],
          { error: 'source.type must be image or svg.' },
        ),
      }),
      z.object({
        ...LayerBase,
        kind: z.literal('barcode'),
        symbology: z.enum(BARCODE_SYMBOLOGIES, { error: 'symbology must be ean13 or upca.' }),
        /** Every digit, the check digit included. */
        digits: z.string({ error: 'digits are required.' }).regex(/^\d+$/, 'digits may hold digits only.'),
        colour: colour('colour'),
        background: colour('background').nullable(),
      }),
      z.object({
        ...LayerBase,
        kind: z.literal('nutrition'),
        /** The label generator's project the SVG came from. */
        project_id: z
          .string({ error: 'project_id is required.' })
          .min(1, 'project_id is required.')
          .max(L.idLength, `project_id: at most ${L.idLength} characters.`),
        /** The label's SVG, in mm (its own width/height). */
        svg: svgText('svg'),
      }),
      z.object({
        ...LayerBase,
        kind: z.literal('icon'),
        /** The design engine's icon id (a lucide-static name). */
        icon: z
          .string({ error: 'icon is required.' })
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'icon must be an icon id like "leaf".')
          .max(L.idLength),
        /** The icon's inner markup on its 24 × 24 grid, so the renderer needs no icon files. */
        body: z
          .string({ error: 'body is required.' })
          .max(20_000, 'body: at most 20000 characters.')
          .refine((s) => !/<script|\son[a-z]+\s*=/i.test(s), 'body may not hold scripts.'),
        colour: colour('colour'),
        /** On the icon's 24-unit grid. */
        stroke_width: num('stroke_width', 0.1, 24),
      }),
    ],
    { error: 'kind must be background, image, text, shape, logo, barcode, nutrition or icon.' },
  )
  .superRefine((layer, ctx) => {
    if (layer.kind !== 'barcode') return;
    const want = BARCODE_LENGTH[layer.symbology];
    if (layer.digits.length !== want) {
      ctx.addIssue({ code: 'custom', path: ['digits'], message: `digits: a ${layer.symbology === 'ean13' ? 'EAN-13' : 'UPC-A'} has ${want} digits.` });
      return;
    }
    const check = gs1CheckDigit(layer.digits.slice(0, -1));
    if (Number(layer.digits.slice(-1)) !== check) ctx.addIssue({ code: 'custom', path: ['digits'], message: `digits: the check digit should be ${check}.` });
  });
export type EditorLayer = z.infer<typeof EditorLayerSchema>;
export type EditorLayerKind = EditorLayer['kind'];

const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number().nonnegative(), height: z.number().nonnegative() });
export type EditorRect = z.infer<typeof RectSchema>;

export const EDITOR_ROTATIONS = [0, 90, 180, 270] as const;

/**
 * One panel of the dieline. `rect` is where it lies on the flat sheet; the panel's own
 * coordinates are its upright artwork (`width` × `height`), turned clockwise by `rotation` to
 * fill `rect`. `safe` is the safe area in panel coordinates.
 */
export const EditorPanelSchema = z.object({
  id: z.string().min(1).max(L.idLength),
  role: z.string().min(1).max(32),
  rect: RectSchema,
  rotation: z.literal(EDITOR_ROTATIONS, { error: 'rotation must be 0, 90, 180 or 270.' }),
  width: z.number().positive(),
  height: z.number().positive(),
  safe: RectSchema,
});
export type EditorPanel = z.infer<typeof EditorPanelSchema>;

const SegmentSchema = z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() });
export type EditorSegment = z.infer<typeof SegmentSchema>;

/** The dieline as derived from the design engine, stored for reference (sheet mm). */
export const EditorDielineSchema = z.object({
  family: z.string().max(64),
  size: z.object({ width: z.number().positive(), height: z.number().positive() }),
  bleed_mm: z.number().nonnegative().max(20),
  safe_mm: z.number().nonnegative().max(20),
  panels: z.array(EditorPanelSchema).min(1).max(L.panels, `dieline.panels: at most ${L.panels}.`),
  /** SVG path data of the cut outlines and interior cuts. */
  cuts: z.array(z.string().max(100_000)).max(500),
  /** SVG path data of the creases. */
  creases: z.array(z.string().max(100_000)).max(500),
  /** The creases as straight segments (arcs flattened): what fold warnings test against. */
  folds: z.array(SegmentSchema).max(5000),
});
export type EditorDieline = z.infer<typeof EditorDielineSchema>;

export const EditorPanelLayersSchema = z.object({
  panel_id: z.string().min(1).max(L.idLength),
  layers: z.array(EditorLayerSchema).max(L.layersPerPanel, `layers: at most ${L.layersPerPanel} on one panel.`),
});
export type EditorPanelLayers = z.infer<typeof EditorPanelLayersSchema>;

export const EditorDocumentSchema = z
  .object({
    version: z.literal(EDITOR_DOCUMENT_VERSION, { error: `version must be ${EDITOR_DOCUMENT_VERSION} (migrate older documents first).` }),
    box: z.object({ id: z.number().int().positive(), slug: z.string().min(1).max(64) }),
    /** Inside dimensions by the dieline's parameter names (length, width, height; diameter…), mm. */
    dimensions: z.record(z.string().regex(/^[A-Za-z]+$/, 'dimensions: names are letters only.'), num('dimensions', 0, L.dimensionMm)),
    thickness_mm: num('thickness_mm', 0, L.maxThicknessMm),
    dieline: EditorDielineSchema,
    guides: EditorGuidesSchema,
    /** Layers per panel, bottom to top. */
    panels: z.array(EditorPanelLayersSchema).max(L.panels),
  })
  .superRefine((doc, ctx) => {
    const panelIds = new Set(doc.dieline.panels.map((p) => p.id));
    const seen = new Set<string>();
    let total = 0;
    doc.panels.forEach((p, i) => {
      if (!panelIds.has(p.panel_id))
        ctx.addIssue({ code: 'custom', path: ['panels', i, 'panel_id'], message: `panels.${i}.panel_id: no panel "${p.panel_id}" on the dieline.` });
      total += p.layers.length;
      p.layers.forEach((l, j) => {
        if (seen.has(l.id))
          ctx.addIssue({ code: 'custom', path: ['panels', i, 'layers', j, 'id'], message: `panels.${i}.layers.${j}.id: "${l.id}" is used twice.` });
        seen.add(l.id);
      });
    });
    if (total > L.layersTotal) ctx.addIssue({ code: 'custom', path: ['panels'], message: `panels: at most ${L.layersTotal} layers in one document.` });
  });
export type EditorDocument = z.infer<typeof EditorDocumentSchema>;

/** The first issue of a failed parse as "path: message" (messages that already name their field are kept). */
export function editorIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'document is invalid.';
  const path = issue.path.join('.');
  const last = String(issue.path[issue.path.length - 1] ?? '');
  if (!path || issue.message.startsWith(`${path}:`)) return issue.message;
  if (last && issue.message.startsWith(last)) return `${issue.path.slice(0, -1).join('.')}${issue.path.length > 1 ? '.' : ''}${issue.message}`;
  return `${path}: ${issue.message}`;
}

/**
 * One panel of packaging artwork: brief + panel size → SVG with its text zones checked.
 * A {@link DesignPlan} fixes the choices shared by every panel of one design (layout,
 * palette, type, icons, descriptor) so front, back and sides belong together.
 */
import { type Brief, type BriefInput, briefKey, logoHref, parseBrief } from './brief.js';
import { type ArtResult, Art, type TextZone } from './art.js';
import { backCopy, descriptorFor, productColor, productIconHints } from './copy.js';
import { typeSystemFor } from './fonts.js';
import type { Rect } from './geometry.js';
import { iconExists, iconsForKeyword } from './icons.js';
import { type ImageZone, type PanelImagery, type StripSlice, backdropImage, imageryCrop } from './imagery.js';
import { LAYOUTS, layoutById, layoutsForFamily } from './layouts/index.js';
import { type LayoutContext, type LayoutGrammar, type PanelRole, colourBands, flat } from './layouts/kit.js';
import { backPanel, sidePanel, topPanel } from './layouts/panels.js';
import { type Band, type ColourPlan, bandInsets, panelBands, planColours } from './colour-plan.js';
import { namedColours } from './named-colours.js';
import { type Palette, SCHEMES, type Scheme, buildPalette } from './palette.js';
import { Rng } from './random.js';
import { num } from './svg.js';
import { STYLE_FAMILIES, type StyleFamily, familiesFromTags } from './styles.js';

export interface PanelSpec {
  role: PanelRole;
  widthMm: number;
  heightMm: number;
  /** This panel is a slice of a continuous band: a backdrop image runs on across the slices. */
  strip?: StripSlice;
}

/** The choices one design makes once, shared by all its panels. */
export interface DesignPlan {
  layoutId: string;
  family: StyleFamily;
  palette: Palette;
  typeSystemId: string;
  icons: string[];
  descriptor: string;
  /** How the colours the brief names get their share (bands on every panel); absent when none is named. */
  colour?: ColourPlan;
}

const FAMILY_ICONS: Readonly<Record<StyleFamily, readonly string[]>> = {
  minimalist: ['sparkle', 'circle', 'leaf'],
  luxury: ['gem', 'crown', 'sparkles'],
  vintage: ['star', 'wheat', 'crown'],
  playful: ['star', 'heart', 'smile', 'sparkles'],
  botanical: ['leaf', 'flower-2', 'sprout'],
  geometric: ['hexagon', 'triangle', 'circle'],
  modern: ['zap', 'sparkles', 'orbit'],
  bold: ['star', 'zap', 'flame'],
};

export interface PlanOptions {
  /** Use this layout (its family wins over the style tags). */
  layoutId?: string;
  family?: StyleFamily;
  scheme?: Scheme;
  /** Layout ids to avoid (variety across the designs of one request). */
  avoidLayouts?: readonly string[];
  /** Palette ids to avoid. */
  avoidPalettes?: readonly string[];
  /** Colour-share level (0 as planned): raised by the pipeline when a named colour fell short. */
  colourLevel?: number;
  /** Named colour (key) to make the ground: the pipeline's last resort for a colour that fell short. */
  groundKey?: string;
}

export function familiesFor(brief: Brief): StyleFamily[] {
  return familiesFromTags(brief.style);
}

/** Makes the per-design choices. Deterministic for one brief + seed + options. */
export function planDesign(briefIn: Brief | BriefInput, seed: number, opts: PlanOptions = {}): DesignPlan {
  const brief = parseBrief(briefIn);
  const rng = new Rng(`${briefKey(brief)}|${seed}`);
  const liked = brief.liked;
  let layout: LayoutGrammar | undefined = opts.layoutId ? layoutById(opts.layoutId) : undefined;
  if (!layout) {
    const tagged = familiesFor(brief);
    const family = opts.family ?? (tagged.length ? rng.fork('family').pick(tagged) : rng.fork('family').pick(STYLE_FAMILIES));
    let options = layoutsForFamily(family);
    if (options.length === 0) options = [...LAYOUTS];
    const fresh = options.filter((l) => !opts.avoidLayouts?.includes(l.id));
    const pool = fresh.length ? fresh : options;
    layout = rng.fork('layout').weighted(pool.map((l) => [l, liked?.layouts.includes(l.id) ? 4 : 1] as const));
  }
  const family = layout.family;
  const paletteRng = rng.fork('palette');
  const likedPalettes = liked?.palettes.filter((p) => p.length >= 4) ?? [];
  const useLiked = likedPalettes.length > 0 && paletteRng.chance(0.5);
  const groundKey = opts.groundKey !== undefined ? { groundKey: opts.groundKey } : {};
  let palette = buildPalette(
    {
      family,
      colorTags: brief.color,
      productColor: productColor(brief.product),
      scheme: opts.scheme,
      liked: useLiked ? paletteRng.pick(likedPalettes) : undefined,
      ...groundKey,
    },
    paletteRng,
  );
  for (let i = 0; i < 4 && opts.avoidPalettes?.includes(palette.id); i++) {
    palette = buildPalette(
      { family, colorTags: brief.color, productColor: productColor(brief.product), scheme: opts.scheme, ...groundKey },
      paletteRng.fork(`retry${i}`),
    );
  }
  const named = namedColours(brief.color);
  const colour = named.length > 0 ? planColours(named, palette, layout.id, opts.colourLevel ?? 0, rng.fork('colour')) : undefined;
  const typeSystem = typeSystemFor(family, rng.fork('type'), undefined, brief.brand);
  const fromElements = brief.element.flatMap((e) => iconsForKeyword(e));
  const fromProduct = productIconHints(brief.product).filter(iconExists);
  const iconRng = rng.fork('icons');
  const pool = [...new Set([...fromElements, ...(fromElements.length ? [] : fromProduct)])];
  const icons = pool.length ? iconRng.shuffle(pool).slice(0, 3) : iconRng.shuffle(FAMILY_ICONS[family]).slice(0, 3);
  return {
    layoutId: layout.id,
    family,
    palette,
    typeSystemId: typeSystem.id,
    icons,
    descriptor: descriptorFor(brief.product, family, rng.fork('descriptor')),
    ...(colour ? { colour } : {}),
  };
}

/** A change to a design's colour treatment (see {@link replanColours}). */
export interface ColourChange {
  /** Band level: −1 slim, 0 as planned, up to 2 widest. */
  readonly level: number;
  /** Named colour (key) to make the ground instead. */
  readonly groundKey?: string;
  /** Named colour (key) the body of a plastic bottle or tube takes (default: the ground). */
  readonly bodyKey?: string;
  /** Another layout of the design's family (the last resort when its layout covers a colour up). */
  readonly layoutId?: string;
}

const isScheme = (s: string): s is Scheme => (SCHEMES as readonly string[]).includes(s);

/**
 * The plan with its colour treatment re-made — bands at another level, another named colour as
 * the ground or the body, at the last another layout of the same family — and everything else
 * (type, icons, copy) kept. Deterministic for one brief + seed + change; used by the pipeline
 * when a named colour fell short on the packshot.
 */
export function replanColours(briefIn: Brief | BriefInput, seed: number, plan: DesignPlan, change: ColourChange): DesignPlan {
  const brief = parseBrief(briefIn);
  const named = namedColours(brief.color);
  if (named.length === 0) return plan;
  let palette = plan.palette;
  const ground = plan.palette.roles?.ground?.key;
  if (change.groundKey !== undefined && change.groundKey !== ground) {
    const rng = new Rng(`${briefKey(brief)}|${seed}|ground|${change.groundKey}`);
    const scheme = isScheme(plan.palette.scheme) ? plan.palette.scheme : undefined;
    palette = buildPalette(
      { family: plan.family, colorTags: brief.color, productColor: productColor(brief.product), groundKey: change.groundKey, ...(scheme ? { scheme } : {}) },
      rng,
    );
  }
  // The same stream planDesign used, so a band keeps its edge from one level to the next.
  const layoutId = change.layoutId !== undefined && layoutById(change.layoutId)?.family === plan.family ? change.layoutId : plan.layoutId;
  const planned = planColours(named, palette, layoutId, change.level, new Rng(`${briefKey(brief)}|${seed}`).fork('colour'));
  const colour = change.bodyKey ? { ...planned, bodyKey: change.bodyKey } : planned;
  return { ...plan, layoutId, palette, colour };
}

export interface PanelArtInput {
  brief: Brief | BriefInput;
  panel: PanelSpec;
  seed: number;
  /** SVG width/height attributes in px per mm (the viewBox stays in mm). Default 10. */
  scalePxPerMm?: number;
  /** Shared design choices; derived from brief + seed when absent. */
  plan?: DesignPlan;
  /**
   * Imagery from an image engine: the backdrop replaces the layout's background treatment on
   * every panel (cropped per design seed), the illustration takes the front's art zone.
   */
  imagery?: PanelImagery;
}

export interface PanelArt extends ArtResult {
  palette: Palette;
  layoutId: string;
  plan: DesignPlan;
  widthMm: number;
  heightMm: number;
  /** The part of each imagery source this panel shows (fractions of the image); empty without imagery. */
  imageryZones: { background?: ImageZone; illustration?: ImageZone };
}

/** Opacity of the palette wash over the backdrop of a box's back, sides, top and bottom. */
const SECONDARY_WASH = 0.7;

/**
 * The layout with its background treatment replaced by a backdrop image (the palette's ground
 * under it for transparent parts). Its panels then count as busy: small copy goes on a card.
 * On a box, the front carries the image at full strength and the other panels under a wash of
 * the palette's ground: the hero face leads, and the faces beside it stay calm enough that the
 * front's name is read as one label (a recogniser, reading the packshot row by row, took the
 * photo on the side face for letters). Slices of a band keep the full image so it runs on.
 */
function withBackdrop(
  layout: LayoutGrammar,
  imagery: PanelImagery,
  strip: StripSlice | undefined,
  seed: number,
  onZone: (z: ImageZone) => void,
): LayoutGrammar {
  const image = imagery.background;
  if (!image) return layout;
  const crop = imageryCrop(seed);
  return {
    ...layout,
    busy: true,
    backdrop(ctx) {
      flat(ctx, ctx.palette.background);
      const { svg, zone } = backdropImage(image, ctx.w, ctx.h, strip, crop);
      const secondary = !strip && ctx.role !== 'front' && ctx.role !== 'wrap';
      ctx.art.imageBackground(
        secondary
          ? `${svg}<rect x="0" y="0" width="${num(ctx.w)}" height="${num(ctx.h)}" fill="${ctx.palette.background}" fill-opacity="${SECONDARY_WASH}"/>`
          : svg,
      );
      onZone(zone);
    },
  };
}

/** The layout with the panel's colour bands over its background treatment. */
function withBands(layout: LayoutGrammar, bands: readonly Band[]): LayoutGrammar {
  if (bands.length === 0) return layout;
  return {
    ...layout,
    backdrop(ctx) {
      layout.backdrop(ctx);
      colourBands(ctx, bands);
    },
  };
}

export type { TextZone, Rect };

/**
 * Renders the artwork of one panel to SVG (mm viewBox) with its checked text zones. A front whose
 * named-colour fields leave the wordmark unreadable to a text recogniser is laid out once more
 * with every field in the pack's polarity (the named colours keep their bands).
 */
export function renderPanelArt(input: PanelArtInput): PanelArt {
  const brief = parseBrief(input.brief);
  const plan = input.plan ?? planDesign(brief, input.seed);
  const art = renderPanelOnce(input, brief, plan);
  if (art.wordmarkApart !== false || !plan.palette.roles || plan.palette.strictFields) return art;
  const strict = renderPanelOnce(input, brief, { ...plan, palette: { ...plan.palette, strictFields: true } });
  return strict.wordmarkApart === true ? { ...strict, palette: plan.palette, plan } : art;
}

function renderPanelOnce(input: PanelArtInput, brief: Brief, plan: DesignPlan): PanelArt {
  const layout = layoutById(plan.layoutId);
  if (!layout) throw new Error(`unknown layout ${plan.layoutId}`);
  const { widthMm: w, heightMm: h, role } = input.panel;
  // A backdrop image replaces the background treatment, colour bands included: the image is the ground.
  const bands = input.imagery?.background ? [] : panelBands(plan.colour, role === 'front' || role === 'wrap', input.panel.strip !== undefined);
  if (!(w > 0 && h > 0)) throw new Error('panel size must be positive');
  const art = new Art(w, h, plan.palette, input.scalePxPerMm ?? 10);
  for (const c of plan.colour?.named ?? []) if (c.metal) art.foil(c.hex, c.metal);
  if (input.panel.strip) art.lockBands();
  const ctx: LayoutContext = {
    art,
    w,
    h,
    role,
    palette: plan.palette,
    type: typeSystemFor(plan.family, new Rng('type'), plan.typeSystemId, brief.brand),
    rng: new Rng(`${briefKey(brief)}|${input.seed}|${plan.layoutId}|${role}`),
    brand: brief.brand,
    product: brief.product,
    descriptor: plan.descriptor,
    icons: plan.icons.length ? plan.icons : ['sparkles'],
    logo: brief.logo ? { href: logoHref(brief.logo), width: brief.logo.width, height: brief.logo.height } : null,
    family: plan.family,
    copy: backCopy(brief.brand, brief.product, plan.descriptor, plan.family),
    inset: bandInsets(bands, h),
  };
  const imageryZones: { background?: ImageZone; illustration?: ImageZone } = {};
  const grammar = withBands(
    input.imagery ? withBackdrop(layout, input.imagery, input.panel.strip, input.seed, (z) => (imageryZones.background = z)) : layout,
    bands,
  );
  const front = role === 'front' || role === 'wrap';
  if (front) art.markPrincipal();
  if (front && input.imagery?.illustration) art.illustrate(input.imagery.illustration);
  if (front) {
    grammar.backdrop(ctx);
    grammar.front(ctx);
  } else if (role === 'back') backPanel(ctx, grammar);
  else if (role === 'side') sidePanel(ctx, grammar);
  else topPanel(ctx, grammar);
  const result = art.finish();
  if (result.illustration) imageryZones.illustration = result.illustration.zone;
  return { ...result, palette: plan.palette, layoutId: plan.layoutId, plan, widthMm: w, heightMm: h, imageryZones };
}

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
import { type LayoutContext, type LayoutGrammar, type PanelRole, flat } from './layouts/kit.js';
import { backPanel, sidePanel, topPanel } from './layouts/panels.js';
import { type Palette, type Scheme, buildPalette } from './palette.js';
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
  let palette = buildPalette({ family, colorTags: brief.color, productColor: productColor(brief.product), scheme: opts.scheme, liked: useLiked ? paletteRng.pick(likedPalettes) : undefined }, paletteRng);
  for (let i = 0; i < 4 && opts.avoidPalettes?.includes(palette.id); i++) {
    palette = buildPalette({ family, colorTags: brief.color, productColor: productColor(brief.product), scheme: opts.scheme }, paletteRng.fork(`retry${i}`));
  }
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
  };
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
function withBackdrop(layout: LayoutGrammar, imagery: PanelImagery, strip: StripSlice | undefined, seed: number, onZone: (z: ImageZone) => void): LayoutGrammar {
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
      ctx.art.imageBackground(secondary ? `${svg}<rect x="0" y="0" width="${num(ctx.w)}" height="${num(ctx.h)}" fill="${ctx.palette.background}" fill-opacity="${SECONDARY_WASH}"/>` : svg);
      onZone(zone);
    },
  };
}

export type { TextZone, Rect };

/** Renders the artwork of one panel to SVG (mm viewBox) with its checked text zones. */
export function renderPanelArt(input: PanelArtInput): PanelArt {
  const brief = parseBrief(input.brief);
  const plan = input.plan ?? planDesign(brief, input.seed);
  const layout = layoutById(plan.layoutId);
  if (!layout) throw new Error(`unknown layout ${plan.layoutId}`);
  const { widthMm: w, heightMm: h, role } = input.panel;
  if (!(w > 0 && h > 0)) throw new Error('panel size must be positive');
  const art = new Art(w, h, plan.palette, input.scalePxPerMm ?? 10);
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
  };
  const imageryZones: { background?: ImageZone; illustration?: ImageZone } = {};
  const grammar = input.imagery ? withBackdrop(layout, input.imagery, input.panel.strip, input.seed, (z) => (imageryZones.background = z)) : layout;
  const front = role === 'front' || role === 'wrap';
  if (front) art.markPrincipal();
  if (front && input.imagery?.illustration) art.illustrate(input.imagery.illustration);
  if (front) {
    grammar.backdrop(ctx);
    grammar.front(ctx);
  }
  else if (role === 'back') backPanel(ctx, grammar);
  else if (role === 'side') sidePanel(ctx, grammar);
  else topPanel(ctx, grammar);
  const result = art.finish();
  if (result.illustration) imageryZones.illustration = result.illustration.zone;
  return { ...result, palette: plan.palette, layoutId: plan.layoutId, plan, widthMm: w, heightMm: h, imageryZones };
}

/**
 * Brief → N designs. Each design is one plan (layout, palette, type, icons) rendered on
 * every panel of the chosen box; the front also goes to PNG. Designs of one request differ
 * in layout family or variant and in palette.
 */
import { type Brief, type BriefInput, briefKey, parseBrief } from './brief.js';
import type { TextZone } from './art.js';
import type { PanelRole } from './layouts/kit.js';
import { type DesignPlan, planDesign, renderPanelArt } from './panel-art.js';
import type { Palette } from './palette.js';
import { Rng, hash32 } from './random.js';
import { svgToPngAsync, widthForLongest } from './render.js';
import { STYLE_FAMILIES, type StyleFamily, familiesFromTags } from './styles.js';

export interface PanelSize {
  widthMm: number;
  heightMm: number;
}

/** Panel sizes of the chosen box (from its dieline); only `front` is required. */
export type BoxPanels = { front: PanelSize } & Partial<Record<Exclude<PanelRole, 'front'>, PanelSize>>;

export interface GenerateOptions {
  panels: BoxPanels;
  /** Longest side of the front PNG, px (default 1024). */
  frontLongestPx?: number;
}

export interface Design {
  /** Stable for brief + seed + index. */
  id: string;
  index: number;
  seed: number;
  layoutId: string;
  family: StyleFamily;
  palette: Palette;
  typeSystemId: string;
  plan: DesignPlan;
  front: { svg: string; png: Buffer; widthPx: number; heightPx: number; textZones: TextZone[] };
  /** SVG artwork per panel role present in the box (front included). */
  panels: Partial<Record<PanelRole, string>>;
}

function designSeed(seed: number, index: number): number {
  return index === 0 ? seed : hash32(`${seed}/${index}`);
}

/** Plans `n` designs that differ from one another. */
export function planDesigns(briefIn: Brief | BriefInput, n: number): { seed: number; plan: DesignPlan }[] {
  const brief = parseBrief(briefIn);
  const rng = new Rng(`${briefKey(brief)}|${brief.seed}|families`);
  const tagged = familiesFromTags(brief.style);
  const families = tagged.length ? tagged : rng.shuffle(STYLE_FAMILIES);
  const usedLayouts: string[] = [];
  const usedPalettes: string[] = [];
  const out: { seed: number; plan: DesignPlan }[] = [];
  for (let i = 0; i < n; i++) {
    const seed = designSeed(brief.seed, i);
    const family = families[i % families.length];
    const plan = planDesign(brief, seed, { family, avoidLayouts: usedLayouts, avoidPalettes: usedPalettes });
    usedLayouts.push(plan.layoutId);
    usedPalettes.push(plan.palette.id);
    out.push({ seed, plan });
  }
  return out;
}

/** Generates `n` designs for a brief: SVG for every panel, PNG of the front. */
export async function generateDesigns(briefIn: Brief | BriefInput, n: number, opts: GenerateOptions): Promise<Design[]> {
  const brief = parseBrief(briefIn);
  const longest = opts.frontLongestPx ?? 1024;
  const plans = planDesigns(brief, Math.max(0, Math.floor(n)));
  const key = briefKey(brief);
  const roles = Object.keys(opts.panels) as PanelRole[];
  const pending = plans.map(async ({ seed, plan }, index) => {
    const panels: Partial<Record<PanelRole, string>> = {};
    let frontZones: TextZone[] = [];
    for (const role of roles) {
      const size = opts.panels[role];
      if (!size) continue;
      const art = renderPanelArt({ brief, panel: { role, widthMm: size.widthMm, heightMm: size.heightMm }, seed, plan });
      panels[role] = art.svg;
      if (role === 'front') frontZones = art.textZones;
    }
    const frontSvg = panels.front ?? '';
    const widthPx = widthForLongest(opts.panels.front.widthMm, opts.panels.front.heightMm, longest);
    const heightPx = Math.round((widthPx * opts.panels.front.heightMm) / opts.panels.front.widthMm);
    const png = await svgToPngAsync(frontSvg, widthPx);
    return {
      id: `d${hash32(`${key}|${brief.seed}|${index}`).toString(36)}`,
      index,
      seed,
      layoutId: plan.layoutId,
      family: plan.family,
      palette: plan.palette,
      typeSystemId: plan.typeSystemId,
      plan,
      front: { svg: frontSvg, png, widthPx, heightPx, textZones: frontZones },
      panels,
    } satisfies Design;
  });
  return Promise.all(pending);
}

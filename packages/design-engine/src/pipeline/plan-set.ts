/**
 * The plans of one design set. Each design's plan is `planDesign(brief, seed)` with no other
 * input, so a design's seed alone re-creates it; variety across the set and the lean towards
 * liked layouts and palettes come from choosing the seeds (planning is cheap), not from
 * options the seed would not remember.
 */
import type { Brief } from '../artwork/brief.js';
import { layoutsForFamily } from '../artwork/layouts/index.js';
import { type DesignPlan, planDesign } from '../artwork/panel-art.js';
import { hash32 } from '../artwork/random.js';
import { STYLE_FAMILIES, familiesFromTags } from '../artwork/styles.js';

export interface PlannedDesign {
  readonly seed: number;
  readonly plan: DesignPlan;
}

/** Seeds tried per design before settling for the best one seen. */
const MAX_TRIES = 40;

/**
 * Plans `count` designs. Design 0 tries `seed` itself first, so `count: 1` with a design's
 * seed (and the same brief, without `liked`) gives that design again.
 * With liked layouts, design 0 looks for one of them; with liked palettes, the next design
 * (design 0 when it is the only one) looks for one of those.
 */
export function planDesignSet(brief: Brief, count: number, seed: number): PlannedDesign[] {
  const liked = brief.liked;
  const likedLayouts = new Set(liked?.layouts ?? []);
  const wantsPalette = (liked?.palettes.filter((p) => p.length >= 4).length ?? 0) > 0;
  const layoutTarget = likedLayouts.size > 0 ? 0 : -1;
  const paletteTarget = wantsPalette ? (layoutTarget === 0 && count > 1 ? 1 : 0) : -1;

  const tagged = familiesFromTags(brief.style);
  const families = tagged.length ? tagged : [...STYLE_FAMILIES];
  const allLayouts = new Set(families.flatMap((f) => layoutsForFamily(f).map((l) => l.id)));
  const usedLayouts = new Set<string>();
  const usedPalettes = new Set<string>();
  const usedFamilies = new Set<string>();
  const out: PlannedDesign[] = [];

  for (let i = 0; i < count; i++) {
    const targets = (i === layoutTarget ? 1 : 0) + (i === paletteTarget ? 1 : 0);
    const freshFamily = families.some((f) => !usedFamilies.has(f));
    const freshLayout = [...allLayouts].some((l) => !usedLayouts.has(l));
    const best = 16 * targets + (freshLayout ? 4 : 0) + 2 + (freshFamily ? 1 : 0);
    let chosen: PlannedDesign | null = null;
    let chosenScore = -1;
    for (let k = 0; k < MAX_TRIES && chosenScore < best; k++) {
      const candidateSeed = i === 0 && k === 0 ? seed : hash32(`${seed}/${i}/${k}`);
      const plan = planDesign(brief, candidateSeed);
      let score = 0;
      if (i === layoutTarget && likedLayouts.has(plan.layoutId)) score += 16;
      if (i === paletteTarget && plan.palette.scheme === 'liked') score += 16;
      if (!usedLayouts.has(plan.layoutId)) score += 4;
      if (!usedPalettes.has(plan.palette.id)) score += 2;
      if (!usedFamilies.has(plan.family)) score += 1;
      if (score > chosenScore) {
        chosen = { seed: candidateSeed, plan };
        chosenScore = score;
      }
    }
    if (!chosen) throw new Error('no design planned');
    usedLayouts.add(chosen.plan.layoutId);
    usedPalettes.add(chosen.plan.palette.id);
    usedFamilies.add(chosen.plan.family);
    out.push(chosen);
  }
  return out;
}

import { SCENE_FAMILIES, type SceneFamily } from '@packsmith/contracts';

/** Display name of each scene family in the gallery (its category comes from the engine). */
export const SCENE_FAMILY_LABELS: Record<SceneFamily, string> = {
  studio_sweep: 'Studio sweep',
  podium: 'Podium',
  gradient: 'Gradient',
  marble: 'Marble',
  terrazzo: 'Terrazzo',
  wood: 'Wood',
  linen: 'Linen',
  concrete: 'Concrete',
  botanical_shadow: 'Botanical shadow',
  water_ripple: 'Water ripple',
  sand: 'Sand',
  seasonal: 'Seasonal',
};

/** One scene to seed: `round` n of every family comes before round n + 1 of any. */
export interface SeedSlot {
  family: SceneFamily;
  seed: number;
  round: number;
  position: number;
  /** "Marble 2"; the engine's variant is added when the scene is rendered. */
  name: string;
}

/**
 * The scenes the server seeds, in order: one of each family, then a second of each, and so on, so
 * the gallery and the recommendations cover every family as early as possible. Seeds are fixed
 * (round + 1), which is what makes (family, seed) a stable identity across processes and restarts.
 */
export function seedPlan(perFamily: number): SeedSlot[] {
  const slots: SeedSlot[] = [];
  for (let round = 0; round < perFamily; round++) {
    SCENE_FAMILIES.forEach((family, i) => {
      slots.push({ family, seed: round + 1, round, position: round * SCENE_FAMILIES.length + i, name: `${SCENE_FAMILY_LABELS[family]} ${round + 1}` });
    });
  }
  return slots;
}

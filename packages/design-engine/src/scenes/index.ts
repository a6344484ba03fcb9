/**
 * Procedural photo-shoot scenes: 12 families of backdrops with a floor, a wall and one light,
 * coloured from the product's palette, and the scoring that recommends them.
 */
import { SCENE_FAMILIES, type SceneCategory, type SceneFamily } from '@packsmith/contracts';
import { FAMILIES } from './families/index.js';

export { renderScene, sceneDimensions, UnknownSceneFamilyError } from './render.js';
export { sceneMatchScore, rankScenes, recommendScenes, familyPreference, type RankedScene, type SceneSuggestion } from './match.js';
export { colorName, productTone, SCENE_COLOR_NAMES, type SceneColorName } from './colors.js';
export type { RenderedScene, SceneAspect, SceneMeta, SceneRequest, SceneScheme } from './types.js';

/** The gallery group of each family. */
export function sceneCategory(family: SceneFamily): SceneCategory {
  return FAMILIES[family].category;
}

/** Every family with its gallery group, in the contracts' order. */
export const SCENE_FAMILY_INFO: readonly { family: SceneFamily; category: SceneCategory }[] = SCENE_FAMILIES.map((family) => ({
  family,
  category: FAMILIES[family].category,
}));

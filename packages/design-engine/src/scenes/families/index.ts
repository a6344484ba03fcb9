/** The registry of scene families: one file per family, keyed by the contracts' family names. */
import type { SceneFamily } from '@packsmith/contracts';
import type { FamilyDef } from '../stage.js';
import { botanicalShadow } from './botanical-shadow.js';
import { concrete } from './concrete.js';
import { gradient } from './gradient.js';
import { linen } from './linen.js';
import { marble } from './marble.js';
import { podium } from './podium.js';
import { sand } from './sand.js';
import { seasonal } from './seasonal.js';
import { studioSweep } from './studio-sweep.js';
import { terrazzo } from './terrazzo.js';
import { waterRipple } from './water-ripple.js';
import { wood } from './wood.js';

/** Every family of the contracts has a generator (the type makes a missing one a compile error). */
export const FAMILIES: Readonly<Record<SceneFamily, FamilyDef>> = {
  studio_sweep: studioSweep,
  podium,
  marble,
  terrazzo,
  wood,
  linen,
  concrete,
  gradient,
  botanical_shadow: botanicalShadow,
  water_ripple: waterRipple,
  sand,
  seasonal,
};

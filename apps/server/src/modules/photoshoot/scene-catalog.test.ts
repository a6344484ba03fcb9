import { describe, expect, it } from 'vitest';
import { SCENE_FAMILIES } from '@packsmith/contracts';
import { SCENE_FAMILY_LABELS, seedPlan } from './scene-catalog.js';

describe('seedPlan', () => {
  it('seeds one scene of every family before a second of any, with stable seeds and positions', () => {
    const plan = seedPlan(2);
    expect(plan).toHaveLength(SCENE_FAMILIES.length * 2);
    expect(plan.slice(0, SCENE_FAMILIES.length).map((s) => s.family)).toEqual([...SCENE_FAMILIES]);
    expect(plan.slice(0, SCENE_FAMILIES.length).every((s) => s.seed === 1)).toBe(true);
    expect(plan.slice(SCENE_FAMILIES.length).every((s) => s.seed === 2)).toBe(true);
    expect(plan.map((s) => s.position)).toEqual(plan.map((_, i) => i));
    expect(new Set(plan.map((s) => `${s.family}:${s.seed}`)).size).toBe(plan.length);
    expect(seedPlan(0)).toEqual([]);
  });

  it('names every family', () => {
    expect(seedPlan(1).map((s) => s.name)).toContain('Botanical shadow 1');
    expect(SCENE_FAMILIES.every((f) => SCENE_FAMILY_LABELS[f].length > 0)).toBe(true);
  });
});

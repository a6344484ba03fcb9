import type { Factory, FactoryProcess, MaterialType } from '@packsmith/contracts';
import { regionOf } from './regions.js';

/** What a job needs from a maker (the quotation's `fitting` call). */
export interface FittingNeeds {
  /** The main process first (e.g. 'offset' for a printed carton), then the others the job also uses. */
  processes: readonly FactoryProcess[];
  quantity: number;
  material: MaterialType;
  /** ISO 3166-1 alpha-2 country the order ships to. */
  destination?: string;
  /** How many makers to answer (default 3). */
  limit?: number;
}

export const FITTING_DEFAULT_LIMIT = 3;

/**
 * Which makers can produce a job, best first. A maker qualifies when it runs the main process (the
 * first of `processes`), works the material, and its minimum order is at most the quantity; one
 * that runs every listed process ranks above one that would subcontract the rest. Then: same
 * country as the destination, then same shipping region, then the shortest lead time (min, then
 * max), then name — a total order, so the answer is stable.
 */
export function rankFitting(factories: readonly Factory[], needs: FittingNeeds): Factory[] {
  const main = needs.processes[0];
  const destination = needs.destination?.toUpperCase();
  const destRegion = destination ? regionOf(destination) : null;
  const scored = factories
    .filter((f) => (main === undefined || f.processes.includes(main)) && f.materials.includes(needs.material) && f.moq_min <= needs.quantity)
    .map((f) => {
      const full = needs.processes.every((p) => f.processes.includes(p)) ? 0 : 1;
      const place = !destination ? 0 : f.country_code === destination ? 0 : destRegion !== null && regionOf(f.country_code) === destRegion ? 1 : 2;
      return { f, key: [full, place, f.lead_time_days_min, f.lead_time_days_max] as const };
    });
  scored.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return (a.key[i] ?? 0) - (b.key[i] ?? 0);
    return a.f.name.localeCompare(b.f.name) || a.f.id.localeCompare(b.f.id);
  });
  return scored.slice(0, Math.max(0, needs.limit ?? FITTING_DEFAULT_LIMIT)).map((s) => s.f);
}

import type { BoxType } from '@packsmith/contracts';
import type { QuotePrint } from '@packsmith/contracts';
import { unitBaseOf, unitPackOf } from './box.js';
import { band, type CostLine } from './cost.js';
import type { UnitBase, UnitPack, Values } from './params.js';
import { QuoteInputError, type QuoteRequest } from './types.js';

/*
 * Bottles, cans, jars, tubes, pouches, bags and cups are bought from container makers: priced from
 * the configurable unit-cost tables by size band and decoration, plus the decoration set-up. These
 * are estimates (the reference found no public unit-cost source) and are marked as such.
 */

export interface UnitJob {
  readonly pack: UnitPack;
  readonly base: UnitBase;
  /** ml for round packs, cm² of face for pouches and bags. */
  readonly size: number;
  readonly by: 'ml' | 'cm2';
  readonly unitCost: number;
  readonly weightKg: number;
  readonly volumeM3: number;
  readonly print: QuotePrint;
}

export function unitJob(box: BoxType, req: QuoteRequest, v: Values): UnitJob {
  const pack = unitPackOf(box);
  const table = v.unit_tables[pack];
  const base = unitBaseOf(req.material);
  let size: number;
  let volumeM3: number;
  if (table.by === 'cm2') {
    size = (req.length_mm * req.height_mm) / 100;
    // Flat packs ship in stacks ≈ 0.5 mm a piece (+ gusset folds).
    volumeM3 = (req.length_mm * req.height_mm * (0.5 + req.width_mm / 100)) / 1e9;
  } else {
    const r = req.length_mm / 2;
    size = (Math.PI * r * r * req.height_mm) / 1000;
    // Round packs ship in their bounding box.
    volumeM3 = (req.length_mm * req.length_mm * req.height_mm) / 1e9;
  }
  const row = table.bands.find((b) => size <= b.upTo) ?? table.bands[table.bands.length - 1];
  const unitCost = row?.cost[base];
  if (unitCost === undefined) {
    throw new QuoteInputError('material', `material: no unit-cost table for a ${box.name} in ${base}; choose another material.`);
  }
  const weightKg = (size * (table.weight_g_per[base] ?? 0)) / 1000;
  return { pack, base, size, by: table.by, unitCost, weightKg, volumeM3, print: req.print };
}

export function unitTableLines(job: UnitJob, q: number, v: Values): CostLine[] {
  const discount = band(v.unit_volume_discount, q);
  const deco = v.unit_decoration[job.print];
  const sizeText = job.by === 'ml' ? `${Math.round(job.size)} ml` : `${Math.round(job.size)} cm²`;
  const lines: CostLine[] = [
    {
      name: `Containers (${job.pack}, ${job.base})`,
      amount: q * job.unitCost * discount,
      note: `estimate: ${q.toLocaleString('en-US')} × €${job.unitCost} (${sizeText} band)${discount < 1 ? ` × ${discount} volume break` : ''}`,
    },
  ];
  if (job.print !== 'none') {
    lines.push({ name: 'Decoration set-up', amount: deco.setup, note: 'screens, plates or cylinders (estimate)', one_off: true });
    lines.push({
      name: `Decoration (${job.print.replace(/_/g, ' ')})`,
      amount: q * deco.per_unit * discount,
      note: `estimate: ${q.toLocaleString('en-US')} × €${deco.per_unit}`,
    });
  }
  lines.push({ name: 'Packing', amount: q * v.packing_per_unit.unit, note: `${q.toLocaleString('en-US')} × €${v.packing_per_unit.unit}` });
  return lines;
}

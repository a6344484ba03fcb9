import type { CostLine } from './cost.js';
import type { Values, Zone } from './params.js';

/*
 * Freight by destination zone: a parcel (by chargeable weight, the larger of actual and volumetric)
 * up to parcel_max_kg, pallets above. Pallet spaces are charged pro rata after the first (groupage),
 * so the freight per unit never rises with quantity; the parcel/pallet switch cannot raise it either
 * as long as a pallet costs no more than a parcel at the threshold (checkFreightParams).
 */

export function zoneOf(country: string, v: Values): Zone {
  return v.country_zone[country.toUpperCase()] ?? v.fallback_zone;
}

export interface Freight {
  readonly line: CostLine;
  readonly zone: Zone;
  readonly transit_days: number;
}

export function freightLine(country: string, kg: number, m3: number, v: Values): Freight {
  const zone = zoneOf(country, v);
  const rate = v.freight[zone];
  const chargeable = Math.max(kg, m3 * v.parcel_dim_factor);
  const parcel = Math.max(rate.parcel_min, chargeable * rate.parcel_per_kg);
  const spaces = Math.max(1, kg / v.pallet_capacity_kg, m3 / v.pallet_capacity_m3);
  const pallet = spaces * rate.pallet;
  const byParcel = chargeable <= v.parcel_max_kg && parcel <= pallet;
  const name = `Freight (${zone}, ${kg.toFixed(0)} kg, ${byParcel ? 'parcel' : `${Math.ceil(spaces)} pallet${Math.ceil(spaces) > 1 ? 's' : ''}`})`;
  const note = byParcel
    ? `${chargeable.toFixed(1)} kg chargeable × €${rate.parcel_per_kg}/kg (min €${rate.parcel_min}) to ${country}`
    : `${spaces.toFixed(2)} pallet spaces × €${rate.pallet} to ${country} (${m3.toFixed(2)} m³)`;
  return { line: { name, amount: byParcel ? parcel : pallet, note }, zone, transit_days: rate.transit_days };
}

/** Problems with the freight table that would make a unit price rise at the parcel/pallet switch. */
export function checkFreightParams(v: Values): string[] {
  const problems: string[] = [];
  for (const [zone, rate] of Object.entries(v.freight)) {
    const worstSwitch = Math.min(v.parcel_max_kg, v.pallet_capacity_kg, v.pallet_capacity_m3 * v.parcel_dim_factor);
    if (rate.pallet > worstSwitch * rate.parcel_per_kg) problems.push(`${zone}: a pallet (€${rate.pallet}) costs more than a ${worstSwitch} kg parcel.`);
  }
  return problems;
}

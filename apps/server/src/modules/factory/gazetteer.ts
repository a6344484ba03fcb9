import { foldCity } from './fold.js';
import { GAZETTEER_TSV } from './gazetteer-data.js';

export interface GazetteerCity {
  name: string;
  countryCode: string;
  lat: number;
  lng: number;
}

function parse(tsv: string): { cities: GazetteerCity[]; aliases: { key: string; city: GazetteerCity }[] } {
  const cities: GazetteerCity[] = [];
  const aliases: { key: string; city: GazetteerCity }[] = [];
  for (const line of tsv.split('\n')) {
    if (!line.trim()) continue;
    const [name = '', countryCode = '', lat = '', lng = '', alias = ''] = line.split('|');
    const city = { name, countryCode, lat: Number(lat), lng: Number(lng) };
    cities.push(city);
    for (const a of alias.split(';')) if (a.trim()) aliases.push({ key: foldCity(a), city });
  }
  return { cities, aliases };
}

const parsed = parse(GAZETTEER_TSV);
/** Every gazetteer city, in file order. */
export const GAZETTEER: readonly GazetteerCity[] = parsed.cities;

// Names win over aliases when they fold the same (an alias never hides another city's own name).
const byKey = new Map<string, GazetteerCity>();
for (const c of parsed.cities) if (!byKey.has(foldCity(c.name))) byKey.set(foldCity(c.name), c);
for (const a of parsed.aliases) if (!byKey.has(a.key)) byKey.set(a.key, a.city);

/** The city a query names (by its name or a known alias, case- and accent-insensitive), or null. */
export function geocodeCity(query: string): GazetteerCity | null {
  return byKey.get(foldCity(query)) ?? null;
}

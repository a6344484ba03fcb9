import type { Factory } from '@packsmith/contracts';

/**
 * The directory's map without tiles: an equirectangular projection (longitude → x, latitude → y)
 * cropped to where packaging is made, so it works offline and costs no download.
 */
export interface MapFrame {
  width: number;
  height: number;
  /** Latitudes shown at the top and bottom edges (the polar caps hold no factories). */
  north: number;
  south: number;
}

export const WORLD_FRAME: MapFrame = { width: 720, height: 300, north: 75, south: -50 };

/** Where a coordinate falls on the map, clamped to its edges. */
export function projectPoint(lat: number, lng: number, frame: MapFrame = WORLD_FRAME): { x: number; y: number } {
  const clampedLat = Math.min(frame.north, Math.max(frame.south, lat));
  const clampedLng = Math.min(180, Math.max(-180, lng));
  const x = ((clampedLng + 180) / 360) * frame.width;
  const y = ((frame.north - clampedLat) / (frame.north - frame.south)) * frame.height;
  return { x, y };
}

/** A dot's radius: grows with the square root of the count so a big city does not swallow its neighbours. */
export function dotRadius(count: number): number {
  return 3 + Math.sqrt(Math.max(1, count)) * 2.2;
}

export interface CityGroup {
  key: string;
  city: string;
  country: string;
  country_code: string;
  lat: number;
  lng: number;
  count: number;
  factories: Factory[];
}

/** Lower-case, accent-free: "São Paulo" and "sao paulo" are one city (as the server's city_key). */
export function cityKey(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** Factories grouped by city and country, the biggest cities first, then by name. */
export function groupByCity(factories: readonly Factory[]): CityGroup[] {
  const groups = new Map<string, CityGroup>();
  for (const f of factories) {
    const key = `${cityKey(f.city)}|${f.country_code.toUpperCase()}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.factories.push(f);
    } else {
      groups.set(key, { key, city: f.city, country: f.country, country_code: f.country_code, lat: f.lat, lng: f.lng, count: 1, factories: [f] });
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city));
}

/** Width of a label's character at the map's 9-unit font, near enough to keep names from overlapping. */
const CHAR_W = 5;
const LABEL_H = 10;

/**
 * Which cities get their name written beside the dot: the biggest first, skipping a name that would
 * overlap one already placed (crowded regions such as the Pearl River Delta keep their dots and the
 * list below names them all).
 */
export function placeLabels(groups: readonly CityGroup[], frame: MapFrame = WORLD_FRAME): Set<string> {
  const placed: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const keep = new Set<string>();
  for (const g of groups) {
    const { x, y } = projectPoint(g.lat, g.lng, frame);
    const x1 = x + dotRadius(g.count) + 2;
    const box = { x1, y1: y - LABEL_H + 3, x2: x1 + g.city.length * CHAR_W, y2: y + 3 };
    if (placed.some((b) => box.x1 < b.x2 && b.x1 < box.x2 && box.y1 < b.y2 && b.y1 < box.y2)) continue;
    placed.push(box);
    keep.add(g.key);
  }
  return keep;
}

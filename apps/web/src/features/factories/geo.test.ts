import { describe, expect, it } from 'vitest';
import { factory } from './factory-test-kit';
import { WORLD_FRAME, cityKey, dotRadius, groupByCity, placeLabels, projectPoint } from './geo';

describe('the map projection (equirectangular, no tiles)', () => {
  it('puts longitude on x and latitude on y within the frame', () => {
    const { width, height, north, south } = WORLD_FRAME;
    expect(projectPoint(north, -180)).toEqual({ x: 0, y: 0 });
    expect(projectPoint(south, 180)).toEqual({ x: width, y: height });
    expect(projectPoint(0, 0).x).toBe(width / 2);
    expect(projectPoint(0, 0).y).toBeCloseTo((north / (north - south)) * height);
  });

  it('places São Paulo south-west of Shenzhen and clamps the poles to the edges', () => {
    const sp = projectPoint(-23.55, -46.63);
    const sz = projectPoint(22.54, 114.06);
    expect(sp.x).toBeLessThan(sz.x);
    expect(sp.y).toBeGreaterThan(sz.y);
    expect(projectPoint(89, 0).y).toBe(0);
    expect(projectPoint(-89, 0).y).toBe(WORLD_FRAME.height);
  });

  it('grows a dot with the count, more slowly than the count', () => {
    expect(dotRadius(4)).toBeGreaterThan(dotRadius(1));
    expect(dotRadius(16) / dotRadius(1)).toBeLessThan(16);
  });
});

describe('city groups', () => {
  it('groups by city regardless of accents and case, counts them, biggest first', () => {
    const groups = groupByCity([
      factory({ id: 'a' }),
      factory({ id: 'b', city: 'Sao Paulo' }),
      factory({ id: 'c', city: 'Lyon', country: 'France', country_code: 'FR' }),
      factory({ id: 'd', city: 'são paulo' }),
    ]);
    expect(groups.map((g) => [g.city, g.country, g.count])).toEqual([
      ['São Paulo', 'Brazil', 3],
      ['Lyon', 'France', 1],
    ]);
    expect(groups[0]?.factories.map((f) => f.id)).toEqual(['a', 'b', 'd']);
  });

  it('keeps same-named cities of different countries apart and sorts ties by name', () => {
    const groups = groupByCity([
      factory({ id: 'a', city: 'London', country: 'United Kingdom', country_code: 'GB' }),
      factory({ id: 'b', city: 'London', country: 'Canada', country_code: 'CA' }),
      factory({ id: 'c', city: 'Berlin', country: 'Germany', country_code: 'DE' }),
    ]);
    expect(groups.map((g) => `${g.city}/${g.country_code}`)).toEqual(['Berlin/DE', 'London/GB', 'London/CA']);
    expect(cityKey(' Zürich ')).toBe('zurich');
  });
});

describe('map labels', () => {
  it('names the bigger of two neighbouring cities and skips the overlapping name; far cities keep theirs', () => {
    const groups = groupByCity([
      factory({ id: 'a', city: 'Shenzhen', country_code: 'CN', lat: 22.54, lng: 114.06 }),
      factory({ id: 'b', city: 'Shenzhen', country_code: 'CN', lat: 22.54, lng: 114.06 }),
      factory({ id: 'c', city: 'Dongguan', country_code: 'CN', lat: 23.02, lng: 113.75 }),
      factory({ id: 'd', city: 'Lyon', country_code: 'FR', lat: 45.76, lng: 4.84 }),
    ]);
    const names = groups.filter((g) => placeLabels(groups).has(g.key)).map((g) => g.city);
    expect(names).toEqual(['Shenzhen', 'Lyon']);
  });
});

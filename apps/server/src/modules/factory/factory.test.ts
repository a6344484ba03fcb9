import { describe, expect, it } from 'vitest';
import { FactorySchema, type Factory } from '@packsmith/contracts';
import { rankFitting } from './fitting.js';
import { foldCity } from './fold.js';
import { GAZETTEER, geocodeCity } from './gazetteer.js';
import { distanceKm } from './geo.js';
import { regionOf } from './regions.js';
import { sampleContinents, sampleFactories } from './factory-seed.js';

describe('foldCity', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['SÃO PAULO', 'sao paulo'],
    ['München', 'munchen'],
    ['Łódź', 'lodz'],
    ['ŁÓDŹ', 'lodz'],
    ['Poznań', 'poznan'],
    ['Ho-Chi-Minh   City', 'ho chi minh city'],
    ['  Reykjavík ', 'reykjavik'],
    ['Malmö', 'malmo'],
    ['Straße', 'strasse'],
    ['Xi’an', 'xi an'],
  ])('%s → %s', (input, folded) => expect(foldCity(input)).toBe(folded));
});

describe('distanceKm', () => {
  it('is zero for one point and symmetric', () => {
    const a = { lat: 48.86, lng: 2.35 };
    const b = { lat: 45.76, lng: 4.84 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
  });
  it('matches known great-circle distances within 1 %', () => {
    // Paris–Lyon ≈ 392 km, London–New York ≈ 5570 km, Sydney–Melbourne ≈ 714 km.
    expect(distanceKm({ lat: 48.86, lng: 2.35 }, { lat: 45.76, lng: 4.84 })).toBeGreaterThan(388);
    expect(distanceKm({ lat: 48.86, lng: 2.35 }, { lat: 45.76, lng: 4.84 })).toBeLessThan(396);
    expect(Math.abs(distanceKm({ lat: 51.51, lng: -0.13 }, { lat: 40.71, lng: -74.01 }) - 5570) / 5570).toBeLessThan(0.01);
    expect(Math.abs(distanceKm({ lat: -33.87, lng: 151.21 }, { lat: -37.81, lng: 144.96 }) - 714) / 714).toBeLessThan(0.01);
  });
  it('crosses the antimeridian the short way', () => {
    expect(distanceKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeLessThan(120);
  });
});

describe('the gazetteer', () => {
  it('has hundreds of cities on every continent, with sane coordinates and unique names', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(300);
    const keys = GAZETTEER.map((c) => foldCity(c.name));
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of GAZETTEER) {
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(regionOf(c.countryCode), c.name).not.toBeNull();
    }
  });
  it('knows names and aliases in any case and accent', () => {
    expect(geocodeCity('MUNICH')?.name).toBe('München');
    expect(geocodeCity('frankfurt')?.name).toBe('Frankfurt am Main');
    expect(geocodeCity('Saigon')?.name).toBe('Ho Chi Minh City');
    expect(geocodeCity('nowhere-ville')).toBeNull();
  });
  it('holds every city of the sample directory, within 30 km of its factories', () => {
    for (const f of sampleFactories()) {
      const place = geocodeCity(f.city);
      expect(place, f.city).not.toBeNull();
      if (place) expect(distanceKm(place, f), f.id).toBeLessThan(30);
    }
  });
});

describe('the sample directory', () => {
  const all = sampleFactories();
  it('has at least 60 factories in at least 20 cities on at least 4 continents', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((f) => f.city)).size).toBeGreaterThanOrEqual(20);
    expect(sampleContinents().size).toBeGreaterThanOrEqual(4);
  });
  it('every entry is a valid sample Factory with a unique id, sane ranges and reserved example domains', () => {
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
    for (const f of all) {
      expect(FactorySchema.parse(f)).toEqual(f);
      expect(f.sample).toBe(true);
      expect(f.id).toMatch(/^sample-/);
      expect(f.contact_email).toMatch(/^[a-z]+@[a-z0-9-]+\.example$/);
      expect(f.website).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(f.phone).toBe('');
      expect(f.moq_min).toBeLessThanOrEqual(f.moq_max);
      expect(f.lead_time_days_min).toBeLessThanOrEqual(f.lead_time_days_max);
      expect(f.processes.length).toBeGreaterThan(0);
      expect(f.materials.length).toBeGreaterThan(0);
    }
  });
  it('covers every process and material of the contracts', () => {
    const processes = new Set(all.flatMap((f) => f.processes));
    expect([...processes].sort()).toEqual(['bottles', 'cans', 'corrugated', 'digital', 'flexible_packaging', 'flexo', 'labels', 'offset', 'rigid_boxes']);
    expect(new Set(all.flatMap((f) => f.materials)).size).toBe(9);
  });
});

const base: Factory = {
  id: '',
  name: '',
  city: 'X',
  country: 'X',
  country_code: 'CN',
  lat: 0,
  lng: 0,
  processes: ['offset'],
  materials: ['WHITE_BOARD'],
  moq_min: 500,
  moq_max: 100000,
  lead_time_days_min: 10,
  lead_time_days_max: 20,
  certifications: [],
  contact_email: 'a@b.example',
  phone: '',
  website: '',
  description: '',
  sample: true,
};
const f = (id: string, patch: Partial<Factory>): Factory => ({ ...base, id, name: id, ...patch });

describe('rankFitting', () => {
  const list = [
    f('cn-fast-full', { processes: ['offset', 'digital'], lead_time_days_min: 5 }),
    f('cn-slow-full', { processes: ['offset', 'digital'], lead_time_days_min: 15 }),
    f('de-partial', { country_code: 'DE', processes: ['offset'], lead_time_days_min: 3 }),
    f('pl-full', { country_code: 'PL', processes: ['offset', 'digital'], lead_time_days_min: 12 }),
    f('de-full', { country_code: 'DE', processes: ['offset', 'digital'], lead_time_days_min: 14 }),
    f('no-main', { processes: ['digital'], lead_time_days_min: 1 }),
    f('wrong-material', { processes: ['offset', 'digital'], materials: ['KRAFT'], lead_time_days_min: 1 }),
    f('moq-too-high', { processes: ['offset', 'digital'], moq_min: 5000, lead_time_days_min: 1 }),
  ];
  const needs = { processes: ['offset', 'digital'] as const, quantity: 1000, material: 'WHITE_BOARD' as const };

  it('keeps only makers with the main process, the material and an MOQ at most the quantity', () => {
    const ids = rankFitting(list, { ...needs, limit: 99 }).map((x) => x.id);
    expect(ids).not.toContain('no-main');
    expect(ids).not.toContain('wrong-material');
    expect(ids).not.toContain('moq-too-high');
    expect(ids).toContain('de-partial');
  });
  it('ranks full fits first, then same country, then same region, then shortest lead time; 3 by default', () => {
    expect(rankFitting(list, { ...needs, destination: 'de' }).map((x) => x.id)).toEqual(['de-full', 'pl-full', 'cn-fast-full']);
    expect(rankFitting(list, { ...needs, limit: 99 }).map((x) => x.id)).toEqual(['cn-fast-full', 'pl-full', 'de-full', 'cn-slow-full', 'de-partial']);
  });
  it('answers nothing when nobody fits', () => {
    expect(rankFitting(list, { processes: ['cans'], quantity: 1_000_000, material: 'METAL_GLOSSY' })).toEqual([]);
  });
  it('finds three sample makers for a common carton job shipped to Germany, German first', () => {
    const fit = rankFitting(sampleFactories(), { processes: ['offset'], quantity: 2000, material: 'WHITE_BOARD', destination: 'DE' });
    expect(fit).toHaveLength(3);
    expect(fit[0]?.country_code).toBe('DE');
    expect(fit.every((x) => regionOf(x.country_code) === 'europe')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, FactorySchema, quotationCalls, type Factory } from '@packsmith/contracts';
import { TestClient } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createUserRepo } from '../user/index.js';
import { sampleFactories } from './factory-seed.js';

let server: TestServer;
let admin: { id: string; client: TestClient };
let member: { id: string; client: TestClient };
let anonymous: TestClient;

type Page = { total: number; list: Factory[] };
type Search = { city: string; exact: boolean; list: Factory[] };

beforeAll(async () => {
  server = await startTestServer();
  admin = await registeredUser(server);
  member = await registeredUser(server);
  await createUserRepo(server.built.database.db).update(admin.id, { isAdmin: true });
  anonymous = new TestClient(server.url);
}, 60_000);
afterAll(async () => server?.close());

describe('the factory directory (public)', () => {
  it('is seeded with the sample directory at first start, once, and reads without signing in', async () => {
    const all = await anonymous.get<{ list: Factory[] }>(quotationCalls.factoryListAll.path);
    expect(all.code, all.msg).toBe(0);
    expect(all.data?.list).toHaveLength(sampleFactories().length);
    for (const f of all.data?.list ?? []) expect(FactorySchema.parse(f)).toMatchObject({ sample: true });
    // A second seed (another server starting) changes nothing.
    expect(await server.built.services.factories.seedSample()).toBe(0);
    expect((await anonymous.get<{ list: Factory[] }>(quotationCalls.factoryListAll.path)).data?.list).toHaveLength(sampleFactories().length);
  });

  it('pages the list ordered by city then name, and the pages add up to the total', async () => {
    const first = await anonymous.get<Page>(quotationCalls.factoryList.path, { page_index: 1, page_size: 25 });
    expect(first.code, first.msg).toBe(0);
    const total = first.data?.total ?? 0;
    expect(total).toBe(sampleFactories().length);
    const seen: Factory[] = [];
    for (let page = 1; seen.length < total; page++) {
      const r = await anonymous.get<Page>(quotationCalls.factoryList.path, { page_index: page, page_size: 25 });
      expect(r.data?.list.length).toBeGreaterThan(0);
      seen.push(...(r.data?.list ?? []));
    }
    expect(new Set(seen.map((f) => f.id)).size).toBe(total);
    expect(seen[0]?.city).toBe('Bangkok');
    const keys = seen.map((f) => `${f.city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace('ł', 'l')}|${f.name}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by process and by material', async () => {
    const cans = await anonymous.get<Page>(quotationCalls.factoryList.path, { process: 'cans', page_size: 100 });
    expect(cans.data?.total).toBeGreaterThan(0);
    expect(cans.data?.list.every((f) => f.processes.includes('cans'))).toBe(true);
    const both = await anonymous.get<Page>(quotationCalls.factoryList.path, { process: 'corrugated', material: 'FLUTE', page_size: 100 });
    expect(both.data?.total).toBeGreaterThan(3);
    expect(both.data?.list.every((f) => f.processes.includes('corrugated') && f.materials.includes('FLUTE'))).toBe(true);
    const glass = await anonymous.get<Page>(quotationCalls.factoryList.path, { material: 'GLASS_MATT', page_size: 100 });
    expect(glass.data?.list.every((f) => f.materials.includes('GLASS_MATT'))).toBe(true);
  });

  it('answers 400 naming the field for an unknown process or a page size out of range', async () => {
    const bad = await anonymous.get(quotationCalls.factoryList.path, { process: 'lithography' });
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.msg).toMatch(/process/);
    expect((await anonymous.get(quotationCalls.factoryList.path, { page_size: 1000 })).msg).toMatch(/page_size/);
    expect((await anonymous.get(quotationCalls.factorySearchCity.path, { city: '  ' })).code).toBe(Code.BAD_REQUEST);
  });
});

describe('search by city', () => {
  const search = (city: string) => anonymous.get<Search>(quotationCalls.factorySearchCity.path, { city });

  it.each([
    ['sao paulo', 'São Paulo'],
    ['SÃO PAULO', 'São Paulo'],
    ['München', 'München'],
    ['munchen', 'München'],
    ['Munich', 'München'],
    ['łódź', 'Łódź'],
    ['LODZ', 'Łódź'],
    ['ho-chi-minh city', 'Ho Chi Minh City'],
  ])('%s finds the factories of %s, case- and accent-insensitive', async (query, city) => {
    const r = await search(query);
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.exact).toBe(true);
    expect(r.data?.city).toBe(city);
    expect(r.data?.list.length).toBeGreaterThan(0);
    expect(r.data?.list.every((f) => f.city === city && f.distance_km === undefined)).toBe(true);
  });

  it('answers the nearest factories by distance, exact false, for a known city without any (Frankfurt)', async () => {
    const r = await search('frankfurt');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ exact: false, city: 'Frankfurt am Main' });
    const list = r.data?.list ?? [];
    expect(list.length).toBeGreaterThan(0);
    const distances = list.map((f) => f.distance_km ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // München (~300 km) and Leipzig (~300 km) are nearer than anything in Asia.
    expect(['München', 'Leipzig']).toContain(list[0]?.city);
    expect(distances[0]).toBeGreaterThan(250);
    expect(distances[0]).toBeLessThan(350);
  });

  it('answers Paris with Lyon first', async () => {
    const r = await search('PARIS');
    expect(r.data?.exact).toBe(false);
    expect(r.data?.list[0]?.city).toBe('Lyon');
    expect(r.data?.list[0]?.distance_km).toBeGreaterThan(380);
    expect(r.data?.list[0]?.distance_km).toBeLessThan(420);
  });

  it('answers an empty list, exact false, for a place it does not know', async () => {
    const r = await search('Atlantis Under The Sea');
    expect(r).toMatchObject({ code: 0, data: { city: 'Atlantis Under The Sea', exact: false, list: [] } });
  });
});

const NEW_FACTORY = {
  name: 'Test Real Carton Ltd',
  city: 'Kraków',
  country: 'Poland',
  country_code: 'pl',
  lat: 50.06,
  lng: 19.94,
  processes: ['offset', 'digital'],
  materials: ['WHITE_BOARD'],
  moq_min: 500,
  moq_max: 50000,
  lead_time_days_min: 7,
  lead_time_days_max: 14,
  certifications: ['FSC'],
  contact_email: 'hello@real-carton.example',
  description: 'A test entry.',
};

describe('admin: create, update, delete', () => {
  it('refuses a normal user (403) and a visitor (401)', async () => {
    expect((await member.client.post(quotationCalls.adminCreateFactory.path, NEW_FACTORY)).code).toBe(Code.FORBIDDEN);
    expect((await member.client.put(quotationCalls.adminUpdateFactory.path, { id: 'sample-lyon-1', name: 'x' })).code).toBe(Code.FORBIDDEN);
    expect((await member.client.del(quotationCalls.adminDeleteFactory.path, { id: 'sample-lyon-1' })).code).toBe(Code.FORBIDDEN);
    expect((await anonymous.post(quotationCalls.adminCreateFactory.path, NEW_FACTORY)).code).toBe(Code.UNAUTHORIZED);
  });

  it('creates a real entry (sample false), findable by its city folded, logged', async () => {
    const r = await admin.client.post<Factory>(quotationCalls.adminCreateFactory.path, NEW_FACTORY);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ name: 'Test Real Carton Ltd', country_code: 'PL', sample: false, certifications: ['FSC'], phone: '' });
    const found = await anonymous.get<Search>(quotationCalls.factorySearchCity.path, { city: 'krakow' });
    expect(found.data).toMatchObject({ exact: true, city: 'Kraków' });
    expect(found.data?.list.map((f) => f.id)).toEqual([r.data?.id]);
    const actions = await admin.client.get<{ items: { action: string; admin_user_id: string; details: Record<string, unknown> }[] }>('/api/admin/actions');
    expect(actions.data?.items.find((a) => a.action === 'factory.create')).toMatchObject({ admin_user_id: admin.id, details: { id: r.data?.id } });
  });

  it('updates only the fields sent, and the entry stops being sample data', async () => {
    const before = (await anonymous.get<Search>(quotationCalls.factorySearchCity.path, { city: 'Lyon' })).data?.list.find((f) => f.id === 'sample-lyon-1');
    expect(before?.sample).toBe(true);
    const r = await admin.client.put<Factory>(quotationCalls.adminUpdateFactory.path, { id: 'sample-lyon-1', name: 'Verified Lyon Cartons' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      id: 'sample-lyon-1',
      name: 'Verified Lyon Cartons',
      sample: false,
      certifications: before?.certifications,
      description: before?.description,
    });
    const moved = await admin.client.put<Factory>(quotationCalls.adminUpdateFactory.path, { id: 'sample-lyon-1', city: 'Villeurbanne' });
    expect(moved.data?.city).toBe('Villeurbanne');
    expect((await anonymous.get<Search>(quotationCalls.factorySearchCity.path, { city: 'villeurbanne' })).data?.exact).toBe(true);
  });

  it('refuses an inconsistent range and an unknown id in words', async () => {
    const range = await admin.client.put(quotationCalls.adminUpdateFactory.path, { id: 'sample-lyon-2', moq_max: 1 });
    expect(range).toMatchObject({ code: Code.BAD_REQUEST, msg: expect.stringMatching(/moq_max/) });
    expect((await admin.client.put(quotationCalls.adminUpdateFactory.path, { id: 'nope', name: 'x' })).code).toBe(Code.NOT_FOUND);
    const bad = await admin.client.post(quotationCalls.adminCreateFactory.path, { ...NEW_FACTORY, contact_email: 'not-an-email' });
    expect(bad).toMatchObject({ code: Code.BAD_REQUEST, msg: expect.stringMatching(/contact_email/) });
  });

  it('deletes an entry, logged; a second delete is 404', async () => {
    const r = await admin.client.del<{ id: string }>(quotationCalls.adminDeleteFactory.path, { id: 'sample-lyon-3' });
    expect(r).toMatchObject({ code: 0, data: { id: 'sample-lyon-3' } });
    expect((await admin.client.del(quotationCalls.adminDeleteFactory.path, { id: 'sample-lyon-3' })).code).toBe(Code.NOT_FOUND);
    const all = await anonymous.get<{ list: Factory[] }>(quotationCalls.factoryListAll.path);
    expect(all.data?.list.some((f) => f.id === 'sample-lyon-3')).toBe(false);
  });
});

describe('fitting (the quotation)', () => {
  it('answers up to three makers that run the main process, work the material and take the quantity', async () => {
    const fit = await server.built.services.factories.fitting({ processes: ['corrugated'], quantity: 400, material: 'FLUTE', destination: 'GB' });
    expect(fit).toHaveLength(3);
    expect(fit.every((f) => f.processes.includes('corrugated') && f.materials.includes('FLUTE') && f.moq_min <= 400)).toBe(true);
    expect(fit[0]?.country_code).toBe('GB');
  });
});

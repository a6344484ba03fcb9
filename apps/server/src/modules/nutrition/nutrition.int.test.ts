import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { FDA_SAMPLE_NUTRIENTS, FDA_SAMPLE_SERVING } from '@packsmith/nutrition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NutritionComputedSchema,
  NutritionLabelRecordSchema,
  nutritionCalls,
  type NutritionComputed,
  type NutritionFood,
  type NutritionLabelRecord,
} from '@packsmith/contracts';
import type { TestClient } from '../../../test/client.js';
import { newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let owner: { id: string; client: TestClient };
let other: { id: string; client: TestClient };
let paid: { id: string; client: TestClient };

// FDA's sample label, 21 CFR 101.9(d)(12): "2/3 cup (55g)", 8 servings, 230 calories.
const FDA = {
  region: 'us',
  format: 'standard',
  serving: { ...FDA_SAMPLE_SERVING },
  nutrients: { ...FDA_SAMPLE_NUTRIENTS },
  // The sample prints "Potassium 235mg": whole units, the levels of significance of (c)(8)(ii) (the engine's default is FDA's guidance increments).
  options: { micronutrient_increments: 'significance' },
};

const compute = (c: TestClient, input: Record<string, unknown>) => c.post<NutritionComputed>(nutritionCalls.compute.path, input);
const line = (label: NutritionComputed | undefined, key: string) => label?.lines.find((l) => l.key === key);

beforeAll(async () => {
  server = await startTestServer();
  owner = await registeredUser(server);
  other = await registeredUser(server);
  paid = await registeredUser(server);
  await server.built.services.billing.planGrants.grantPlan({ userId: paid.id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
}, 120_000);
afterAll(async () => server?.close());

describe('compute', () => {
  it("prints FDA's sample label figures and its SVG, in the contract's shape", async () => {
    const r = await compute(owner.client, FDA);
    expect(r.code, r.msg).toBe(0);
    const label = NutritionComputedSchema.parse(r.data);
    const printed = Object.fromEntries(label.lines.map((l) => [l.key, [l.amount, l.dv]]));
    expect(printed).toMatchObject({
      calories: ['230', ''],
      fat: ['8g', '10%'],
      saturated_fat: ['1g', '5%'],
      trans_fat: ['0g', ''],
      cholesterol: ['0mg', '0%'],
      sodium: ['160mg', '7%'],
      carbohydrate: ['37g', '13%'],
      fiber: ['4g', '14%'],
      sugars: ['12g', ''],
      added_sugars: ['10g', '20%'],
      protein: ['3g', ''],
      vitamin_d: ['2mcg', '10%'],
      calcium: ['260mg', '20%'],
      iron: ['8mg', '45%'],
      potassium: ['235mg', '6%'],
    });
    expect(label.svg).toMatch(/^<svg [^>]*width="[\d.]+mm"/);
    expect(label.svg).toContain('Nutrition Facts');
    expect(label.width_mm).toBeGreaterThan(0);
  });

  it('EU: per 100 g with the portion in portion_amount, energy in kJ and kcal, salt from sodium', async () => {
    const r = await compute(owner.client, {
      region: 'eu',
      serving: { size_text: '1 bar', grams_or_ml: 30 },
      nutrients: { fat: 20, saturated_fat: 5, carbohydrate: 60, sugars: 30, fiber: 3, protein: 8, sodium: 400 },
    });
    expect(r.code, r.msg).toBe(0);
    const label = NutritionComputedSchema.parse(r.data);
    expect(label.basis).toBe('per_100');
    expect(line(label, 'energy')?.amount).toMatch(/^\d+ kJ \/ \d+ kcal$/);
    expect(line(label, 'fat')?.amount).toBe('20 g');
    // 20 g × 30/100 = 6 g, printed with its 0.1 g step's decimal; salt ≥ 1 g likewise.
    expect(line(label, 'fat')?.portion_amount).toBe('6.0 g');
    expect(line(label, 'salt')?.amount).toBe('1.0 g');
    expect(label.svg).toContain('Per 100 g');
  });

  it('UK: front-of-pack colours by the 2016 thresholds', async () => {
    const r = await compute(owner.client, {
      region: 'uk',
      serving: { size_text: '1 pot', grams_or_ml: 125 },
      nutrients: { fat: 20, saturated_fat: 1, carbohydrate: 40, sugars: 10, fiber: 1, protein: 5, salt: 0.2 },
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.fop).toEqual({ fat: 'red', saturates: 'green', sugars: 'amber', salt: 'green' });
  });

  it('recipe mode: table rows by id and by name, typed composition, unmatched names listed, the ingredients statement', async () => {
    const r = await compute(owner.client, {
      region: 'us',
      serving: { size_text: '1 cookie', grams_or_ml: 30, per_container: 10 },
      recipe: {
        ingredients: [
          { name: 'Flour', grams: 200, food_id: 'usda-sr-20081' },
          { name: 'sugar', grams: 100 },
          { name: 'Butter', grams: 100, per_100g: { fat: 81, saturated_fat: 51, sodium: 11, protein: 0.85, energy_kcal: 717 }, allergens: ['milk'] },
          { name: 'Moon dust', grams: 0 },
        ],
      },
    });
    expect(r.code, r.msg).toBe(0);
    const label = NutritionComputedSchema.parse(r.data);
    // Per 30 g of 400 g: flour 200 g × 76.31 % + sugar 100 g × 99.98 % → 252.6 g carbohydrate → 18.9 g a serving.
    expect(label.recipe_nutrients?.carbohydrate).toMatch(/^18\.9/);
    expect(line(label, 'carbohydrate')?.amount).toBe('19g');
    expect(label.unmatched).toEqual([{ index: 3, name: 'Moon dust' }]);
    expect(label.ingredients_statement?.text).toMatch(/^Ingredients: Flour, sugar, Butter/i);
    expect(label.ingredients_statement?.contains).toMatch(/Wheat/);
    expect(label.ingredients_statement?.contains).toMatch(/Milk/);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['negative grams', { ...FDA, serving: { size_text: '1', grams_or_ml: -5 } }, /^serving\.grams_or_ml: /],
    ['10 kg per serving', { ...FDA, serving: { size_text: '1 box', grams_or_ml: 10000 } }, /^serving\.grams_or_ml: /],
    ['added sugars above total sugars', { ...FDA, nutrients: { ...FDA.nutrients, added_sugars: 20 } }, /^nutrients\.added_sugars: /],
    ['an unknown nutrient', { ...FDA, nutrients: { ...FDA.nutrients, unobtainium: 1 } }, /^nutrients\.unobtainium: /],
    [
      'a negative ingredient',
      { region: 'us', serving: { grams_or_ml: 30 }, recipe: { ingredients: [{ name: 'Oats', grams: -1, per_100g: {} }] } },
      /^recipe\.ingredients\.0\.grams: /,
    ],
    [
      '2,000 ingredients',
      { region: 'us', serving: { grams_or_ml: 30 }, recipe: { ingredients: Array.from({ length: 2000 }, (_, i) => ({ name: `i${i}`, grams: 1 })) } },
      /^recipe\.ingredients: at most 300/,
    ],
    ['an unknown region', { ...FDA, region: 'mars' }, /^region/],
    ['an unknown format', { ...FDA, format: 'poster' }, /^format\b/],
    [
      'an unknown food id',
      { region: 'us', serving: { grams_or_ml: 30 }, recipe: { ingredients: [{ name: 'X', grams: 1, food_id: 'nope' }] } },
      /^recipe\.ingredients\.0\.food_id: /,
    ],
  ];
  it.each(refusals)('refuses %s with 400 naming the field', async (_what, input, message) => {
    const r = await compute(owner.client, input);
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(message);
    expect(r.data).toBeNull();
  });
});

describe('saved labels', () => {
  let projectId = '';
  it('saves a label as a nutrition project, reads it back recomputed, lists newest first', async () => {
    const first = await owner.client.post<{ project_id: string; name: string }>(nutritionCalls.save.path, { name: 'Granola', input: FDA });
    expect(first.code, first.msg).toBe(0);
    projectId = first.data?.project_id ?? '';
    const second = await owner.client.post<{ project_id: string }>(nutritionCalls.save.path, {
      name: 'Muesli',
      input: { ...FDA, region: 'uk', format: 'table' },
    });
    expect(second.code, second.msg).toBe(0);

    const got = await owner.client.get<NutritionLabelRecord>(nutritionCalls.label.path, { project_id: projectId });
    expect(got.code, got.msg).toBe(0);
    const record = NutritionLabelRecordSchema.parse(got.data);
    expect(record).toMatchObject({ project_id: projectId, name: 'Granola', input: { region: 'us' } });
    expect(line(record.label, 'fat')?.amount).toBe('8g');

    const renamed = await owner.client.post(nutritionCalls.save.path, {
      project_id: second.data?.project_id,
      name: 'Muesli 2',
      input: { ...FDA, region: 'uk', format: 'table' },
    });
    expect(renamed.code, renamed.msg).toBe(0);
    const list = await owner.client.get<{ list: { project_id: string; name: string; region: string; format: string }[]; total: number }>(
      nutritionCalls.list.path,
    );
    expect(list.data?.total).toBe(2);
    expect(list.data?.list.map((l) => [l.name, l.region, l.format])).toEqual([
      ['Muesli 2', 'uk', 'table'],
      ['Granola', 'us', 'standard'],
    ]);
    // It is a project like any other: the projects screen lists it under its type.
    const projects = await owner.client.get<{ list: { project_id: string }[] }>('/api/project/list', { type: 'nutrition' });
    expect(projects.data?.list.map((p) => p.project_id).sort()).toEqual([projectId, second.data?.project_id].sort());
  });

  it('refuses a bad input on save naming the field, and saves nothing', async () => {
    const r = await owner.client.post(nutritionCalls.save.path, { name: 'Bad', input: { ...FDA, nutrients: { ...FDA.nutrients, fat: -1 } } });
    expect(r).toMatchObject({ code: 400, data: null });
    expect(r.msg).toMatch(/^nutrients\.fat: /);
  });

  it("answers another user's label as the project module does (403), and a design project is no label", async () => {
    for (const [call, input] of [
      [nutritionCalls.label, { project_id: projectId }],
      [nutritionCalls.save, { project_id: projectId, name: 'Mine now', input: FDA }],
      [nutritionCalls.download, { project_id: projectId, format: 'svg', watermark: true }],
    ] as const) {
      const r = await other.client.call(call.method, call.path, input);
      expect(r).toMatchObject({ code: 403, msg: 'This project belongs to someone else.', data: null });
    }
    expect((await other.client.get(nutritionCalls.label.path, { project_id: 'no-such-project' })).code).toBe(404);
    const design = await owner.client.post<{ project_id: string }>('/api/project', { type: 'design' });
    const r = await owner.client.get(nutritionCalls.label.path, { project_id: design.data?.project_id });
    expect(r).toMatchObject({ code: 400, msg: 'project_id: this project is not a nutrition label.' });
    const still = await owner.client.get<NutritionLabelRecord>(nutritionCalls.label.path, { project_id: projectId });
    expect(still.data?.name).toBe('Granola');
  });

  describe('downloads', () => {
    const download = (c: TestClient, body: Record<string, unknown>) =>
      c.post<{ url: string; file_name: string; content_type: string; bytes: number; watermarked: boolean; width_mm: number; height_mm: number }>(
        nutritionCalls.download.path,
        { project_id: projectId, ...body },
      );
    const fetchFile = async (url: string) => Buffer.from(await (await fetch(new URL(url, server.url))).arrayBuffer());

    it('a guest is asked to sign in', async () => {
      const guest = await newGuest(server.url);
      const saved = await guest.post<{ project_id: string }>(nutritionCalls.save.path, { name: 'Guest label', input: FDA });
      expect(saved.code, saved.msg).toBe(0);
      const r = await guest.post(nutritionCalls.download.path, { project_id: saved.data?.project_id, format: 'pdf', watermark: true });
      expect(r).toMatchObject({ code: 401, msg: 'Please sign in to continue.', data: null });
    });

    it('a free account gets the watermarked preview, and 403 without asking for it', async () => {
      expect(await download(owner.client, { format: 'png' })).toMatchObject({ code: 403, msg: 'Please activate your membership.', data: null });
      const r = await download(owner.client, { format: 'svg', watermark: true });
      expect(r.code, r.msg).toBe(0);
      expect(r.data).toMatchObject({ watermarked: true, content_type: 'image/svg+xml', file_name: 'Granola-preview.svg' });
      const svg = (await fetchFile(r.data?.url ?? '')).toString('utf8');
      expect(svg).not.toContain('<text');
      expect(svg).toContain('#c0392b');
    });

    it('a paid account downloads the clean SVG, PNG at 300 dpi and PDF at true size', async () => {
      const saved = await paid.client.post<{ project_id: string }>(nutritionCalls.save.path, { name: 'Paid label', input: FDA });
      const id = saved.data?.project_id ?? '';
      const svg = await download(paid.client, { project_id: id, format: 'svg' });
      expect(svg.code, svg.msg).toBe(0);
      expect(svg.data?.watermarked).toBe(false);
      const svgText = (await fetchFile(svg.data?.url ?? '')).toString('utf8');
      expect(svgText).not.toContain('<text');
      expect(svgText).not.toContain('#c0392b');

      const png = await download(paid.client, { project_id: id, format: 'png' });
      expect(png.code, png.msg).toBe(0);
      const meta = await sharp(await fetchFile(png.data?.url ?? '')).metadata();
      expect(meta.density).toBe(300);
      expect(meta.width).toBe(Math.round(((png.data?.width_mm ?? 0) / 25.4) * 300));

      const pdf = await download(paid.client, { project_id: id, format: 'pdf' });
      expect(pdf.code, pdf.msg).toBe(0);
      expect(pdf.data?.content_type).toBe('application/pdf');
      const doc = await PDFDocument.load(await fetchFile(pdf.data?.url ?? ''));
      const size = doc.getPage(0).getSize();
      expect(Math.abs((size.width * 25.4) / 72 - (pdf.data?.width_mm ?? 0))).toBeLessThan(0.01);
      expect(Math.abs((size.height * 25.4) / 72 - (pdf.data?.height_mm ?? 0))).toBeLessThan(0.01);

      const marked = await download(paid.client, { project_id: id, format: 'pdf', watermark: true });
      expect(marked.data?.watermarked).toBe(true);
      const record = await paid.client.get<NutritionLabelRecord>(nutritionCalls.label.path, { project_id: id });
      expect(record.code).toBe(0);
    });
  });
});

describe('own ingredients', () => {
  it('saves, finds by name with the table (source mine), uses in a recipe, updates and deletes', async () => {
    const saved = await owner.client.post<NutritionFood>(nutritionCalls.saveFood.path, {
      name: 'Grandma oat mix',
      per_100g: { energy_kcal: 380, fat: 7, saturated_fat: 1.2, carbohydrate: 66, sugars: 1, fiber: 10, protein: 13 },
      allergens: ['oats_gluten'],
    });
    if (saved.code === 400) {
      // The allergen list has no oats entry: use one it has.
      expect(saved.msg).toMatch(/^allergens\.0: /);
    }
    const ok = await owner.client.post<NutritionFood>(nutritionCalls.saveFood.path, {
      name: 'Grandma oat mix',
      per_100g: { energy_kcal: 380, fat: 7, saturated_fat: 1.2, carbohydrate: 66, sugars: 1, fiber: 10, protein: 13 },
      allergens: ['wheat'],
    });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ name: 'Grandma oat mix', source: 'mine', allergens: ['wheat'], per_100g: { fat: '7' } });
    const id = ok.data?.food_id ?? '';

    const found = await owner.client.get<{ list: NutritionFood[] }>(nutritionCalls.foods.path, { q: 'oat mix' });
    expect(found.data?.list.map((f) => [f.food_id, f.source])).toContainEqual([id, 'mine']);
    const table = await owner.client.get<{ list: NutritionFood[] }>(nutritionCalls.foods.path, { q: 'flour' });
    expect(table.data?.list[0]).toMatchObject({ source: 'table', reference: expect.stringMatching(/USDA/) });
    // Someone else's search does not see it, nor can they change or use it.
    const theirs = await other.client.get<{ list: NutritionFood[] }>(nutritionCalls.foods.path, { q: 'oat mix' });
    expect(theirs.data?.list.map((f) => f.food_id)).not.toContain(id);
    expect((await other.client.post(nutritionCalls.saveFood.path, { food_id: id, name: 'Hijack', per_100g: {} })).code).toBe(404);
    expect((await other.client.del(nutritionCalls.deleteFood.path, { food_id: id })).code).toBe(404);
    const usedByOther = await compute(other.client, {
      region: 'us',
      serving: { grams_or_ml: 50 },
      recipe: { ingredients: [{ name: 'x', grams: 50, food_id: id }] },
    });
    expect(usedByOther.code).toBe(400);

    const used = await compute(owner.client, { region: 'eu', recipe: { ingredients: [{ name: 'Grandma oat mix', grams: 50, food_id: id }] } });
    expect(used.code, used.msg).toBe(0);
    expect(line(used.data, 'fat')?.amount).toMatch(/^7(\.0)? g$/);

    const updated = await owner.client.post<NutritionFood>(nutritionCalls.saveFood.path, { food_id: id, name: 'Oat mix', per_100g: { fat: 8 } });
    expect(updated.data).toMatchObject({ food_id: id, name: 'Oat mix', per_100g: { fat: '8' } });
    expect(await owner.client.del(nutritionCalls.deleteFood.path, { food_id: id })).toMatchObject({ code: 0, data: { food_id: id } });
    expect((await owner.client.del(nutritionCalls.deleteFood.path, { food_id: id })).code).toBe(404);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a negative figure', { fat: -1 }, /^per_100g\.fat: /],
    ['a part above its whole', { fat: 5, saturated_fat: 6 }, /^per_100g\.saturated_fat: /],
    ['more than 100 g in all', { fat: 60, carbohydrate: 50 }, /^per_100g/],
    ['an unknown nutrient', { vibranium: 1 }, /^per_100g\.vibranium: /],
  ];
  it.each(bad)('refuses %s naming the field', async (_what, per100, message) => {
    const r = await owner.client.post(nutritionCalls.saveFood.path, { name: 'Bad', per_100g: per100 });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(message);
  });
});

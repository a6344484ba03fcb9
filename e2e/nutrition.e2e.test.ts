import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { NutritionPage } from './support/nutrition.page.js';
import { grantPlan } from './support/plan-granter.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const planGranterUrl = inject('planGranterUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!chromiumAvailable())('nutrition label journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a US label from a recipe, its PDF as a paid member, the EU per-100 g table, and a phone without sideways scrolling', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);

    // A paid account, as an operator grants one.
    await shell.open('/loginPage');
    await shell.waitForToken();
    const email = uniqueEmail('label');
    await shell.register('page', email, 'correct horse 42', mailCatcherUrl);
    await expect.poll(async () => (await shell.stored()).marker, { timeout: 30_000 }).toBe('user');
    await grantPlan(planGranterUrl, email, 'pro_month');

    await shell.open('/tools/nutrition-label-generator');
    expect(await page.locator('main').textContent()).not.toMatch(/coming soon|being built/i);
    const label = new NutritionPage(page);
    // A new US label first asks for its serving size, in plain words, without marking anything wrong.
    await page.getByTestId('preview-next-step').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('preview-next-step').textContent()).toMatch(/serving size/i);

    // From a recipe: flour and sugar picked from the suggestions, with their weights, 8 servings of 55 g.
    await page.getByRole('button', { name: 'From a recipe' }).click();
    await label.addIngredient(1, 'flour', '300');
    await label.addIngredient(2, 'sugar', '140');
    await page.getByLabel(/Serving size \(household measure\)/).fill('2 cookies');
    await page.locator('#nf-serving-grams_or_ml').fill('55');
    await page.getByLabel(/Servings per container/).fill('8');
    await label.settled();
    await label.labelImage().waitFor({ timeout: 15_000 });
    await expect.poll(() => label.figures().textContent(), { timeout: 15_000 }).toMatch(/Total Sugars/);
    const figures = (await label.figures().textContent()) ?? '';
    expect(figures).toMatch(/Calories/);
    expect(figures).toMatch(/Total Carbohydrate/);
    expect(await page.getByTestId('ingredients-statement').textContent()).toMatch(/Contains: Wheat/);
    expect(await label.labelImage().getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    // The PDF, clean, at its true size: saving the label comes first.
    await page.getByLabel('Label name').fill('Sugar cookies');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download PDF (true size)' }).click(),
    ]);
    const bytes = await fs.readFile(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBeGreaterThan(2_000);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await expect.poll(() => new URL(page.url()).searchParams.get('project_id')).toBeTruthy();
    await expect.poll(() => page.getByTestId('my-labels').textContent(), { timeout: 15_000 }).toContain('Sugar cookies');

    // The EU table: per 100 g, energy in kJ and kcal.
    await page.getByLabel('Region').selectOption('eu');
    await expect.poll(() => label.figures().textContent(), { timeout: 15_000 }).toMatch(/Per 100 g/);
    expect((await label.figures().textContent()) ?? '').toMatch(/\d+ kJ \/ \d+ kcal/);

    // A phone: the preview under the form, reached by the Preview button, nothing wider than the screen.
    await page.setViewportSize(MOBILE);
    await expect.poll(() => shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => label.preview().evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBeLessThan(MOBILE.height);
    const shot = await page.screenshot({ fullPage: true });
    expect(shot.readUInt32BE(16)).toBeLessThanOrEqual(MOBILE.width);

    expect(errors).toEqual([]);
    await context.close();
  });
});

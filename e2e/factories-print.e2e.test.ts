import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');

/** The directory's search: type a city as people do and press Search. */
async function searchCity(page: Page, city: string): Promise<void> {
  await page.getByRole('searchbox').fill(city);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const heading = (page: Page) => page.getByTestId('results-heading');

describe.skipIf(!chromiumAvailable())('factory directory and print journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'the footer opens the directory; "sao paulo" finds São Paulo with the Sample data badge; Paris shows the nearest with distances',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);
      const shell = new ShellPage(page, baseUrl);

      await shell.open('/');
      await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Factories' }).click();
      await expect.poll(() => shell.heading().textContent()).toBe('Factory directory');
      expect(new URL(page.url()).pathname).toBe('/factories');
      // The whole directory first: sample data says so, on the page and on each card.
      await page.getByTestId('factory-card').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('sample-notice').textContent()).toBe('These are sample listings until our team adds verified factories.');
      expect(await page.getByTestId('factory-map').locator('[role="button"]').count()).toBeGreaterThanOrEqual(20);

      // Lower case, no accent.
      await searchCity(page, 'sao paulo');
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Factories in São Paulo');
      const cards = page.getByTestId('factory-card');
      expect(await cards.count()).toBeGreaterThan(0);
      for (const text of await cards.allTextContents()) expect(text).toContain('São Paulo');
      expect(await cards.first().getByTestId('sample-badge').textContent()).toBe('Sample data');
      expect(new URL(page.url()).searchParams.get('city')).toBe('sao paulo');

      // A city without factories: the nearest, each with its distance, nearest first.
      await searchCity(page, 'Paris');
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('No factories in Paris yet — the nearest:');
      const distances = (await page.getByTestId('factory-distance').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
      expect(distances.length).toBeGreaterThan(0);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));

      // A dot on the map filters to its city (a crowded region's dots are reachable by keyboard too).
      await page
        .getByTestId('factory-map')
        .getByRole('button', { name: /^Shenzhen, / })
        .press('Enter');
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Factories in Shenzhen');
      await page.getByRole('button', { name: 'All cities' }).click();
      await page
        .getByTestId('factory-map')
        .getByRole('button', { name: /^São Paulo, / })
        .click();
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Factories in São Paulo');
      await page
        .getByTestId('city-groups')
        .getByRole('button', { name: /^Shenzhen, / })
        .click();
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Factories in Shenzhen');

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a link with ?city= opens that search', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/factories?city=S%C3%A3o%20Paulo');
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Factories in São Paulo');
    expect(await page.getByRole('searchbox').inputValue()).toBe('São Paulo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width (390×844) neither page scrolls sideways', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/factories');
    await page.getByTestId('factory-card').first().waitFor({ timeout: 20_000 });
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    await searchCity(page, 'Paris');
    await page.getByTestId('factory-distance').first().waitFor({ timeout: 15_000 });
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);

    await shell.open('/print');
    await page.getByRole('link', { name: 'Design a box' }).waitFor({ timeout: 15_000 });
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

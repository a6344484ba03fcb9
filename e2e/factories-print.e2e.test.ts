import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

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

  it('a registered user prints a design from the design chat: the dieline check, a live quote, a factory, the request sent', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    const email = uniqueEmail('print');
    await shell.open('/loginPage');
    await shell.register('page', email, 'correct horse 42', mailCatcherUrl, 'Ana Print');
    await expect.poll(async () => (await shell.stored()).marker, { timeout: 15_000 }).toBe('user');

    // A design, made in the design chat.
    const chat = new DesignChatPage(page, baseUrl);
    const pid = await chat.open('/design-chat');
    await chat.assistantMessages().first().waitFor();
    await chat.send('Organic green tea called Leaf & Co in a straight tuck end box, minimalist, in sage green');
    await expect.poll(() => chat.generateButton().isEnabled(), { timeout: 15_000 }).toBe(true);
    await chat.generateButton().click();
    await chat.waitForDesigns();
    const imageUrl = (await page.locator('[data-testid="design-card"] img').first().getAttribute('src')) ?? '';
    expect(imageUrl).not.toBe('');

    // /print for that design: the check, then the live quote.
    await shell.open(`/print?project_id=${encodeURIComponent(pid)}&image_url=${encodeURIComponent(imageUrl)}`);
    const check = page.getByTestId('print-check');
    await check.waitFor({ timeout: 30_000 });
    expect(await check.getByAltText('The flat dieline').getAttribute('src')).toBeTruthy();
    expect(await check.textContent()).toContain('Bleed');
    const live = page.getByTestId('live-quote');
    await live.waitFor({ timeout: 30_000 });
    const firstTotal = await live.getByTestId('quote-total').textContent();
    await page.getByLabel('Quantity').fill('5000');
    await expect.poll(() => live.getByTestId('quote-total').textContent(), { timeout: 15_000 }).not.toBe(firstTotal);

    // A factory, the details prefilled from the account, and the request.
    const factory = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Choose this factory' }) })
      .first();
    const factoryName = (await factory.getByRole('heading').textContent()) ?? '';
    await factory.getByRole('button', { name: 'Choose this factory' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send print request' }).click();
    expect(await page.getByTestId('print-sent').textContent({ timeout: 30_000 })).toContain(`Sent to ${factoryName}. We emailed you a copy.`);
    await page.getByTestId('my-print-requests').getByText(factoryName, { exact: false }).waitFor({ timeout: 15_000 });

    // Phone width: the print page does not scroll sideways either.
    await page.setViewportSize(MOBILE);
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

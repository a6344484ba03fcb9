import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';
import { DesignIdeasPage } from './support/design-ideas.page.js';

const baseUrl = inject('baseUrl');

describe.skipIf(!chromiumAvailable())('design ideas journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'browse a category by its shared URL, filter by colour, search with a suggestion, open an idea, swipe, like, redesign it into a chat',
    { timeout: 240_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);
      const ideas = new DesignIdeasPage(page, baseUrl);
      await ideas.waitForSeededGallery();

      // The shared URL of a category opens it (it once said there was no such category).
      await ideas.open('/design-ideas/Food%20%26%20Beverages');
      expect(await ideas.waitForTiles()).toBeGreaterThanOrEqual(20);
      expect(await page.title()).toBe('Design ideas — Food & Beverages | Packsmith');
      expect(await page.getByRole('link', { name: 'Food & Beverages', exact: true }).first().getAttribute('aria-current')).toBe('page');
      expect(await page.getByText(/There is no category called/).count()).toBe(0);

      // A colour filter goes into the URL and narrows the list to ideas carrying it.
      const before = await ideas.tiles().count();
      const filtered = page.waitForResponse((r) => r.url().includes('/api/project/package/list') && r.url().includes('color=red'));
      await ideas.colourSwatch('Red').click();
      const body = (await (await filtered).json()) as { data: { list: { tags: string[]; palette: string[] }[]; total: number } };
      await expect.poll(() => new URL(page.url()).searchParams.get('color')).toBe('red');
      expect(await ideas.colourSwatch('Red').getAttribute('aria-pressed')).toBe('true');
      expect(body.data.total).toBeGreaterThan(0);
      expect(body.data.total).toBeLessThan(before + 1000);
      await expect.poll(() => ideas.tiles().count()).toBe(Math.min(24, body.data.total));

      // Search: type, pick a suggestion with the keyboard, see the results.
      await ideas.open('/design-ideas/search');
      await ideas.searchBox().click();
      await ideas.searchBox().pressSequentially('coff', { delay: 30 });
      await ideas.suggestions().first().waitFor();
      const labels = await ideas.suggestions().allTextContents();
      const target = labels.findIndex((l) => l.startsWith('Coffee beans'));
      expect(target).toBeGreaterThanOrEqual(0);
      for (let i = 0; i <= target; i++) await ideas.searchBox().press('ArrowDown');
      expect(await ideas.searchBox().getAttribute('aria-activedescendant')).toBe(await ideas.suggestions().nth(target).getAttribute('id'));
      await ideas.searchBox().press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('Coffee beans');
      await ideas.resultsHeading().waitFor({ timeout: 20_000 });
      expect(await ideas.resultsHeading().textContent()).toMatch(/^\d+ ideas? for “Coffee beans”$/);
      expect(await ideas.waitForTiles()).toBeGreaterThan(0);

      // Open the first result: its designs in a swiper; a swipe shows the next image.
      const firstTitle = (await ideas.tiles().first().getAttribute('aria-label')) ?? '';
      const viewed = page.waitForResponse((r) => r.url().includes('/api/project/view'));
      await ideas.tiles().first().getByRole('link').first().click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await viewed;
      const [brand, product] = firstTitle.split(' · ');
      expect(await page.title()).toBe(`${brand} ${product} packaging idea | Packsmith`);
      await expect.poll(() => page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http/);
      const counter = await ideas.swiperCounter().textContent();
      expect(counter).toMatch(/^1 \/ \d+$/);
      await ideas.swipeLeft();
      await expect.poll(() => ideas.swiperCounter().textContent()).toMatch(/^2 \/ \d+$/);
      await ideas.swiper().focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => ideas.swiperCounter().textContent()).toMatch(/^1 \/ \d+$/);

      // Like it: pressed at once, and still liked after a reload (the server counted it).
      const liked = page.waitForResponse((r) => r.url().endsWith('/api/project/like'));
      await ideas.likeButton().click();
      expect(await ideas.likeButton().getAttribute('aria-pressed')).toBe('true');
      await liked;
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => ideas.likeButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

      // The server's HTML of this page already names the idea, for crawlers that run no script.
      const html = await (await page.request.get(page.url())).text();
      expect(html).toContain(`<title>${`${brand} ${product}`.replace(/&/g, '&#38;')} packaging idea | Packsmith</title>`);
      expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);

      // Redesign for my product: a new chat forked from the idea, with its brief carried over.
      await ideas.redesignLink().click();
      const chat = new DesignChatPage(page, baseUrl);
      await chat.waitForProjectId();
      await expect.poll(() => chat.briefPanel().textContent(), { timeout: 20_000 }).toContain(brand ?? '');
      expect(await chat.briefPanel().textContent()).toContain(product ?? '');

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('at phone width the gallery is two columns with nothing sticking out', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const ideas = new DesignIdeasPage(page, baseUrl);
    await ideas.waitForSeededGallery();
    await ideas.open('/design-ideas/Electronics');
    await ideas.waitForTiles();
    expect(await ideas.grid().getAttribute('data-columns')).toBe('2');
    expect(await ideas.overflowX()).toBeLessThanOrEqual(0);
    const first = await ideas.tiles().first().boundingBox();
    expect(first?.width ?? 0).toBeGreaterThan(140);
    expect(first?.width ?? 999).toBeLessThan(200);
    // Every idea: scrolling to the end of the grid loads the next page by itself (no button pressed).
    await ideas.open('/design-ideas?sort=newest');
    await ideas.waitForTiles();
    await expect.poll(() => ideas.tiles().count(), { timeout: 20_000 }).toBe(24);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return ideas.tiles().count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(24);
    expect(await ideas.overflowX()).toBeLessThanOrEqual(0);

    // An unknown category still says so.
    await ideas.open('/design-ideas/Garden%20tools');
    await page.getByText('There is no category called “Garden tools”').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

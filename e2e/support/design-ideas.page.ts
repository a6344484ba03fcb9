import type { Locator, Page } from 'playwright-core';

/** Page object for the design-idea gallery: /design-ideas/{name}, /design-ideas/search and one idea. */
export class DesignIdeasPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /**
   * The gallery is seeded in the background after the server starts: waits until every category
   * holds at least `perCategory` ideas, so a journey sees the gallery a visitor would.
   */
  async waitForSeededGallery(perCategory = 20, timeoutMs = 180_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      const res = await this.page.request.get(`${this.baseUrl}/api/project/cate_preview_list`);
      const body = (await res.json()) as { code: number; data: { list: { count: number }[] } | null };
      const counts = body.data?.list.map((c) => c.count) ?? [];
      if (counts.length === 7 && counts.every((n) => n >= perCategory)) return;
      if (Date.now() - started > timeoutMs) throw new Error(`The gallery was not seeded in time (counts ${counts.join(', ')}).`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  async open(path: string): Promise<void> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
  }

  grid(): Locator {
    return this.page.getByTestId('idea-grid');
  }

  tiles(): Locator {
    return this.grid().getByRole('article');
  }

  /** Waits for the grid's first tile and for its cover image to have decoded. */
  async waitForTiles(): Promise<number> {
    await this.tiles().first().waitFor({ timeout: 30_000 });
    await this.page.waitForFunction(() => document.querySelector('[data-testid="idea-grid"] img[data-loaded="true"]') !== null, null, { timeout: 30_000 });
    return this.tiles().count();
  }

  colourSwatch(name: string): Locator {
    return this.page.getByRole('group', { name: 'Filter ideas' }).getByRole('button', { name, exact: true });
  }

  searchBox(): Locator {
    return this.page.getByRole('combobox', { name: 'Search design ideas' });
  }

  suggestions(): Locator {
    return this.page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  }

  resultsHeading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: /ideas? (for|tagged) “/ });
  }

  swiper(): Locator {
    return this.page.getByTestId('idea-swiper');
  }

  swiperCounter(): Locator {
    return this.page.getByTestId('swiper-counter');
  }

  /** A finger-like drag across the swiper from right to left (pointer events, as a touch swipe sends). */
  async swipeLeft(): Promise<void> {
    const box = await this.swiper().boundingBox();
    if (!box) throw new Error('The swiper is not on screen.');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width * 0.8, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await this.page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await this.page.mouse.up();
  }

  likeButton(): Locator {
    return this.page.getByRole('button', { name: /^(Like|Liked)\b/ });
  }

  redesignLink(): Locator {
    return this.page.getByRole('link', { name: 'Redesign for my product' });
  }

  /** Horizontal overflow of the page: 0 when nothing sticks out at phone width. */
  async overflowX(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }
}

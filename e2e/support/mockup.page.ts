import type { Locator, Page } from 'playwright-core';

/** Page object for /aimockup: the library (categories, search, grid) and the studio on a template. */
export class MockupPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/aimockup'): Promise<void> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
    await this.page.locator('main h1').first().waitFor({ state: 'visible' });
  }

  categoryTab(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Mockup categories' }).locator(`[data-category="${name}"]`);
  }

  activeCategory(): Locator {
    return this.page.getByRole('navigation', { name: 'Mockup categories' }).locator('[aria-current="page"]');
  }

  search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search templates' });
  }

  templateCards(): Locator {
    return this.page.getByTestId('template-card');
  }

  async waitForTemplates(timeout = 60_000): Promise<number> {
    await this.templateCards().first().waitFor({ timeout });
    return this.templateCards().count();
  }

  /** Columns of the template grid as laid out (cards sharing the first row's top). */
  async gridColumns(): Promise<number> {
    return this.templateCards().evaluateAll((cards) => {
      const top = cards[0]?.getBoundingClientRect().top ?? 0;
      return cards.filter((c) => Math.abs(c.getBoundingClientRect().top - top) < 2).length;
    });
  }

  /** Picks the design file in the studio's file chooser, as a person does. */
  async uploadDesign(name: string, buffer: Buffer, mimeType = 'image/png'): Promise<void> {
    await this.page.getByTestId('design-upload-input').setInputFiles({ name, mimeType, buffer });
  }

  placementArea(): Locator {
    return this.page.getByTestId('placement-area');
  }

  async placement(): Promise<{ scale: number; x: number; y: number; rotation: number }> {
    const a = this.placementArea();
    const [scale, x, y, rotation] = await Promise.all(['data-scale', 'data-offset-x', 'data-offset-y', 'data-rotation'].map((k) => a.getAttribute(k)));
    return { scale: Number(scale), x: Number(x), y: Number(y), rotation: Number(rotation) };
  }

  /** Drags on the print area by (dx, dy) screen pixels, in small steps. */
  async dragDesign(dx: number, dy: number): Promise<void> {
    await this.placementArea().scrollIntoViewIfNeeded();
    const box = await this.placementArea().boundingBox();
    if (!box) throw new Error('the print area is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 8 });
    await this.page.mouse.up();
  }

  generateButton(): Locator {
    return this.page.getByTestId('generate-button');
  }

  async waitForProjectId(timeout = 30_000): Promise<string> {
    const handle = await this.page.waitForFunction(() => new URL(location.href).searchParams.get('project_id'), null, { timeout });
    return (await handle.jsonValue()) as string;
  }

  resultCards(): Locator {
    return this.page.getByTestId('result-card');
  }

  async waitForResult(timeout = 120_000): Promise<number> {
    await this.page.locator('[data-testid="result-card"] [data-state="loaded"]').first().waitFor({ timeout });
    return this.resultCards().count();
  }

  stage(): Locator {
    return this.page.getByTestId('stage');
  }

  /** The 3D preview's canvas, once the preview says it is ready. */
  async open3d(timeout = 90_000): Promise<Locator> {
    await this.page.getByRole('tab', { name: '3D preview' }).click();
    await this.page.locator('[data-testid="preview3d"][data-preview3d-state="ready"]').waitFor({ timeout });
    return this.page.locator('[data-testid="preview3d"] canvas');
  }

  /** Turns the 3D view with a drag across its canvas. */
  async rotate3d(canvas: Locator, dx: number, dy: number): Promise<void> {
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the 3D canvas is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 12 });
    await this.page.mouse.up();
  }

  downloadButton(index = 0): Locator {
    return this.page.getByTestId('download-result').nth(index);
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}

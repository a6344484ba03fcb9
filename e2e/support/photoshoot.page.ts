import type { Locator, Page } from 'playwright-core';

/** Page object for /photoshoot: the photo, the cut-out, the scenes, the placement canvas and the results. */
export class PhotoShootPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/photoshoot'): Promise<void> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
    await this.page.locator('main h1').first().waitFor({ state: 'visible' });
  }

  /** Picks a product photo in the file chooser, as a person does. */
  async upload(name: string, buffer: Buffer, mimeType = 'image/png'): Promise<void> {
    await this.page.getByTestId('upload-input').setInputFiles({ name, mimeType, buffer });
  }

  async waitForProjectId(): Promise<string> {
    const handle = await this.page.waitForFunction(() => new URL(location.href).searchParams.get('project_id'), null, { timeout: 30_000 });
    return (await handle.jsonValue()) as string;
  }

  /** The before/after slider of the cut-out: it shows once the cut-out has arrived. */
  cutoutSlider(): Locator {
    return this.page.getByRole('slider', { name: /Compare original and cut-out/ });
  }

  galleryScenes(): Locator {
    return this.page.locator('[data-testid="all-scenes"] [data-testid="scene-option"]');
  }

  product(): Locator {
    return this.page.getByTestId('placement-product');
  }

  stage(): Locator {
    return this.page.getByTestId('placement-stage');
  }

  async productLeft(): Promise<number> {
    return Number(await this.product().getAttribute('data-left'));
  }

  async productTop(): Promise<number> {
    return Number(await this.product().getAttribute('data-top'));
  }

  /** Drags the product by (dx, dy) screen pixels with the mouse, in small steps. */
  async dragProduct(dx: number, dy: number): Promise<void> {
    await this.product().scrollIntoViewIfNeeded();
    const box = await this.product().boundingBox();
    if (!box) throw new Error('the product is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 10 });
    await this.page.mouse.up();
  }

  generateButton(): Locator {
    return this.page.getByTestId('generate-button');
  }

  resultCards(): Locator {
    return this.page.getByTestId('result-card');
  }

  async waitForResults(timeout = 180_000): Promise<number> {
    await this.page.locator('[data-testid="result-card"] [data-state="loaded"]').first().waitFor({ timeout });
    return this.resultCards().count();
  }

  likeButton(index: number): Locator {
    return this.page.getByTestId('results').getByRole('button', { name: `Like photo ${index}`, exact: true });
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}

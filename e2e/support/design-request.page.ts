import type { Locator, Page } from 'playwright-core';

/** Page object for /design-requirements: the request form's sections, its messages and the success screen. */
export class DesignRequestPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/design-requirements`, { waitUntil: 'domcontentloaded' });
    await this.form().waitFor({ state: 'visible' });
    // The packaging types arrive from /api/subject/list.
    await this.page.locator('#dr-packaging-type optgroup').first().waitFor({ state: 'attached', timeout: 15_000 });
  }

  form(): Locator {
    return this.page.getByRole('form', { name: 'Design request' });
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  field(label: string): Locator {
    return this.form().getByLabel(label, { exact: true });
  }

  /** The message under a field, found through its aria-describedby. */
  async messageOf(label: string): Promise<string | null> {
    const ids = (await this.field(label).getAttribute('aria-describedby')) ?? '';
    const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? this.page.locator(`[id="${errorId}"]`).textContent() : null;
  }

  async send(): Promise<void> {
    await this.page.getByRole('button', { name: 'Send design request' }).click();
  }

  /** Picks reference images in the file chooser, as a person does. */
  async addReference(name: string, buffer: Buffer): Promise<void> {
    await this.page.getByTestId('reference-input').setInputFiles({ name, mimeType: 'image/png', buffer });
  }

  references(): Locator {
    return this.page.getByRole('list', { name: 'Reference images' }).getByRole('img');
  }

  reference(): Locator {
    return this.page.getByTestId('design-request-reference');
  }
}

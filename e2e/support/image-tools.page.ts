import type { Locator, Page } from 'playwright-core';

/** Page object for the "Edit image" panel (the image tools' steps toolbar) over the mockup studio. */
export class ImageToolsPage {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit image' });
  }

  tool(name: RegExp): Locator {
    return this.dialog().getByRole('toolbar', { name: 'Image tools' }).getByRole('button', { name });
  }

  image(): Locator {
    return this.dialog().getByTestId('editor-image');
  }

  async imageSrc(): Promise<string> {
    return (await this.image().getAttribute('src')) ?? '';
  }

  /** The shown image's natural size, once it has loaded. */
  async naturalSize(timeout = 30_000): Promise<{ width: number; height: number }> {
    const handle = await this.page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="editor-image"]');
        return img && img.complete && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
      },
      null,
      { timeout },
    );
    return (await handle.jsonValue()) as { width: number; height: number };
  }

  /** Paints one stroke across the middle of the image with the mouse, as a person does. */
  async paintStroke(): Promise<void> {
    const canvas = this.dialog().getByTestId('mask-canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the mask canvas is not on screen');
    const y = box.y + box.height * 0.45;
    await this.page.mouse.move(box.x + box.width * 0.3, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * 0.7, y + box.height * 0.1, { steps: 12 });
    await this.page.mouse.up();
  }

  runButton(): Locator {
    return this.dialog().getByTestId('run-tool');
  }

  position(): Locator {
    return this.dialog().getByTestId('step-position');
  }

  /** Waits for the step list to say "Step n of total"; a tool's error (in the server's words) fails at once. */
  async waitForStep(n: number, total: number, timeout = 120_000): Promise<void> {
    await this.page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="step-position"]')?.textContent?.startsWith(want) ?? false) ||
        document.querySelector('[data-testid="tool-error"], [data-testid="tool-notice"]') !== null,
      `Step ${n} of ${total}`,
      { timeout },
    );
    const said = this.dialog().locator('[data-testid="tool-error"], [data-testid="tool-notice"]');
    if ((await said.count()) > 0) throw new Error(`the tool said: ${await said.first().textContent()}`);
  }

  back(): Locator {
    return this.dialog().getByTestId('step-back');
  }

  forward(): Locator {
    return this.dialog().getByTestId('step-forward');
  }

  download(): Locator {
    return this.dialog().getByTestId('download-step');
  }

  /** What the engine did, under the current step (the record's data.note). */
  stepNote(): Locator {
    return this.dialog().getByTestId('step-note');
  }

  /** The Keywords section's colour swatches of the current step. */
  keywordColors(): Locator {
    return this.dialog().getByTestId('keyword-color');
  }

  errorText(): Locator {
    return this.dialog().getByTestId('tool-error');
  }
}

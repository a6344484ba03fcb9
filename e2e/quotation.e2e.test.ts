import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');

/** What the visitor answers for each selection the assistant may still ask for. */
const ANSWERS: Record<string, string> = {
  product: 'Organic tea',
  box: 'straight tuck end',
  size: '80 x 40 x 150 mm',
  material: 'white board',
  print: 'cmyk',
  finishes: 'no finishes',
  quantity: '1000',
  destination: 'Germany',
};
const FULL_BRIEF = 'Organic tea in a straight tuck end box, 80 x 40 x 150 mm, white board, cmyk, no finishes, 1000 pieces, shipped to Germany';

const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

/** Sends one message and waits for the assistant's turn after it. */
async function say(page: Page, text: string): Promise<void> {
  const before = await assistantMessages(page).count();
  const field = page.getByTestId('quote-chat').getByRole('textbox');
  await field.fill(text);
  await field.press('Enter');
  await expect.poll(() => assistantMessages(page).count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await page.getByTestId('quote-waiting').waitFor({ state: 'detached', timeout: 30_000 });
}

/** The first selection still missing (the panel lists them in the order the assistant asks). */
async function firstMissing(page: Page): Promise<string | null> {
  const chips = page.getByTestId('selection-chip');
  for (let i = 0; i < (await chips.count()); i += 1) {
    const chip = chips.nth(i);
    if ((await chip.textContent())?.includes('Not chosen yet')) return chip.getAttribute('data-name');
  }
  return null;
}

describe.skipIf(!chromiumAvailable())('quotation journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks in the chat for a quote, sees the chart, changes the quantity, downloads the PDF, fits a phone', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/aiquotation');
    expect(await page.locator('main').textContent()).not.toMatch(/coming soon|being built/i);

    // A pricing-tool project is made, its id goes into the address, and the assistant says hello.
    await expect.poll(() => new URL(page.url()).searchParams.get('project_id'), { timeout: 30_000 }).toBeTruthy();
    await page.locator('[data-testid="chat-message"][data-kind="hello"]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('quote-empty').waitFor();
    expect(await page.getByTestId('selection-chip').first().getAttribute('data-name')).toBe('product');

    // One message with everything; whatever the assistant still asks for is answered after it.
    await say(page, FULL_BRIEF);
    for (let turn = 0; turn < 8 && !(await page.getByTestId('quote-card').isVisible()); turn += 1) {
      const missing = await firstMissing(page);
      if (!missing) break;
      await say(page, ANSWERS[missing] ?? 'yes');
    }
    const card = page.getByTestId('quote-card');
    await card.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('selection-chip').first().textContent()).toMatch(/Product.*Organic tea/i);
    expect(await card.getByTestId('quote-total').textContent()).toMatch(/\d/);
    await card.locator('[data-testid="ladder-chart"] svg').first().waitFor();
    expect(await card.getByTestId('quote-breakdown').locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await card.getByTestId('quote-factories').locator('li').count()).toBeGreaterThan(0);

    // Another quantity from the ladder re-quotes: the unit price falls.
    const unitBefore = await card.getByTestId('quote-unit-price').textContent();
    await card.getByRole('list', { name: 'Quantity' }).getByRole('button', { name: '5,000' }).click();
    await expect
      .poll(() => card.getByRole('list', { name: 'Quantity' }).getByRole('button', { name: '5,000' }).getAttribute('aria-pressed'), { timeout: 30_000 })
      .toBe('true');
    expect(await card.getByTestId('quote-unit-price').textContent()).not.toBe(unitBefore);
    expect(await page.getByTestId('selection-chip').filter({ hasText: 'Quantity' }).textContent()).toContain('5,000');

    // The PDF downloads with the session's token.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), card.getByTestId('quote-pdf').click()]);
    const file = await download.path();
    const head = (await fs.readFile(file)).subarray(0, 4).toString('latin1');
    expect(head).toBe('%PDF');
    expect(download.suggestedFilename()).toMatch(/^packsmith-quote-.+\.pdf$/);

    // On a phone the chat is full width, the quote below it, and nothing overflows sideways.
    await page.setViewportSize(MOBILE);
    await card.waitFor();
    await expect.poll(() => shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    const chatBox = await page.getByTestId('quote-chat').boundingBox();
    const cardBox = await card.boundingBox();
    expect(chatBox && cardBox && cardBox.y > chatBox.y).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { ImageToolsPage } from './support/image-tools.page.js';
import { MockupPage } from './support/mockup.page.js';
import { designImage, waitForTemplates } from './support/mockup-fixtures.js';
import { grantPlan } from './support/plan-granter.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const planGranterUrl = inject('planGranterUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!chromiumAvailable())('image tools journey', () => {
  let browser: Browser;
  let design: Buffer;
  beforeAll(async () => {
    browser = await launchBrowser();
    design = await designImage('#1d4ed8');
    expect(await waitForTemplates(baseUrl, 1)).toBeGreaterThanOrEqual(1);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'a mockup result → Edit → paint a stroke → Erase makes a new step → Back to the original → Forward → Restyle “make it blue” (new pixels, keywords with colours) → Upscale ×2 doubles the width → Download links that image',
    { timeout: 480_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);

      // An account with credits (a paid plan, granted as an operator would).
      const shell = new ShellPage(page, baseUrl);
      await shell.open('/loginPage');
      await shell.waitForToken();
      const email = uniqueEmail('tools');
      await shell.register('page', email, 'correct horse 42', mailCatcherUrl);
      await expect.poll(async () => (await shell.stored()).marker, { timeout: 30_000 }).toBe('user');
      await grantPlan(planGranterUrl, email, 'pro_month');

      // A mockup result, as the mockup journey makes one.
      const mockup = new MockupPage(page, baseUrl);
      await mockup.open('/aimockup');
      await mockup.waitForTemplates();
      await mockup.templateCards().first().click();
      await page.getByTestId('mockup-studio').waitFor({ timeout: 30_000 });
      await mockup.uploadDesign('sun.png', design);
      await page.getByTestId('design-upload-done').waitFor({ timeout: 30_000 });
      await mockup.placementArea().waitFor();
      await mockup.generateButton().click();
      expect(await mockup.waitForResult()).toBe(1);

      // Edit it: the panel shows it large, with the tools and their costs.
      await page.getByTestId('edit-result').first().click();
      const tools = new ImageToolsPage(page);
      await tools.dialog().waitFor();
      const original = await tools.imageSrc();
      const originalSize = await tools.naturalSize();
      expect(await tools.tool(/Erase/).textContent()).toContain('1 credit');
      expect(await tools.tool(/Select object/).textContent()).toContain('free');

      // Erase: a stroke painted over the middle, then the call; a new step, a new file, other pixels.
      await tools.tool(/Erase/).click();
      expect(await tools.tool(/Erase/).getAttribute('aria-pressed')).toBe('true');
      await tools.paintStroke();
      const maskUpload = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/upload/.test(r.url()));
      const eraseCall = page.waitForRequest((r) => r.url().endsWith('/api/mockup/erase'));
      await tools.runButton().click();
      await maskUpload;
      const sent = (await eraseCall).postDataJSON() as { image_url: string; mask_url: string; erase_scale: number };
      expect(sent.image_url).toBe(original);
      expect(sent.erase_scale).toBe(50);
      await tools.waitForStep(2, 2);
      expect(await tools.errorText().count()).toBe(0);
      const erased = await tools.imageSrc();
      expect(erased).not.toBe(original);
      const [a, b] = await Promise.all([page.request.get(new URL(original, baseUrl).href), page.request.get(new URL(erased, baseUrl).href)]);
      expect(b.ok()).toBe(true);
      expect((await b.body()).equals(await a.body())).toBe(false);
      const erasedSize = await tools.naturalSize();
      expect(erasedSize).toEqual(originalSize);

      // Back: the original is current again; Forward: the erased image.
      await tools.back().click();
      await expect.poll(() => tools.imageSrc()).toBe(original);
      expect(await tools.position().textContent()).toContain('Step 1 of 2: Original');
      await tools.forward().click();
      await expect.poll(() => tools.imageSrc()).toBe(erased);

      // Restyle "make it blue" (an example chip): a third step, other pixels, the engine's note under it;
      // the Keywords section reads the new step's colours.
      await tools.tool(/Restyle/).click();
      await tools.dialog().getByRole('button', { name: 'make it blue' }).click();
      const editCall = page.waitForRequest((r) => r.url().endsWith('/api/generate/edit/image'));
      await tools.runButton().click();
      expect(((await editCall).postDataJSON() as { prompt: string; image_url: string }).prompt).toBe('make it blue');
      await tools.waitForStep(3, 3);
      const blue = await tools.imageSrc();
      expect(blue).not.toBe(erased);
      const c = await page.request.get(new URL(blue, baseUrl).href);
      expect((await c.body()).equals(await b.body())).toBe(false);
      const blueSize = await tools.naturalSize();
      await tools.stepNote().waitFor({ timeout: 10_000 });
      await tools.keywordColors().first().waitFor({ timeout: 30_000 });
      expect(await tools.keywordColors().count()).toBeGreaterThanOrEqual(1);

      // Upscale ×2: a fourth step twice as wide.
      await tools.tool(/Upscale/).click();
      await page.getByTestId('upscale-2').click();
      await tools.waitForStep(4, 4);
      const upscaled = await tools.imageSrc();
      expect(upscaled).not.toBe(blue);
      const upscaledSize = await tools.naturalSize();
      expect(upscaledSize.width).toBe(blueSize.width * 2);

      // Download links the current step's image.
      expect(await tools.download().getAttribute('href')).toBe(upscaled);
      expect(await tools.download().getAttribute('download')).toBeTruthy();

      // The studio took the tools' runs for none of its own renders; their images joined its results.
      expect(await mockup.generateButton().textContent()).not.toContain('Generating');
      expect(await mockup.resultCards().count()).toBe(4);

      // On a phone the panel fits: the image within the screen, nothing scrolls sideways.
      await page.setViewportSize(MOBILE);
      const imgBox = await tools.image().boundingBox();
      expect((imgBox?.x ?? 0) + (imgBox?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

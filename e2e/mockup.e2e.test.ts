import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { MockupPage } from './support/mockup.page.js';
import { designImage, waitForTemplates } from './support/mockup-fixtures.js';
import { grantPlan } from './support/plan-granter.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const planGranterUrl = inject('planGranterUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!chromiumAvailable())('mockup studio journeys', () => {
  let browser: Browser;
  let design: Buffer;
  beforeAll(async () => {
    browser = await launchBrowser();
    design = await designImage('#0f766e', '#f59e0b');
    expect(await waitForTemplates(baseUrl, 8)).toBeGreaterThanOrEqual(8);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'category → template → upload a design → place it → generate → compare → rotate the 3D preview → download gated by plan, then downloaded on Pro',
    { timeout: 420_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);
      const mockup = new MockupPage(page, baseUrl);
      await mockup.open('/aimockup');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('AI mockup');
      expect(await page.locator('main').textContent()).not.toMatch(/coming soon|being built/i);
      expect(await mockup.waitForTemplates()).toBeGreaterThanOrEqual(8);

      // A category is a place: its tab links to /aimockup/{name}.
      await mockup.categoryTab('Boxes').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/aimockup/Boxes');
      await expect.poll(() => mockup.activeCategory().getAttribute('data-category')).toBe('Boxes');
      await mockup.waitForTemplates();
      const card = mockup.templateCards().first();
      const templateId = await card.getAttribute('data-template-id');
      await card.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('template')).toBe(templateId);
      await page.getByTestId('mockup-studio').waitFor({ timeout: 30_000 });
      expect(await mockup.stage().getAttribute('data-showing')).toBe('scene');

      // The design uploads (SPEC §5 checks in the browser) and lands on the print area.
      await mockup.uploadDesign('leaf.png', design);
      await page.getByTestId('design-upload-done').waitFor({ timeout: 30_000 });
      await mockup.placementArea().waitFor();

      // The live preview puts it on the empty scene in the browser.
      await page.getByTestId('live-preview').waitFor({ timeout: 30_000 });

      // Drag it, nudge it with the keyboard, undo and redo with the shortcuts.
      await mockup.dragDesign(40, -30);
      const dragged = await mockup.placement();
      expect(dragged.x).toBeGreaterThan(0.05);
      expect(dragged.y).toBeLessThan(-0.02);
      await mockup.placementArea().focus();
      await page.keyboard.press('BracketRight');
      expect((await mockup.placement()).rotation).toBe(1);
      await page.keyboard.press('Control+z');
      expect((await mockup.placement()).rotation).toBe(0);
      await page.keyboard.press('Control+Shift+z');
      expect((await mockup.placement()).rotation).toBe(1);
      await page.getByTestId('material-select').selectOption('KRAFT');

      // Generate: the call carries the template, the design, its placement and the material; a mockup
      // project is made and named in the URL; the result arrives and is compared with the empty scene.
      const request = page.waitForRequest((r) => r.url().endsWith('/api/mockup/result'));
      await mockup.generateButton().click();
      const sent = (await request).postDataJSON() as { mockup_template_id: string; placement: { offset_x: number; rotation: number }; material: string };
      expect(sent.mockup_template_id).toBe(templateId);
      expect(sent.placement.offset_x).toBeCloseTo(dragged.x, 3);
      expect(sent.placement.rotation).toBe(1);
      expect(sent.material).toBe('KRAFT');
      const projectId = await mockup.waitForProjectId();
      expect(projectId).toBeTruthy();
      expect(await mockup.waitForResult()).toBe(1);
      await expect.poll(() => mockup.stage().getAttribute('data-showing'), { timeout: 15_000 }).toBe('compare');
      expect(await page.getByRole('slider', { name: /Compare empty scene and your mockup/ }).count()).toBe(1);

      // The 3D preview of the template's pack: a drag on its canvas turns it.
      const canvas = await mockup.open3d();
      await page.waitForTimeout(500);
      const before = await canvas.screenshot();
      await mockup.rotate3d(canvas, 160, 30);
      await page.waitForTimeout(800);
      const after = await canvas.screenshot();
      expect(after.equals(before)).toBe(false);
      await page.getByRole('tab', { name: 'Photo mockup' }).click();

      // The assistant's drawer tells the same story.
      await page.getByTestId('assistant-toggle').click();
      const drawer = page.getByRole('dialog', { name: 'Mockup assistant' });
      await drawer.waitFor();
      for (const kind of ['mockupHandle', 'mockupGenerate']) {
        await drawer.locator(`[data-testid="chat-message"][data-kind="${kind}"]`).first().waitFor({ timeout: 15_000 });
      }
      await page.getByTestId('assistant-toggle').click();

      // Download (SPEC §6): a guest is asked to sign in; once registered without a plan, the membership
      // message and the pay modal.
      const shell = new ShellPage(page, baseUrl);
      await mockup.downloadButton().click();
      await shell.loginDialog().waitFor();
      const email = uniqueEmail('mockup');
      await shell.register('dialog', email, 'correct horse 42', mailCatcherUrl);
      await shell.loginDialog().waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await shell.stored()).marker, { timeout: 15_000 }).toBe('user');
      await mockup.downloadButton().click();
      await page.getByTestId('toast').filter({ hasText: 'Please activate your membership.' }).waitFor();
      await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor();

      // With a paid plan (granted as an operator would), the same result downloads as a file.
      await grantPlan(planGranterUrl, email, 'pro_month');
      await page.reload();
      expect(await mockup.waitForResult()).toBeGreaterThanOrEqual(1);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), mockup.downloadButton().click()]);
      expect(download.suggestedFilename()).toMatch(/\.(jpe?g|png)$/i);
      const saved = await download.path();
      expect(saved && (await import('node:fs')).statSync(saved).size).toBeGreaterThan(1000);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a category typed or shared by URL opens; the search goes into the URL and an empty result offers to clear it', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const mockup = new MockupPage(page, baseUrl);
    await mockup.open('/aimockup/Bottles%20%26%20Jugs');
    expect(await mockup.activeCategory().getAttribute('data-category')).toBe('Bottles & Jugs');
    await mockup.waitForTemplates();

    await mockup.search().fill('zzzz-no-such-pack');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zzzz-no-such-pack');
    await page.getByTestId('templates-empty').waitFor();
    expect(await page.getByTestId('templates-empty').textContent()).toContain('No templates match');
    await page.getByRole('button', { name: 'Clear the search' }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    await mockup.waitForTemplates();

    // The search survives a reload (it is in the URL).
    await mockup.open('/aimockup?q=bottle');
    expect(await mockup.search().inputValue()).toBe('bottle');
    expect(await mockup.waitForTemplates()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px: two columns, nothing scrolls sideways, and the studio is usable', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const mockup = new MockupPage(page, baseUrl);
    await mockup.open('/aimockup');
    await mockup.waitForTemplates();
    expect(await mockup.gridColumns()).toBe(2);
    expect(await mockup.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    await mockup.templateCards().first().click();
    await page.getByTestId('mockup-studio').waitFor({ timeout: 30_000 });
    await mockup.uploadDesign('leaf.png', design);
    await mockup.placementArea().waitFor({ timeout: 30_000 });
    const area = await mockup.placementArea().boundingBox();
    expect((area?.x ?? 0) + (area?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    // Keyboard placement and the controls work on a phone-sized screen too.
    await mockup.placementArea().focus();
    await page.keyboard.press('Shift+ArrowLeft');
    expect((await mockup.placement()).x).toBe(-0.1);
    await mockup.generateButton().scrollIntoViewIfNeeded();
    expect(await mockup.generateButton().isEnabled()).toBe(true);
    expect(await mockup.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

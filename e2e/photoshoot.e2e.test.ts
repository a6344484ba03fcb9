import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { PhotoShootPage } from './support/photoshoot.page.js';

const baseUrl = inject('baseUrl');

/** A product photo made here: a teal bottle with a cream label and an amber cap, on a plain light backdrop, 1200 px. */
async function productPhoto(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
    <rect width="1200" height="1200" fill="#e9eef3"/>
    <rect x="555" y="250" width="90" height="70" rx="10" fill="#d97706"/>
    <rect x="570" y="315" width="60" height="110" fill="#0f766e"/>
    <path d="M570 420 C 470 460, 460 500, 460 560 L 460 1010 Q 460 1050 500 1050 L 700 1050 Q 740 1050 740 1010 L 740 560 C 740 500, 730 460, 630 420 Z" fill="#0f766e"/>
    <rect x="460" y="640" width="280" height="220" fill="#fef3c7"/>
    <rect x="500" y="700" width="200" height="26" rx="6" fill="#0f766e"/>
    <rect x="530" y="750" width="140" height="16" rx="6" fill="#64748b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The server renders its curated scenes after it starts listening; the gallery needs some. */
async function waitForScenes(min: number, timeoutMs = 150_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/photoshoot/public/list?page_size=1`);
    const body = (await res.json()) as { data: { total: number } | null };
    const total = body.data?.total ?? 0;
    if (total >= min || Date.now() > until) return total;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe.skipIf(!chromiumAvailable())('photo shoot journeys', () => {
  let browser: Browser;
  let photo: Buffer;
  beforeAll(async () => {
    browser = await launchBrowser();
    photo = await productPhoto();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('upload a product photo → cut-out → choose a scene → drag the product → generate → like a result', { timeout: 420_000 }, async () => {
    expect(await waitForScenes(2)).toBeGreaterThanOrEqual(2);
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shoot = new PhotoShootPage(page, baseUrl);
    await shoot.open();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('AI photo shoot');

    // The photo uploads, a photo shoot project is made and its id goes into the URL.
    await shoot.upload('bottle.png', photo);
    const projectId = await shoot.waitForProjectId();
    expect(projectId).toBeTruthy();
    await page.getByTestId('upload-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-done').textContent()).toContain('1200 × 1200');

    // The cut-out appears on the before/after slider; the slider moves with the keyboard.
    await shoot.cutoutSlider().waitFor({ timeout: 180_000 });
    await shoot.cutoutSlider().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await shoot.cutoutSlider().inputValue()).toBe('49');

    // Choose a scene from the gallery (not the recommended one already chosen).
    await shoot.galleryScenes().first().waitFor({ timeout: 30_000 });
    const pressed = await shoot.galleryScenes().evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')));
    const pick = shoot.galleryScenes().nth(Math.max(0, pressed.indexOf('false')));
    const pickedUrl = await pick.getAttribute('data-url');
    await pick.click();
    expect(await pick.getAttribute('aria-pressed')).toBe('true');
    await shoot.product().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('placement-stage').locator('img').first().getAttribute('src')).toBe(pickedUrl);

    // Drag the product up and to the left; then nudge it with the keyboard and undo one nudge.
    const left0 = await shoot.productLeft();
    const top0 = await shoot.productTop();
    await shoot.dragProduct(-90, -40);
    const left1 = await shoot.productLeft();
    expect(left1).toBeLessThan(left0 - 50);
    expect(await shoot.productTop()).toBeLessThan(top0 - 20);
    await shoot.product().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await shoot.productLeft()).toBe(left1 + 2);
    await page.keyboard.press('Control+z');
    expect(await shoot.productLeft()).toBe(left1 + 1);

    // Generate: the call carries the placement on the 1024 canvas; the results appear.
    const request = page.waitForRequest((r) => r.url().endsWith('/api/photoshoot/background'));
    await shoot.generateButton().click();
    const sent = (await request).postDataJSON() as { background_url: string; placement: { left: number; backW: number; backH: number } };
    expect(sent.background_url).toBe(pickedUrl);
    expect(Math.max(sent.placement.backW, sent.placement.backH)).toBe(1024);
    expect(Math.round(sent.placement.left)).toBe(left1 + 1);
    const count = await shoot.waitForResults();
    expect(count).toBeGreaterThanOrEqual(2);

    // Like one: pressed at once, saved, and still liked after a reload.
    const saved = page.waitForResponse((r) => r.url().includes('/api/project/photoshoot/image/like'));
    await shoot.likeButton(1).click();
    expect(await shoot.likeButton(1).getAttribute('aria-pressed')).toBe('true');
    expect((await saved).status()).toBe(200);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await shoot.waitForResults(30_000);
    await expect.poll(() => shoot.likeButton(1).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    // The assistant's drawer tells the same story.
    await page.getByTestId('assistant-toggle').click();
    const drawer = page.getByRole('dialog', { name: 'Photo shoot assistant' });
    await drawer.waitFor();
    for (const kind of ['photoshootHello', 'photoshootCutImage', 'photoshootRecommend', 'answer']) {
      await drawer.locator(`[data-testid="chat-message"][data-kind="${kind}"]`).first().waitFor({ timeout: 15_000 });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px the page does not scroll sideways and the canvas fits the screen', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const shoot = new PhotoShootPage(page, baseUrl);
    await shoot.open();
    expect(await shoot.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    await shoot.upload('bottle.png', photo);
    await shoot.waitForProjectId();
    await shoot.cutoutSlider().waitFor({ timeout: 180_000 });
    await shoot.galleryScenes().first().click({ timeout: 30_000 });
    await shoot.product().waitFor({ timeout: 30_000 });
    const stage = await shoot.stage().boundingBox();
    expect(stage).not.toBeNull();
    expect((stage?.x ?? 0) + (stage?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    expect(await shoot.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    // Keyboard placement works on a phone-sized canvas too.
    const left = await shoot.productLeft();
    await shoot.product().focus();
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await shoot.productLeft()).toBe(left - 10);
    expect(errors).toEqual([]);
    await context.close();
  });
});

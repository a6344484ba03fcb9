import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkReport, ensureHarness, facePngs, serveHarness } from '../bench/preview3d/serve.mjs';
import { chromiumAvailable, DESKTOP, launchBrowser, MOBILE } from './browser.js';

/*
 * The mockup studio's 3D preview in Chromium with software WebGL (SwiftShader): a harness page
 * (bench/preview3d) mounts the real component, loaded lazily as the studio page does, for a
 * reverse tuck end box with face images served beside it. No app server is needed.
 */

const BACKDROP = [0xee, 0xf0, 0xf3];

/** What the harness page records (bench/preview3d/main.tsx). */
interface Harness {
  snapshots: { size: number; type: string; signature: number[] }[];
}
declare const window: { preview3dHarness: Harness };

/**
 * The 3D view's pixels (RGB), scaled down to 240 px wide in the page (the canvas keeps its
 * drawing buffer for snapshots, so it can be read back): much quicker than a screenshot.
 */
async function viewPixels(page: Page): Promise<{ data: number[] }> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const data = await page.locator('[data-testid=preview3d] canvas').evaluate((gl: HTMLCanvasElement) => {
    const w = 240;
    const h = Math.max(1, Math.round((gl.height / gl.width) * w));
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0, w, h);
    const rgba = ctx.getImageData(0, 0, w, h).data;
    const rgb: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    return rgb;
  });
  return { data };
}

/** Share of pixels that are not the studio backdrop (the pack and its shadow). */
function packShare({ data }: { data: number[] }): number {
  let hit = 0;
  for (let i = 0; i < data.length; i += 3) {
    const d = Math.abs(data[i]! - BACKDROP[0]!) + Math.abs(data[i + 1]! - BACKDROP[1]!) + Math.abs(data[i + 2]! - BACKDROP[2]!);
    if (d > 24) hit++;
  }
  return hit / (data.length / 3);
}

/** Share of pixels that changed between two views of the same size. */
function changed(a: { data: number[] }, b: { data: number[] }): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 3) {
    if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 30) n++;
  }
  return n / (a.data.length / 3);
}

async function settle(page: Page): Promise<void> {
  // Damped orbiting and the open animation run for some frames after the input.
  await page.waitForTimeout(500);
}

describe.skipIf(!chromiumAvailable())('3D preview (harness page, software WebGL)', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    await ensureHarness();
    // Face images the proportions of box 101's faces (60 × 150 × 40 mm), 256 px: small keeps it quick.
    server = await serveHarness(await facePngs({ width: 60.45, height: 150.45, depth: 40.45 }, 256, '#1d5fa8'));
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads three.js only in the lazy preview chunk', () => {
    const r = chunkReport();
    expect(r.entryHasThree).toBe(false);
    expect(r.lazyHasThree).toBe(true);
  });

  it('draws a tuck end box, turns it when dragged or with the arrow keys, opens it and takes a PNG snapshot', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A desktop layout with a 640 px wide view: the full-size figures are the bench's (npm run bench preview3d).
    await page.goto(`${server.url}/?box=101&background=%231d5fa8&width=640`);
    await page.locator('[data-preview3d-state="ready"]').waitFor({ timeout: 30_000 });

    const first = await viewPixels(page);
    expect(packShare(first)).toBeGreaterThan(0.05);

    // Drag across the view: the camera orbits.
    const canvas = page.locator('[data-testid=preview3d] canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 + i * 25, box.y + box.height / 2 + i * 4);
    await page.mouse.up();
    await settle(page);
    const dragged = await viewPixels(page);
    expect(changed(first, dragged)).toBeGreaterThan(0.02);
    expect(packShare(dragged)).toBeGreaterThan(0.05);

    // The keyboard turns it too, and Reset view brings the first view back.
    await page.getByRole('application').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await settle(page);
    expect(changed(dragged, await viewPixels(page))).toBeGreaterThan(0.02);
    await page.getByRole('button', { name: 'Reset view' }).click();
    // The camera eases back over some frames; on a loaded machine software WebGL draws fewer of them
    // per second, so wait for the view to arrive rather than a fixed time.
    await expect.poll(async () => changed(first, await viewPixels(page)), { timeout: 8_000, interval: 250 }).toBeLessThan(0.02);

    // Open lifts the top closure out of the box's outline.
    await page.getByRole('button', { name: 'Open' }).click();
    await settle(page);
    expect(await page.getByRole('button', { name: 'Close' }).getAttribute('aria-pressed')).toBe('true');
    expect(changed(first, await viewPixels(page))).toBeGreaterThan(0.005);

    await page.getByRole('button', { name: 'Snapshot' }).click();
    await page.waitForFunction(() => window.preview3dHarness.snapshots.length > 0, null, { timeout: 10_000 });
    const shots = await page.evaluate(() => window.preview3dHarness.snapshots);
    expect(shots[0]!.type).toBe('image/png');
    expect(shots[0]!.signature).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(shots[0]!.size).toBeGreaterThan(5_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone screen and turns under a finger', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${server.url}/?box=101`);
    await page.locator('[data-preview3d-state="ready"]').waitFor({ timeout: 30_000 });
    const canvas = page.locator('[data-testid=preview3d] canvas');
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(MOBILE.width);
    // Nothing overflows the screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const before = await viewPixels(page);
    expect(packShare(before)).toBeGreaterThan(0.05);

    const cdp = await context.newCDPSession(page);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + i * 15, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await settle(page);
    expect(changed(before, await viewPixels(page))).toBeGreaterThan(0.02);
    await context.close();
  });
});

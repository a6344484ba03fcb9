import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';

const baseUrl = inject('baseUrl');

/**
 * Share of the pack's pixels (not the backdrop, not the floor shadow) showing each named colour,
 * measured with the engine's own colour test (CIEDE2000 with hue and lightness checks).
 */
async function namedColourShares(png: Buffer, names: readonly string[]): Promise<Record<string, number>> {
  const sharp = (await import('sharp')).default;
  const { measureColourShares } = await import('../packages/design-engine/src/artwork/colour-share.js');
  const { namedColours } = await import('../packages/design-engine/src/artwork/named-colours.js');
  const { srgbToLab, deltaE2000Rgb } = await import('../packages/design-engine/src/artwork/delta-e.js');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgba = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const [r0, g0, b0] = [rgba[0] ?? 0, rgba[1] ?? 0, rgba[2] ?? 0];
  const mask = new Uint8Array(info.width * info.height);
  for (let p = 0; p < mask.length; p++) {
    const [r, g, b] = [rgba[p * 4] ?? 0, rgba[p * 4 + 1] ?? 0, rgba[p * 4 + 2] ?? 0];
    const lab = srgbToLab(r, g, b);
    const backdrop = deltaE2000Rgb(r, g, b, r0, g0, b0) < 10;
    const shadow = Math.hypot(lab.a, lab.b) < 6 && lab.l > 45;
    mask[p] = backdrop || shadow ? 0 : 1;
  }
  const measured = measureColourShares(rgba, info.width, info.height, namedColours([...names]), { mask });
  return Object.fromEntries(measured.map((m) => [m.key, m.share]));
}

describe.skipIf(!chromiumAvailable())('design chat journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a conversation to designs, like one, make a child design, fork a redesign', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const chat = new DesignChatPage(page, baseUrl);

    // A new chat makes a project, puts it in the URL and the assistant says hello.
    const pid = await chat.open('/design-chat');
    await chat.assistantMessages().first().waitFor();
    expect(await chat.page.getByRole('heading', { level: 1 }).textContent()).toBe('Design chat');
    expect(await chat.generateButton().isDisabled()).toBe(true);

    // The brief comes from the conversation and shows live in the side panel.
    await chat.send('Organic green tea called Leaf & Co, minimalist, in sage green');
    expect(await chat.userMessages().last().textContent()).toContain('Organic green tea called Leaf & Co');
    await expect.poll(() => chat.briefPanel().textContent(), { timeout: 15_000 }).toContain('Leaf & Co');
    expect(await chat.chatTitle().textContent()).toContain('Leaf & Co');

    // Designs: Generate → progress → a grid of designs.
    await expect.poll(() => chat.generateButton().isEnabled(), { timeout: 15_000 }).toBe(true);
    await chat.generateButton().click();
    const count = await chat.waitForDesigns();
    expect(count).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('generation-progress').count(), { timeout: 30_000 }).toBe(0);

    // Like one: it shows pressed at once and is still liked after a reload.
    const saved = page.waitForResponse((r) => r.url().includes('/api/project/like/image'));
    await chat.likeButton(1).click();
    expect(await chat.likeButton(1).getAttribute('aria-pressed')).toBe('true');
    await saved;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await chat.designCards().first().waitFor({ timeout: 20_000 });
    await expect.poll(() => chat.likeButton(1).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    // A child design from design 1 opens its own chat, starting from that image.
    await chat.designAction(1, 'Make a child design');
    const childId = await chat.waitForProjectId(pid);
    expect(childId).not.toBe(pid);
    await page.getByTestId('origin-card').waitFor({ timeout: 20_000 });
    await chat.assistantMessages().first().waitFor();
    await expect.poll(() => chat.chatTitle().textContent()).toContain('Child');

    // Back in the parent, Redesign forks it into a new project with the same brief.
    await page.goto(`${baseUrl}/design-chat?pid=${pid}`, { waitUntil: 'domcontentloaded' });
    await chat.designCards().first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Redesign' }).click();
    const forkId = await chat.waitForProjectId(pid);
    expect(forkId).not.toBe(pid);
    expect(forkId).not.toBe(childId);
    await expect.poll(() => chat.chatTitle().textContent(), { timeout: 15_000 }).toContain('Redesign');
    await expect.poll(() => chat.briefPanel().textContent(), { timeout: 15_000 }).toContain('Leaf & Co');
    expect(await chat.designCards().count()).toBe(0);

    // Every chat opened is in Recent chats.
    const recent = page.getByTestId('recent-chats').getByRole('link');
    await expect.poll(() => recent.count()).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a brief written in two lines, Generate, and designs in the colours it names', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const chat = new DesignChatPage(page, baseUrl);
    await chat.open('/design-chat');
    await chat.assistantMessages().first().waitFor();

    // Two lines, as people type them: Shift+Enter breaks the line, Generate sends and designs at once.
    const field = chat.composerField();
    await field.click();
    await page.keyboard.type('We are Nocturne Parfums, a luxury perfume house.');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('I want a rigid gift box, black and gold, art deco');
    expect(await field.inputValue()).toContain('\n');
    await chat.generateButton().click();
    expect(await chat.waitForDesigns()).toBeGreaterThan(0);
    await expect.poll(() => chat.briefPanel().textContent(), { timeout: 15_000 }).toContain('Nocturne Parfums');
    // The product is what goes inside, not the pack.
    expect(await chat.briefPanel().locator('div:has(> dt:text-is("Product")) > dd').textContent()).toBe('perfume');
    expect(await chat.briefPanel().locator('div:has(> dt:text-is("Brand")) > dd').textContent()).toBe('Nocturne Parfums');

    // What the user sees: black and gold are principal colours of the first design.
    const src = (await page.locator('[data-testid="design-card"] img').first().getAttribute('src')) ?? '';
    const shares = await namedColourShares(await (await page.request.get(new URL(src, baseUrl).href)).body(), ['black', 'gold']);
    expect(shares.black, JSON.stringify(shares)).toBeGreaterThanOrEqual(0.1);
    expect(shares.gold, JSON.stringify(shares)).toBeGreaterThanOrEqual(0.05);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px the chat fits the screen and the brief opens as a sheet', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const chat = new DesignChatPage(page, baseUrl);
    await chat.open('/design-chat');
    await chat.assistantMessages().first().waitFor();
    await chat.send('A craft IPA can for Hop Theory');
    expect(await chat.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole('button', { name: 'Brief and boxes' }).click();
    const sheet = page.getByRole('dialog', { name: 'Brief, box and results' });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('brief-panel').textContent(), { timeout: 15_000 }).toContain('Hop Theory');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await chat.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

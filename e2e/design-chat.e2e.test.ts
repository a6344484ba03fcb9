import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';

const baseUrl = inject('baseUrl');

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

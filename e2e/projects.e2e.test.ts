import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STORAGE_KEYS } from '@packsmith/contracts';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';
import { ProjectsPage } from './support/projects.page.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');

describe.skipIf(!chromiumAvailable())('my projects journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a guest filters, searches, renames, deletes with undo and deletes for good; a phone fits', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);

    // A design made through the design chat: a brief sent, so the project has a brand and product.
    const chat = new DesignChatPage(page, baseUrl);
    const designId = await chat.open('/design-chat');
    await chat.assistantMessages().first().waitFor();
    await chat.send('Organic green tea called Leaf & Co, minimalist, in sage green');
    await expect.poll(() => chat.briefPanel().textContent(), { timeout: 15_000 }).toContain('Leaf & Co');

    // A quotation made with the visitor's own session, as the quotation tool makes it.
    const shell = new ShellPage(page, baseUrl);
    const quote = await shell.apiAsVisitor<{ project_id: string }>('POST', '/api/project', { type: 'pricing_tool' });
    expect(quote.code, quote.msg).toBe(0);

    const projects = new ProjectsPage(page, baseUrl);
    await projects.open('/projectList');
    expect(await projects.cards().count()).toBe(2);
    expect(await projects.titles()).toEqual(expect.arrayContaining(['Untitled design', 'Untitled quotation']));
    expect(await projects.card('Untitled design').textContent()).toContain('Leaf & Co');
    expect(await projects.card('Untitled quotation').getByTestId('project-title').getAttribute('href')).toBe(
      `/aiquotation?project_id=${quote.data.project_id}`,
    );
    expect(await projects.card('Untitled design').getByTestId('project-title').getAttribute('href')).toBe(`/design-chat?pid=${designId}`);

    // Type filter, in the URL.
    await projects.typeChip('Quotations').click();
    await expect.poll(() => projects.search().get('type')).toBe('pricing_tool');
    await expect.poll(() => projects.titles()).toEqual(['Untitled quotation']);
    await projects.typeChip('Photo shoots').click();
    await page.getByTestId('no-match').waitFor();
    await projects.typeChip('All').click();
    await expect.poll(() => projects.cards().count()).toBe(2);

    // Search by name, brand or product (debounced, in the URL); a reload keeps it.
    await projects.searchBox().fill('leaf');
    await expect.poll(() => projects.search().get('q')).toBe('leaf');
    await expect.poll(() => projects.titles()).toEqual(['Untitled design']);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await projects.waitForList();
    expect(await projects.searchBox().inputValue()).toBe('leaf');
    expect(await projects.titles()).toEqual(['Untitled design']);
    await projects.searchBox().fill('');
    await expect.poll(() => projects.cards().count()).toBe(2);

    // Rename with Enter: shown at once and kept after a reload.
    const renamed = page.waitForResponse((r) => r.url().includes('/api/project/name'));
    await projects.rename('Untitled quotation', 'Tea box quote');
    await projects.card('Tea box quote').waitFor();
    expect((await (await renamed).json()) as unknown).toMatchObject({ code: 0, data: { name: 'Tea box quote' } });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await projects.card('Tea box quote').waitFor();

    // Delete with confirmation; the undo brings it back.
    await projects.menuAction('Untitled design', 'Delete');
    expect(await projects.deleteDialog().textContent()).toContain('“Untitled design” will be deleted');
    await projects.deleteDialog().getByRole('button', { name: 'Delete' }).click();
    await projects.card('Untitled design').waitFor({ state: 'detached' });
    expect(await projects.undoToast().textContent()).toContain('Deleted “Untitled design”.');
    await projects.undoToast().getByRole('button', { name: 'Undo' }).click();
    await projects.card('Untitled design').waitFor();
    await projects.undoToast().waitFor({ state: 'detached' });

    // Deleted again and left: gone after a reload, and from the local project history too.
    await projects.menuAction('Untitled design', 'Delete');
    await projects.deleteDialog().getByRole('button', { name: 'Delete' }).click();
    await projects.undoToast().waitFor();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await projects.waitForList();
    expect(await projects.titles()).toEqual(['Tea box quote']);
    const history = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.localHistory);
    expect(history ?? '[]').not.toContain(designId);

    // A phone: one column, nothing wider than the screen, and the card menu still works.
    await page.setViewportSize(MOBILE);
    await projects.open('/my_project');
    expect(await projects.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    const cardBox = await projects.cards().first().boundingBox();
    expect(cardBox?.width ?? 0).toBeGreaterThan(MOBILE.width * 0.8);
    await projects.menuButton('Tea box quote').click();
    const menu = page.getByRole('menu');
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x ?? -1) >= 0 && (menuBox?.x ?? 0) + (menuBox?.width ?? 0) <= MOBILE.width).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { EditorLayer } from '@packsmith/contracts';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { DesignChatPage } from './support/design-chat.page.js';
import { EditorPage } from './support/editor.page.js';
import { designImage } from './support/mockup-fixtures.js';
import { grantPlan } from './support/plan-granter.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const planGranterUrl = inject('planGranterUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

describe.skipIf(!chromiumAvailable())('packaging editor journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'a design from the chat opens on its dieline with real layers; a text is moved, edited in place and undone; an image is added and its background removed; the 3D fold follows; the print PDF exports for a Business member',
    { timeout: 480_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);
      const shell = new ShellPage(page, baseUrl);
      const email = uniqueEmail('editor');
      await shell.open('/loginPage');
      await shell.waitForToken();
      await shell.register('page', email, 'correct horse 42', mailCatcherUrl);
      await expect.poll(async () => (await shell.stored()).marker, { timeout: 30_000 }).toBe('user');
      await grantPlan(planGranterUrl, email, 'business_month');

      // A design, made in the design chat, sent to the editor from its card's menu.
      const chat = new DesignChatPage(page, baseUrl);
      await chat.open('/design-chat');
      await chat.assistantMessages().first().waitFor();
      await chat.send('Organic green tea called Leaf & Co in a reverse tuck end box, minimalist, in sage green');
      await expect.poll(() => chat.generateButton().isEnabled(), { timeout: 15_000 }).toBe(true);
      await chat.generateButton().click();
      await chat.waitForDesigns();
      // The set is stored with its designs' briefs when the generation ends (the first card can show before).
      await expect.poll(() => chat.generateButton().isEnabled(), { timeout: 120_000 }).toBe(true);
      await expect
        .poll(async () => (await page.locator('[data-testid="design-card"] [data-state="loaded"]').count()) === (await chat.designCards().count()), {
          timeout: 60_000,
        })
        .toBe(true);
      // Every design's menu offers the editor; the journey then opens the link that item follows.
      await page.getByRole('button', { name: 'More actions for design 1' }).first().click();
      await page.getByRole('menuitem', { name: 'Open in the packaging editor' }).waitFor();
      await page.keyboard.press('Escape');
      const pid = new URL(page.url()).searchParams.get('pid') ?? '';
      const packshot = (await page.locator('[data-testid="design-card"] img').first().getAttribute('src')) ?? '';
      await page.goto(new URL(`/editor?design=${encodeURIComponent(pid)}&image=${encodeURIComponent(packshot)}`, baseUrl).href);

      const editor = new EditorPage(page, baseUrl);
      // The workspace, or the page's refusal in words (then the test says which).
      const refusal = page.getByRole('heading', { name: 'The editor could not open this design' });
      const settled = () => undefined;
      await Promise.race([editor.workspace().waitFor({ timeout: 90_000 }).catch(settled), refusal.waitFor({ timeout: 90_000 }).catch(settled)]);
      if (await refusal.isVisible()) throw new Error(`the editor refused: ${await page.getByRole('alert').first().textContent()}`);
      await editor.workspace().waitFor({ timeout: 5_000 });
      await expect.poll(() => editor.projectId(), { timeout: 15_000 }).not.toBe('');
      await editor.canvas().waitFor();
      const opened = await editor.stored();
      expect(opened.parent_project_id).toBeTruthy();
      // Every word of the design is a text layer of its own.
      const texts = opened.document.panels.flatMap((p) => p.layers).filter((l): l is Of<'text'> => l.kind === 'text');
      expect(texts.length).toBeGreaterThan(1);
      const front = opened.document.panels.find((p) => p.panel_id === 'front')!;
      // The largest words of the front (the brand, as a rule): big enough on screen to grab by its middle, not by a handle.
      const word = front.layers
        .filter((l): l is Of<'text'> => l.kind === 'text' && !l.locked && !l.hidden && l.text.trim() !== '')
        .sort((a, b) => b.w * b.h - a.w * a.h)[0]!;
      expect(word).toBeTruthy();

      // Select it in the layers list, then drag it 60 px to the right on the sheet: one undoable move.
      await page.getByTestId('panel-select').selectOption('front');
      await editor.layerRow(word.name || word.text.slice(0, 40), 'text').click();
      expect(await page.getByTestId('text-content').inputValue()).toBe(word.text);
      // The view settles once the canvas has its size and the sheet is fitted.
      let view = '';
      await expect
        .poll(
          async () => {
            const now = (await editor.canvas().getAttribute('data-view')) ?? '';
            const steady = now === view;
            view = now;
            return steady;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBe(true);
      const at = await editor.layerCentre(opened.document, word);
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.move(at.x + 30, at.y, { steps: 6 });
      await page.mouse.move(at.x + 60, at.y, { steps: 6 });
      await page.mouse.up();
      await expect.poll(() => editor.saveStatus(), { timeout: 15_000 }).toBe('saved');
      const moved = (await editor.stored()).document.panels.flatMap((p) => p.layers).find((l) => l.id === word.id)!;
      if (moved.x - word.x <= 2) await page.screenshot({ path: '/tmp/editor-drag-failed.png' });
      expect(moved.x - word.x, `drag from ${at.x},${at.y} (view ${view}) moved ${JSON.stringify(word)}`).toBeGreaterThan(2);
      // Across, not down: snapping may pull it a little to an edge or centre on the way.
      expect(Math.abs(moved.y - word.y)).toBeLessThan(5);

      // Edit it in place: double-click, type, Enter.
      const movedDoc = (await editor.stored()).document;
      const centre = await editor.layerCentre(movedDoc, moved);
      await page.mouse.dblclick(centre.x, centre.y);
      const inPlace = page.getByRole('textbox', { name: /^Text of / });
      await inPlace.waitFor();
      await inPlace.fill('Fresh from the hills');
      await inPlace.press('Enter');
      await expect.poll(() => page.getByTestId('text-content').inputValue()).toBe('Fresh from the hills');
      await expect.poll(() => editor.saveStatus(), { timeout: 15_000 }).toBe('saved');
      const edited = await editor.stored();
      expect(edited.document.panels.flatMap((p) => p.layers).find((l) => l.id === word.id)).toMatchObject({ kind: 'text', text: 'Fresh from the hills' });
      expect(edited.version).toBeGreaterThan(opened.version);

      // Undo (Ctrl+Z on the sheet): the words come back, and are saved so.
      await editor.canvas().focus();
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.getByTestId('text-content').inputValue()).toBe(word.text);
      await expect.poll(() => editor.saveStatus(), { timeout: 15_000 }).toBe('saved');

      // The 3D preview shows the document; it is drawn again after a change.
      if ((await page.getByTestId('editor-3d').count()) === 0) await page.getByTestId('toggle-3d').click();
      const preview = page.getByTestId('editor-3d');
      await expect.poll(() => preview.getAttribute('data-faces-state'), { timeout: 60_000 }).toBe('ready');
      expect((await preview.getAttribute('data-faces')) ?? '').toContain('front');
      await expect.poll(() => preview.getByTestId('preview3d').getAttribute('data-preview3d-state'), { timeout: 60_000 }).toMatch(/ready|no-webgl/);
      const drawnBefore = Number(await preview.getAttribute('data-faces-drawn'));

      // An image from the desktop, as a layer of the front.
      await page.getByTestId('add-image-input').setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: await designImage('#0ea5e9') });
      await editor.layerRow('sun', 'image').waitFor({ timeout: 30_000 });
      await expect.poll(async () => Number(await preview.getAttribute('data-faces-drawn')), { timeout: 30_000 }).toBeGreaterThan(drawnBefore);
      await expect.poll(() => editor.saveStatus(), { timeout: 15_000 }).toBe('saved');
      const withImage = await editor.stored();
      const image = withImage.document.panels
        .find((p) => p.panel_id === 'front')!
        .layers.find((l): l is Of<'image'> => l.kind === 'image' && l.name === 'sun')!;
      expect(image.url).toMatch(/^\/files\/|^https?:/);

      // Remove its background with the AI tools: the layer's image is replaced, as one step.
      await page.getByTestId('ai-removebg').click();
      const tools = page.getByRole('dialog', { name: 'AI tools on this layer' });
      await tools.waitFor();
      await tools.getByTestId('run-tool').click();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="step-position"]')?.textContent?.startsWith('Step 2 of 2') ?? false) ||
          document.querySelector('[data-testid="tool-error"], [data-testid="tool-notice"]') !== null,
        null,
        { timeout: 180_000 },
      );
      expect(await tools.getByTestId('tool-error').count()).toBe(0);
      await tools.getByRole('button', { name: /close/i }).first().click();
      await expect
        .poll(
          async () => {
            const s = await editor.stored();
            return s.document.panels.flatMap((p) => p.layers).find((l) => l.id === image.id);
          },
          { timeout: 30_000 },
        )
        .toMatchObject({ kind: 'image', url: expect.not.stringMatching(new RegExp(`^${image.url}$`)) });

      // An image dropped from the desktop onto the sheet is a layer too.
      const dropped = await page.evaluateHandle(
        async (b64) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const dt = new DataTransfer();
          dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
          return dt;
        },
        (await designImage('#f97316')).toString('base64'),
      );
      await page.dispatchEvent('[data-testid="editor-canvas"]', 'drop', { dataTransfer: dropped });
      await editor.layerRow('dropped', 'image').waitFor({ timeout: 30_000 });

      // The print-ready PDF: a Business member gets the file without a watermark.
      await page.getByTestId('open-export').click();
      const exportDialog = page.getByRole('dialog', { name: 'Export' });
      await exportDialog.getByRole('radio', { name: /Print-ready PDF/ }).check();
      await exportDialog.getByTestId('export-start').click();
      const result = exportDialog.getByTestId('export-result');
      await result.waitFor({ timeout: 120_000 });
      expect(await result.getAttribute('data-format')).toBe('pdf');
      expect(await result.getAttribute('data-watermarked')).toBe('false');
      const href = (await result.getByTestId('export-download').getAttribute('href')) ?? '';
      const pdf = await page.request.get(new URL(href, baseUrl).href);
      expect(pdf.ok()).toBe(true);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await exportDialog.getByRole('button', { name: 'Close' }).last().click();

      // Phone width: the editor fits the screen (view and simple edits).
      await page.setViewportSize(MOBILE);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await editor.canvas().waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

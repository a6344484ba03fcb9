import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROUTES, STORAGE_KEYS } from '@packsmith/contracts';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');

/** A concrete URL for every route of SPEC §2, and the heading it must show. */
const VISITS: { name: string; path: string; heading: string }[] = [
  ...ROUTES.map((r) => {
    const paths: Record<string, string> = {
      projectList: '/projectList',
      myProject: '/my_project',
      projectInfo: '/design-ideas/project/idea-1',
      category: '/design-ideas/food-and-beverages',
      aimockup: '/aimockup/Boxes',
      chat: '/chat',
      designChat: '/design-chat',
    };
    return { name: r.name, path: paths[r.name] ?? r.path, heading: r.heading };
  }),
  { name: 'notFound', path: '/no/such/page', heading: 'Page not found' },
];

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!chromiumAvailable())('web shell journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`every route renders its frame and heading at ${viewport.width} px, and reports a page view`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      const shell = new ShellPage(page, baseUrl);
      for (const visit of VISITS) {
        await shell.open(visit.path);
        await expect.poll(() => shell.heading().textContent(), { message: visit.path }).toBe(visit.heading);
        expect(await page.getByRole('banner').isVisible()).toBe(true);
        expect(await page.getByRole('contentinfo').count()).toBe(1);
        expect(await shell.planBadge().isVisible()).toBe(true);
        if (viewport.width <= 390) expect(await shell.scrollWidth(), visit.path).toBeLessThanOrEqual(390);
        await expect.poll(() => shell.pageViews.some((v) => v.route_name === visit.name), { message: `page view ${visit.name}` }).toBe(true);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('home introduces every tool with a way in, and links keep ref and utm_source', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/?ref=partner&utm_source=newsletter');
    const tools = ROUTES.filter((r) => 'tool' in r);
    await expect.poll(() => page.getByTestId('tool-card').count()).toBe(tools.length);
    await page.getByTestId('tool-card').filter({ hasText: 'Photo shoot' }).click();
    await expect.poll(() => shell.heading().textContent()).toBe('AI photo shoot');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/photoshoot');
    expect(url.searchParams.get('ref')).toBe('partner');
    expect(url.searchParams.get('utm_source')).toBe('newsletter');
    await expect.poll(() => shell.pageViews.find((v) => v.route_name === 'photoshoot')?.utm_source).toBe('newsletter');
    await context.close();
  });

  it('the mobile menu opens from the hamburger and Escape closes it', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Nutrition label' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => shell.heading().textContent()).toBe('Plans and prices');
    expect(await page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
    await context.close();
  });

  it('a token query parameter becomes the session token and leaves the address bar', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    const guest = (await (
      await fetch(`${baseUrl}/api/user/guest_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as { data: { token: string } };
    await shell.open(`/pricing?token=${guest.data.token}&ref=r1`);
    await expect.poll(() => new URL(page.url()).search).toBe('?ref=r1');
    expect((await shell.stored()).token).toBe(guest.data.token);
    await context.close();
  });

  it('register → emailed code → signed in with the plan badge', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/loginPage');
    const guestToken = await shell.waitForToken();
    const email = uniqueEmail('reg');
    await shell.register('page', email, 'correct horse 42', mailCatcherUrl, 'Maria');
    await expect.poll(() => shell.heading().textContent()).toBe('Packaging design, done with AI');
    await expect.poll(async () => (await shell.stored()).marker).toBe('user');
    const stored = await shell.stored();
    expect(stored.token).not.toBe(guestToken);
    expect(await shell.planBadge().textContent()).toBe('Free');
    await expect.poll(() => page.getByTestId('credit-count').textContent()).toMatch(/^\d[\d,]* credits$/);
    await page.getByRole('button', { name: /Account menu for Maria/ }).click();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Maria');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong code keeps the form open with the server message', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/loginPage');
    const main = page.locator('main');
    await main.getByRole('tab', { name: 'Create account' }).click();
    await main.getByLabel('Email').fill('not-an-email');
    await main.getByRole('button', { name: 'Send code' }).click();
    expect(await main.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    const email = uniqueEmail('wrong');
    await main.getByLabel('Email').fill(email);
    await main.getByRole('button', { name: 'Send code' }).click();
    const code = await import('./support/mail-catcher.js').then((m) => m.latestCode(mailCatcherUrl, email));
    await main.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await main.getByLabel('Password').fill('correct horse 42');
    await main.getByRole('button', { name: 'Create account' }).click();
    await main.getByRole('alert').waitFor();
    expect((await main.getByRole('alert').textContent())?.length).toBeGreaterThan(0);
    expect((await shell.stored()).marker).toBe('guest');
    await context.close();
  });

  it("a guest's project is kept after registering", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/');
    await shell.waitForToken();
    const created = await shell.apiAsVisitor<{ project_id: string }>('POST', '/api/project', { type: 'design' });
    expect(created.code).toBe(0);
    const renamed = await shell.apiAsVisitor('PUT', '/api/project/name', { project_id: created.data.project_id, name: 'Guest tea box' });
    expect(renamed.code).toBe(0);
    await page.evaluate(([key, id]) => localStorage.setItem(key, JSON.stringify([id])), [STORAGE_KEYS.anonymousProjects, created.data.project_id] as const);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await shell.loginDialog().waitFor();
    await shell.register('dialog', uniqueEmail('keep'), 'correct horse 42', mailCatcherUrl);
    await shell.loginDialog().waitFor({ state: 'detached' });
    await expect.poll(async () => (await shell.stored()).marker).toBe('user');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.anonymousProjects)).toBeNull();

    await page.getByRole('banner').getByRole('link', { name: 'My projects' }).click();
    await expect.poll(() => shell.heading().textContent()).toBe('My projects');
    await expect.poll(() => page.getByTestId('project-title').allTextContents()).toContain('Guest tea box');
    await context.close();
  });

  it('402 → stored tokens cleared, the login dialog opens and a new guest session is acquired', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/');
    const first = await shell.waitForToken();
    await page.evaluate((k) => {
      localStorage.setItem(k.token, 'corrupted-token');
      localStorage.setItem(k.tokenMarker, 'user');
    }, STORAGE_KEYS);
    await shell.open('/pricing');
    await shell.loginDialog().waitFor();
    await expect.poll(async () => (await shell.stored()).token).not.toMatch(/^(corrupted-token)?$/);
    const after = await shell.stored();
    expect(after.token).not.toBe(first);
    expect(after.marker).toBe('guest');
    expect(after.guest).toBe(after.token);
    const me = await shell.apiAsVisitor<{ type: string }>('GET', '/api/user/me');
    expect(me.data.type).toBe('guest');
    await context.close();
  });

  it('origin=wiki opens the login dialog for a visitor', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/?origin=wiki');
    await shell.loginDialog().waitFor();
    await page.keyboard.press('Escape');
    await shell.loginDialog().waitFor({ state: 'detached' });
    await context.close();
  });

  it('each upload rejection message is shown, and a good photo uploads (scaled to 2048)', async () => {
    const sharp = (await import('sharp')).default;
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#7c3aed' } })
        .png()
        .toBuffer();
    const { context, page } = await newPage(browser, MOBILE);
    const shell = new ShellPage(page, baseUrl);
    await shell.open('/photoshoot');
    const input = page.getByTestId('upload-input');
    const error = page.getByTestId('upload-error');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => error.textContent()).toBe('Please upload an image file.');

    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') });
    await expect.poll(() => error.textContent()).toBe('Image load error');

    await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await png(800, 1200) });
    await expect.poll(() => error.textContent()).toBe('Please upload a high-resolution image, at least 1024 pixels.');
    expect(await page.getByTestId('toast').filter({ hasText: 'at least 1024 pixels' }).count()).toBe(1);

    await input.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: await png(3000, 1500) });
    await page.getByTestId('upload-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-done').textContent()).toContain('2048 × 1024');
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('the home route loads under 200 KB of gzipped JavaScript', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body());
    });
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    const gzipped = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    console.log(`[e2e] home route JS: ${bodies.length} files, ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThan(200 * 1024);
    await context.close();
  });
});

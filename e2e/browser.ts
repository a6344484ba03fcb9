import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumAvailable = (): boolean => fs.existsSync(CHROMIUM_PATH);

/** Debian Chromium, headless, with the flags this machine needs (no network beyond loopback). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const MOBILE: Viewport = { width: 390, height: 844 };

/** A fresh context (empty local storage) and page; page errors and CSP violations fail loudly in the returned list. */
export async function newPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // A CSP refusal is no page error: Chromium only logs it ("Refused to … Content Security Policy …").
  // Counted as one, so a journey that passes proves the policy breaks nothing it uses.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().includes('Content Security Policy')) errors.push(`CSP: ${msg.text()}`);
  });
  return { context, page, errors };
}

import type { Page, Request } from 'playwright-core';
import { STORAGE_KEYS } from '@packsmith/contracts';
import { latestCode } from './mail-catcher.js';

/** Page object for the shell every screen shares: header, menus, login modal, session storage. */
export class ShellPage {
  readonly pageViews: { route_name: string; path: string; ref?: string; utm_source?: string }[] = [];

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    page.on('request', (req: Request) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/analytics/page_view')) {
        this.pageViews.push(JSON.parse(req.postData() ?? '{}') as ShellPage['pageViews'][number]);
      }
    });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
    await this.page.locator('main h1').first().waitFor({ state: 'visible' });
  }

  heading() {
    return this.page.locator('main h1').first();
  }

  planBadge() {
    return this.page.getByTestId('plan-badge').first();
  }

  loginDialog() {
    return this.page.getByRole('dialog', { name: 'Sign in to Packsmith' });
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }

  async stored(): Promise<{ token: string | null; marker: string | null; guest: string | null }> {
    return this.page.evaluate(
      (k) => ({ token: localStorage.getItem(k.token), marker: localStorage.getItem(k.tokenMarker), guest: localStorage.getItem(k.guestToken) }),
      STORAGE_KEYS,
    );
  }

  /** Waits until the app stored a session token, and returns it. */
  async waitForToken(): Promise<string> {
    const handle = await this.page.waitForFunction((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    return (await handle.jsonValue()) as string;
  }

  /** A call made with the app's own session, as a later screen would make it. */
  async apiAsVisitor<T>(method: string, path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
    return this.page.evaluate(
      async ({ method, path, body, key }) => {
        const res = await fetch(path, {
          method,
          headers: { authorization: `Bearer ${localStorage.getItem(key) ?? ''}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return res.json();
      },
      { method, path, body, key: STORAGE_KEYS.token },
    );
  }

  /** Registration as a person does it: email → Send code → the mailed code → password → Create account. */
  async register(scope: 'page' | 'dialog', email: string, password: string, mailCatcherUrl: string, name?: string): Promise<void> {
    const root = scope === 'dialog' ? this.loginDialog() : this.page.locator('main');
    await root.getByRole('tab', { name: 'Create account' }).click();
    await root.getByLabel('Email').fill(email);
    await root.getByRole('button', { name: 'Send code' }).click();
    await root.getByText(`We sent a 6-digit code to ${email}`).waitFor();
    const code = await latestCode(mailCatcherUrl, email);
    await root.getByLabel('Code').fill(code);
    if (name) await root.getByLabel('Name (optional)').fill(name);
    await root.getByLabel('Password').fill(password);
    await root.getByRole('button', { name: 'Create account' }).click();
  }
}

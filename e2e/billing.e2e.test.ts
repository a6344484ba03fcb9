import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import { BillingPage } from './support/billing.page.js';
import { ShellPage } from './support/web-shell.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!chromiumAvailable())('billing journeys (sandbox payments)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sign up, buy Pro monthly with the test card, see the credits rise, upgrade to Business, cancel', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const shell = new ShellPage(page, baseUrl);
    const billing = new BillingPage(page);
    await billing.recordToasts();

    // A visitor choosing a plan is asked to sign in first, and registers in the dialog.
    await shell.open('/pricing');
    await billing.choosePeriod('Monthly');
    await billing.planCard('pro').getByRole('button', { name: 'Choose Pro' }).click();
    await shell.loginDialog().waitFor();
    await shell.register('dialog', uniqueEmail('billing'), 'correct horse 42', mailCatcherUrl);
    await shell.loginDialog().waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await shell.stored()).marker, { timeout: 15_000 }).toBe('user');
    await billing.planCard('free').getByText('Current plan').waitFor();
    const before = await billing.headerCredits();

    // Pro monthly with 4242 4242 4242 4242.
    await billing.planCard('pro').getByRole('button', { name: 'Choose Pro' }).click();
    const modal = billing.payModal('Upgrade your plan');
    await modal.waitFor();
    expect(await modal.getByTestId('pay-summary').textContent()).toContain('Pro, billed monthly');
    expect(await modal.getByTestId('test-mode').textContent()).toContain('Test mode — no real money is taken');
    await billing.payWithCard('4242 4242 4242 4242');
    await billing.success().getByText('Welcome to Pro — 1,000 credits added').waitFor({ timeout: 30_000 });
    await expect.poll(() => billing.headerCredits()).toBe(before + 1000);
    expect(await shell.planBadge().textContent()).toBe('Pro');
    await page.getByRole('button', { name: 'Start designing' }).click();
    await billing.payModal().waitFor({ state: 'detached' });
    await billing.planCard('pro').getByText('Current plan').waitFor();

    // The billing page, from the account menu.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Billing' }).click();
    await expect.poll(() => shell.heading().textContent()).toBe('Billing and credits');
    await expect.poll(() => billing.planName().textContent()).toBe('Pro, billed monthly');
    expect(await billing.planStatus().textContent()).toMatch(/^Renews on /);
    await expect.poll(() => page.getByTestId('billing-credit-balance').textContent()).toBe((before + 1000).toLocaleString('en-US'));
    await page.getByTestId('credit-history').getByText('+1,000').waitFor();
    await page.getByTestId('invoice-list').getByText('$16.90').waitFor();

    // Upgrade to Business (prorated, card on file).
    await page.getByTestId('billing-plan').getByRole('button', { name: 'Upgrade to Business' }).click();
    const upgrade = billing.payModal('Upgrade to Business');
    await upgrade.waitFor();
    await upgrade.getByRole('button', { name: /^Upgrade now — pay \$/ }).click();
    await billing
      .success()
      .getByText(/^Welcome to Business — [\d,]+ credits added$/)
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start designing' }).click();
    await expect.poll(() => billing.planName().textContent()).toBe('Business, billed monthly');
    await expect.poll(() => shell.planBadge().textContent()).toBe('Business');
    expect(await billing.headerCredits()).toBeGreaterThan(before + 1000);

    // Cancel, with a comment: the plan stays until the end of the period.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel your plan' });
    await cancel.getByLabel('Why are you cancelling? (optional)').fill('Trying the journey in the browser.');
    expect(await cancel.textContent()).toMatch(/stays active until/);
    await cancel.getByRole('button', { name: 'Cancel plan' }).click();
    await cancel.waitFor({ state: 'detached' });
    await expect.poll(() => billing.planStatus().textContent()).toMatch(/^Cancels on /);
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await shell.planBadge().textContent()).toBe('Business');
    // No call of the journey failed in a way a person would have been told about.
    const toasts = await billing.toastsSeen();
    expect(toasts.some((t) => t.includes('you are signed in'))).toBe(true);
    expect(toasts.filter((t) => /error/i.test(t))).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px the pay modal is usable: a declined card in words, then 3-D Secure, then Pro', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const shell = new ShellPage(page, baseUrl);
    const billing = new BillingPage(page);
    await shell.open('/pricing');
    await billing.planCard('pro').getByRole('button', { name: 'Choose Pro' }).click();
    await shell.loginDialog().waitFor();
    await shell.register('dialog', uniqueEmail('billing-mobile'), 'correct horse 42', mailCatcherUrl);
    await shell.loginDialog().waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await shell.stored()).marker, { timeout: 15_000 }).toBe('user');

    await billing.planCard('pro').getByRole('button', { name: 'Choose Pro' }).click();
    const modal = billing.payModal('Upgrade your plan');
    await modal.waitFor();
    const box = await modal.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    expect(await shell.scrollWidth()).toBeLessThanOrEqual(MOBILE.width);

    await billing.payWithCard('4000 0000 0000 0002');
    await billing.payError().waitFor({ timeout: 30_000 });
    expect(await billing.payError().textContent()).toMatch(/declined/i);

    await billing.payWithCard('4000 0025 0000 3155');
    const challenge = page.getByTestId('three-ds');
    await challenge.waitFor({ timeout: 30_000 });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await billing.success().getByText('Welcome to Pro — 1,000 credits added').waitFor({ timeout: 30_000 });
    const pay = billing.page.getByRole('button', { name: 'Start designing' });
    expect(await pay.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

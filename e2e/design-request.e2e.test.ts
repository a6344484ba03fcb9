import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, chromiumAvailable, launchBrowser, newPage } from './browser.js';
import type { CaughtMail } from './support/mail-catcher.js';
import { designImage } from './support/mockup-fixtures.js';
import { DesignRequestPage } from './support/design-request.page.js';

const baseUrl = inject('baseUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A 1024 px square PNG: the smallest a reference may be (SPEC §5). */
async function referencePng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp(await designImage('#14532d', '#f59e0b'))
    .resize(1024, 1024, { fit: 'cover' })
    .png()
    .toBuffer();
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  return (await (await fetch(`${mailCatcherUrl}/?to=${encodeURIComponent(email)}`)).json()) as CaughtMail[];
}

describe.skipIf(!chromiumAvailable())('design request journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'empty send shows field messages; every section filled with a reference image sends; the reference is on screen and in the mail',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await newPage(browser, DESKTOP);
      const form = new DesignRequestPage(page, baseUrl);
      await form.open();
      expect(await page.locator('body').textContent()).not.toMatch(/being built|coming soon/i);
      for (const name of ['Contact', 'Product', 'Market', 'Services', 'Style references', 'Timing and budget', 'Notes']) {
        expect(await form.section(name).count()).toBe(1);
      }

      await form.send();
      await expect.poll(() => form.messageOf('Your name')).toBe('name is required.');
      expect(await form.messageOf('Email')).toBe('email is required.');
      expect(await form.messageOf('Packaging type')).toBe('packaging_type: pick a packaging type from the list.');
      expect(await form.field('Your name').getAttribute('aria-invalid')).toBe('true');
      expect(await form.field('Your name').evaluate((el) => el === document.activeElement)).toBe(true);

      const email = uniqueEmail('studio-journey');
      await form.field('Your name').fill('Mira Okafor');
      await form.field('Email').fill(email);
      await form.field('Company (optional)').fill('Okafor Teas Ltd');
      await form.field('Country').fill('United Kingdom');
      await form.field('Product name').fill('Loose-leaf green tea, 100 g');
      await form.field('Brand').fill('Leafline');
      await form.field('Packaging type').selectOption({ label: 'Straight Tuck End Box' });
      await form.field('Size (optional)').fill('80 × 40 × 150 mm');
      await form.field('Quantity').fill('5000');
      await form.field('Target market (optional)').fill('Specialty tea shops');
      await form.field('Price point (optional)').selectOption('premium');
      await page.getByRole('checkbox', { name: /Packaging design/ }).check();
      await page.getByRole('checkbox', { name: /3D mockups and renders/ }).check();
      await form.addReference('moodboard.png', await referencePng());
      await form.references().first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await form.references().count()).toBe(1);
      await form.field('Link 1').fill('https://example.com/moodboard');
      const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
      await form.field('Deadline (optional)').fill(deadline);
      await form.field('Budget (optional)').selectOption('3k-7k');
      await form.field('Anything else we should know (optional)').fill('Calm and botanical, gold foil accent.');
      expect(await page.getByText('37 / 5,000 characters').count()).toBe(1);

      // A reload keeps the draft (sessionStorage), image included.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await form.open();
      expect(await form.field('Brand').inputValue()).toBe('Leafline');
      expect(await form.references().count()).toBe(1);

      await form.send();
      await form.reference().waitFor({ state: 'visible', timeout: 30_000 });
      const reference = (await form.reference().textContent()) ?? '';
      expect(reference).toMatch(/^PS-DR-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
      expect(await page.getByText('What happens next').count()).toBe(1);

      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const mail = (await mailsTo(email))[0]?.raw.replace(/=\r?\n/g, '') ?? '';
      expect(mail).toContain(reference);

      await page.getByRole('button', { name: 'Send another request' }).click();
      expect(await form.field('Brand').inputValue()).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('at phone width (390 px) the form fits the screen and can be filled and sent', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    const form = new DesignRequestPage(page, baseUrl);
    await form.open();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await form.field('Email').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    await form.field('Your name').fill('Jonas Berg');
    await form.field('Email').fill(uniqueEmail('phone'));
    await form.field('Country').fill('Sweden');
    await form.field('Product name').fill('Oat crackers');
    await form.field('Brand').fill('Havre');
    await form.field('Packaging type').selectOption({ label: 'Not sure yet' });
    await form.field('Quantity').fill('2000');
    const send = page.getByRole('button', { name: 'Send design request' });
    await send.scrollIntoViewIfNeeded();
    const sendBox = await send.boundingBox();
    expect(sendBox?.width ?? 0).toBeGreaterThan(300);
    await send.click();
    await form.reference().waitFor({ state: 'visible', timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

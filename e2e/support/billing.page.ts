import type { Locator, Page } from 'playwright-core';

/** Page object for the billing screens: plan cards on /pricing, the pay modal and /billing. */
export class BillingPage {
  constructor(readonly page: Page) {}

  planCard(id: 'free' | 'pro' | 'pro_plus' | 'pro_max' | 'business'): Locator {
    return this.page.getByTestId(`plan-card-${id}`);
  }

  async choosePeriod(period: 'Monthly' | 'Yearly'): Promise<void> {
    await this.page.locator('main').getByRole('radio', { name: period }).click();
  }

  payModal(name: string | RegExp = /Upgrade your plan|Upgrade to Business|Payment complete/): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Types a card into the sandbox form as a person would and presses Pay. */
  async payWithCard(number: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('Name on card').fill('Ada Lovelace');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
  }

  success(): Locator {
    return this.page.getByTestId('pay-success');
  }

  payError(): Locator {
    return this.page.getByTestId('pay-error');
  }

  /** The credit count in the header, as a number. */
  async headerCredits(): Promise<number> {
    const text = (await this.page.getByTestId('credit-count').first().textContent()) ?? '';
    return Number(text.replace(/[^\d]/g, ''));
  }

  /** From now on, every message toast shown is remembered (they go after a few seconds). */
  async recordToasts(): Promise<void> {
    await this.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver(() => {
        document.querySelectorAll('[data-testid="toast"]').forEach((el) => {
          const text = el.textContent ?? '';
          if (!el.hasAttribute('data-seen')) {
            el.setAttribute('data-seen', '');
            seen.push(text);
          }
        });
      }).observe(document, { childList: true, subtree: true });
    });
  }

  async toastsSeen(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
  }

  planName(): Locator {
    return this.page.getByTestId('billing-plan-name');
  }

  planStatus(): Locator {
    return this.page.getByTestId('billing-plan-status');
  }
}

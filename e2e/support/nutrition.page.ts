import type { Locator, Page } from 'playwright-core';

/** The nutrition label generator (/tools/nutrition-label-generator) as a visitor uses it. */
export class NutritionPage {
  constructor(readonly page: Page) {}

  preview(): Locator {
    return this.page.locator('#label-preview');
  }

  labelImage(): Locator {
    return this.page.getByTestId('label-image');
  }

  figures(): Locator {
    return this.page.getByRole('table', { name: 'Label figures' });
  }

  /** Types into recipe row `n` (1-based), picks the first suggestion with the keyboard, then sets the grams. */
  async addIngredient(n: number, search: string, grams: string): Promise<void> {
    if (n > 1) await this.page.getByRole('button', { name: 'Add ingredient', exact: true }).click();
    const box = this.page.getByRole('combobox', { name: `Ingredient ${n}` });
    await box.click();
    await box.fill(search);
    await this.page
      .getByRole('listbox', { name: `Ingredients matching ${search}` })
      .getByRole('option')
      .first()
      .waitFor({ timeout: 15_000 });
    await box.press('ArrowDown');
    await box.press('Enter');
    await this.page
      .getByLabel('Weight')
      .nth(n - 1)
      .fill(grams);
  }

  /** Waits until the preview is computed for what is on screen. */
  async settled(): Promise<void> {
    await this.preview().and(this.page.locator('[aria-busy="false"]')).waitFor({ timeout: 15_000 });
  }
}

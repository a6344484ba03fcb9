import type { Locator, Page } from 'playwright-core';

/** Page object for /projectList and /my_project: filters, search, sort, cards, their menu, delete and undo. */
export class ProjectsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/projectList'): Promise<void> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
    await this.page.locator('main h1').first().waitFor({ state: 'visible' });
    await this.waitForList();
  }

  /** Waits until the list (or one of its empty states) replaced the skeletons. */
  async waitForList(): Promise<void> {
    await this.page.locator('[data-testid="project-list"], [data-testid="no-projects"], [data-testid="no-match"]').first().waitFor({ timeout: 20_000 });
  }

  cards(): Locator {
    return this.page.getByTestId('project-card');
  }

  card(name: string): Locator {
    return this.page.locator(`[data-testid="project-card"][aria-label="${name.replace(/"/g, '\\"')}"]`);
  }

  async titles(): Promise<string[]> {
    return this.page.getByTestId('project-title').allTextContents();
  }

  typeChip(label: string): Locator {
    return this.page.getByRole('group', { name: 'Project type' }).getByRole('button', { name: label, exact: true });
  }

  searchBox(): Locator {
    return this.page.getByLabel('Search projects by name');
  }

  menuButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Actions for ${name}` });
  }

  async menuAction(name: string, action: 'Rename' | 'Delete'): Promise<void> {
    await this.menuButton(name).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** Renames through the card menu and the inline field, saved with Enter. */
  async rename(name: string, to: string): Promise<void> {
    await this.menuAction(name, 'Rename');
    const field = this.page.getByLabel('Project name');
    await field.fill(to);
    await field.press('Enter');
  }

  deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Delete this project?' });
  }

  undoToast(): Locator {
    return this.page.getByTestId('undo-toast');
  }

  search(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}

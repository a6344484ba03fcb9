import type { Locator, Page } from 'playwright-core';

/** Page object for /design-chat and /chat: the conversation, the composer, designs and the side panel. */
export class DesignChatPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens a chat URL and waits until the chat belongs to a project (?pid= in the address bar). */
  async open(path = '/design-chat'): Promise<string> {
    await this.page.goto(this.baseUrl + path, { waitUntil: 'domcontentloaded' });
    return this.waitForProjectId();
  }

  async waitForProjectId(notThis?: string): Promise<string> {
    const handle = await this.page.waitForFunction(
      (old) => {
        const pid = new URL(location.href).searchParams.get('pid');
        return pid && pid !== old ? pid : null;
      },
      notThis ?? null,
      { timeout: 20_000 },
    );
    return (await handle.jsonValue()) as string;
  }

  messages(): Locator {
    return this.page.getByTestId('chat-message');
  }

  assistantMessages(kind?: string): Locator {
    return this.page.locator(`[data-testid="chat-message"][data-role="assistant"]${kind ? `[data-kind="${kind}"]` : ''}`);
  }

  userMessages(): Locator {
    return this.page.locator('[data-testid="chat-message"][data-role="user"]');
  }

  composerField(): Locator {
    return this.page.getByLabel('Message the design assistant');
  }

  /** Types a message and sends it with Enter, as a person does. */
  async send(text: string): Promise<void> {
    const before = await this.assistantMessages().count();
    await this.composerField().fill(text);
    await this.composerField().press('Enter');
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-message"][data-role="assistant"]').length > n, before, {
      timeout: 30_000,
    });
  }

  generateButton(): Locator {
    return this.page.getByRole('button', { name: 'Generate', exact: true });
  }

  designCards(): Locator {
    return this.page.getByTestId('design-card');
  }

  /** Waits until at least one design image has loaded. */
  async waitForDesigns(timeout = 120_000): Promise<number> {
    await this.page.locator('[data-testid="design-card"] [data-state="loaded"]').first().waitFor({ timeout });
    return this.designCards().count();
  }

  likeButton(index: number): Locator {
    return this.page.getByRole('button', { name: `Like design ${index}`, exact: true }).first();
  }

  async designAction(
    index: number,
    action: 'View full screen' | 'Edit this design' | 'Make a child design' | 'Download' | 'Open in the packaging editor',
  ): Promise<void> {
    await this.page
      .getByRole('button', { name: `More actions for design ${index}` })
      .first()
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  chatTitle(): Locator {
    return this.page.getByTestId('chat-title');
  }

  briefPanel(): Locator {
    return this.page.getByTestId('brief-panel');
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}

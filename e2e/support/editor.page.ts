import type { EditorDocumentRecord } from '@packsmith/contracts';
import type { Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@packsmith/contracts';

/** Page object for the packaging editor (/editor). */
export class EditorPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  workspace(): Locator {
    return this.page.getByTestId('editor-workspace');
  }

  canvas(): Locator {
    return this.page.getByTestId('editor-canvas');
  }

  layers(): Locator {
    return this.page.getByTestId('layers-panel');
  }

  /** A layer's row in the layers list, by its title and kind ("Leaf & Co (text)"). */
  layerRow(title: string, kind: string): Locator {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.layers().getByRole('button', { name: new RegExp(`^${escaped} \\(${kind}`) });
  }

  saveStatus(): Promise<string | null> {
    return this.page.getByTestId('save-status').getAttribute('data-status');
  }

  projectId(): string {
    return new URL(this.page.url()).searchParams.get('project_id') ?? '';
  }

  /** The stored document, read over the API with the page's own session (what autosave wrote). */
  async stored(): Promise<EditorDocumentRecord> {
    const token = await this.page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token);
    const res = await this.page.request.get(new URL(`/api/editor/document?project_id=${encodeURIComponent(this.projectId())}`, this.baseUrl).href, {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    const body = (await res.json()) as { code: number; msg: string; data: EditorDocumentRecord };
    if (body.code !== 0) throw new Error(`GET /api/editor/document: ${body.code} ${body.msg}`);
    return body.data;
  }
}

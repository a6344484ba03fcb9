import { STORAGE_KEYS, type EditorDocument, type EditorDocumentRecord, type EditorLayer } from '@packsmith/contracts';
import { panelToSheet } from '@packsmith/editor';
import type { Locator, Page } from 'playwright-core';

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

  /** Where a layer's centre is on the page now, from the canvas's view (data-view) and the document's geometry. */
  async layerCentre(doc: EditorDocument, layer: EditorLayer): Promise<{ x: number; y: number }> {
    const panelId = doc.panels.find((p) => p.layers.some((l) => l.id === layer.id))?.panel_id;
    const panel = doc.dieline.panels.find((p) => p.id === panelId);
    if (!panel) throw new Error(`layer ${layer.id} is on no panel`);
    const [pxPerMm, panX, panY] = ((await this.canvas().getAttribute('data-view')) ?? '').split(' ').map(Number) as [number, number, number];
    const box = await this.canvas().boundingBox();
    if (!box) throw new Error('the canvas is not on screen');
    const sheet = panelToSheet(panel, { x: layer.x + layer.w / 2, y: layer.y + layer.h / 2 });
    return { x: box.x + sheet.x * pxPerMm + panX, y: box.y + sheet.y * pxPerMm + panY };
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

/**
 * The view changes the toolbar, the shortcuts and the canvas share: fit, 100 %, zoom steps. They
 * read the viewport size the canvas reports into the store (zero before the canvas is laid out:
 * then they do nothing).
 */
import { PX_PER_MM_100, type EditorStore } from '../editor.store';
import { fitView, sheetExtent, steppedZoom, zoomAbout } from './view-math';

export function fitToScreen(store: EditorStore): boolean {
  const s = store.getState();
  if (!s.editor || s.viewport.width <= 0 || s.viewport.height <= 0) return false;
  s.setView(fitView(sheetExtent(s.editor.doc), s.viewport));
  return true;
}

/** Zooms to `pxPerMm` about the viewport's centre. */
export function zoomTo(store: EditorStore, pxPerMm: number): boolean {
  const s = store.getState();
  if (s.viewport.width <= 0) return false;
  s.setView(zoomAbout(s.view, pxPerMm, { x: s.viewport.width / 2, y: s.viewport.height / 2 }));
  return true;
}

export const zoomTo100 = (store: EditorStore) => zoomTo(store, PX_PER_MM_100);

export function zoomStep(store: EditorStore, dir: 1 | -1): boolean {
  return zoomTo(store, steppedZoom(store.getState().view.pxPerMm, dir));
}

/** The zoom as a whole percentage of real size (for the toolbar). */
export function zoomPercent(pxPerMm: number): number {
  return Math.round((pxPerMm / PX_PER_MM_100) * 100);
}

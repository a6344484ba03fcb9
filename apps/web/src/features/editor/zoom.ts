import { PX_PER_MM_100, type EditorStore } from './editor.store';

/** Zoom limits, × real size. */
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
/** Room left round the sheet when it is fitted, screen px. */
const FIT_MARGIN_PX = 32;

export interface Viewport {
  width: number;
  height: number;
}

/** The canvas's size on screen (its container carries data-testid="editor-canvas"). */
function viewport(): Viewport | null {
  const el = document.querySelector<HTMLElement>('[data-testid="editor-canvas"]');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { width: r.width, height: r.height } : null;
}

const clampScale = (pxPerMm: number) => Math.min(MAX_ZOOM * PX_PER_MM_100, Math.max(MIN_ZOOM * PX_PER_MM_100, pxPerMm));

/** The view that shows the whole sheet, bleed included, centred. */
export function fitView(sheet: { width: number; height: number; bleed: number }, vp: Viewport) {
  const w = sheet.width + 2 * sheet.bleed;
  const h = sheet.height + 2 * sheet.bleed;
  const pxPerMm = clampScale(Math.min((vp.width - 2 * FIT_MARGIN_PX) / w, (vp.height - 2 * FIT_MARGIN_PX) / h));
  return { pxPerMm, panX: (vp.width - sheet.width * pxPerMm) / 2, panY: (vp.height - sheet.height * pxPerMm) / 2 };
}

/** The view zoomed by `factor` keeping the sheet point under (cx, cy) where it is. */
export function zoomAbout(view: { pxPerMm: number; panX: number; panY: number }, factor: number, cx: number, cy: number) {
  const pxPerMm = clampScale(view.pxPerMm * factor);
  const k = pxPerMm / view.pxPerMm;
  return { pxPerMm, panX: cx - (cx - view.panX) * k, panY: cy - (cy - view.panY) * k };
}

export function zoomBy(store: EditorStore, factor: number): void {
  const vp = viewport() ?? { width: 800, height: 600 };
  store.getState().setView(zoomAbout(store.getState().view, factor, vp.width / 2, vp.height / 2));
}

export function zoomTo(store: EditorStore, to: 'fit' | 'actual'): void {
  const s = store.getState();
  const vp = viewport() ?? { width: 800, height: 600 };
  if (to === 'actual') {
    s.setView(zoomAbout(s.view, PX_PER_MM_100 / s.view.pxPerMm, vp.width / 2, vp.height / 2));
    return;
  }
  const d = s.editor?.doc.dieline;
  if (d) s.setView(fitView({ width: d.size.width, height: d.size.height, bleed: d.bleed_mm }, vp));
}

import { panelSvg } from '@packsmith/editor';
import type { EditorDocument } from '@packsmith/contracts';
import { embeddedFontCss } from './use-editor-fonts';

/** An SVG drawn onto a canvas of widthPx × heightPx (fonts it names embedded first). */
export async function svgToCanvas(svg: string, widthPx: number, heightPx: number): Promise<HTMLCanvasElement> {
  const css = embeddedFontCss(svg);
  const withFonts = css ? svg.replace(/<svg\b[^>]*>/, (open) => `${open}${css}`) : svg;
  const url = URL.createObjectURL(new Blob([withFonts], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(widthPx));
    canvas.height = Math.max(1, Math.round(heightPx));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas.');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The picture could not be made.'))), 'image/png'));
}

/** One panel upright without its bleed, as a PNG at `pxPerMm` (send to chat, previews). */
export async function panelPng(doc: EditorDocument, panelId: string, pxPerMm = 6): Promise<Blob> {
  const panel = doc.dieline.panels.find((p) => p.id === panelId);
  if (!panel) throw new Error(`No panel ${panelId}.`);
  // The panel's own box: the viewBox drops the bleed the panel SVG carries round it.
  const svg = panelSvg(doc, panelId)
    .replace(/viewBox="[^"]*"/, `viewBox="0 0 ${panel.width} ${panel.height}"`)
    .replace(/width="[^"]*mm" height="[^"]*mm"/, `width="${panel.width}mm" height="${panel.height}mm"`);
  return canvasToPng(await svgToCanvas(svg, panel.width * pxPerMm, panel.height * pxPerMm));
}

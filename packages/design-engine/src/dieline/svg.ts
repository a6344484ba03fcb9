import type { Dieline, PathMm, ZoneKind } from './types.js';

export interface DielineSvgOptions {
  /** Draw the bleed rectangle (the artwork canvas). Default true. */
  showBleed?: boolean;
  /** Write each panel's id at its centre. Default false. */
  showLabels?: boolean;
  /** Tint seal, glue and no-print zones. Default true. */
  showZones?: boolean;
}

/*
 * Print-size SVG: width and height in millimetres and a viewBox in millimetres, so 1 user unit
 * is 1 mm and the file opens at true size in Illustrator or Inkscape. Layers follow the usual
 * prepress convention: cut solid, crease dashed, perforation dotted, each in its own group.
 */

const COLOURS = { cut: '#e4007c', crease: '#0091da', perforation: '#e4007c', bleed: '#00a651', label: '#5a6470' };
const ZONE_FILL: Record<ZoneKind, string> = {
  seal: '#f5a62333',
  glue: '#8dc63f40',
  'no-print': '#9aa0a633',
  window: '#29abe233',
  'hang-hole': '#9aa0a633',
  zipper: '#f15a2433',
};

const num = (n: number): string => {
  const r = Math.round(n * 1000) / 1000;
  return String(Object.is(r, -0) ? 0 : r);
};

export function pathData(path: PathMm): string {
  const parts = [`M${num(path.start.x)} ${num(path.start.y)}`];
  for (const s of path.segments) {
    if (s.kind === 'line') parts.push(`L${num(s.to.x)} ${num(s.to.y)}`);
    else parts.push(`A${num(s.radius)} ${num(s.radius)} 0 ${s.largeArc ? 1 : 0} ${s.clockwise ? 1 : 0} ${num(s.to.x)} ${num(s.to.y)}`);
  }
  if (path.closed) parts.push('Z');
  return parts.join(' ');
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function group(id: string, attrs: string, paths: readonly PathMm[]): string {
  if (paths.length === 0) return '';
  return `<g id="${id}" ${attrs}>\n${paths.map((p) => `<path d="${pathData(p)}"/>`).join('\n')}\n</g>\n`;
}

/** The dieline as a standalone SVG document at print size. */
export function dielineToSvg(dieline: Dieline, options: DielineSvgOptions = {}): string {
  const { showBleed = true, showLabels = false, showZones = true } = options;
  const box = dieline.bleedBox;
  const stroke = 0.25;
  let body = '';

  if (showBleed) {
    body += `<rect id="bleed" x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" fill="none" stroke="${COLOURS.bleed}" stroke-width="${stroke}" stroke-dasharray="1 1"/>\n`;
  }
  if (showZones && dieline.zones.length) {
    body += `<g id="zones" stroke="none">\n${dieline.zones
      .map((z) => `<path data-kind="${z.kind}" d="${pathData(z.shape)}" fill="${ZONE_FILL[z.kind]}"/>`)
      .join('\n')}\n</g>\n`;
  }
  body += group('crease', `fill="none" stroke="${COLOURS.crease}" stroke-width="${stroke}" stroke-dasharray="3 1.5"`, dieline.creases);
  body += group('perforation', `fill="none" stroke="${COLOURS.perforation}" stroke-width="${stroke}" stroke-dasharray="0.6 1.2"`, dieline.perforations);
  body += group('cut', `fill="none" stroke="${COLOURS.cut}" stroke-width="${stroke}" stroke-linejoin="round"`, [...dieline.outlines, ...dieline.cuts]);

  if (showLabels) {
    const labels = dieline.panels.map((p) => {
      const cx = p.bounds.x + p.bounds.width / 2;
      const cy = p.bounds.y + p.bounds.height / 2;
      const size = Math.max(1.5, Math.min(6, p.bounds.width / Math.max(4, p.id.length * 0.7), p.bounds.height / 3));
      return `<text x="${num(cx)}" y="${num(cy)}" font-size="${num(size)}" text-anchor="middle" dominant-baseline="middle">${esc(p.id)}</text>`;
    });
    body += `<g id="labels" font-family="sans-serif" fill="${COLOURS.label}">\n${labels.join('\n')}\n</g>\n`;
  }

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(box.width)}mm" height="${num(box.height)}mm" viewBox="${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)}" data-box-id="${dieline.boxId}" data-family="${esc(dieline.family)}">\n` +
    body +
    `</svg>\n`
  );
}

/** Where artwork goes on the flat sheet, and which panels it covers there. */
import type { Dieline, Panel, PanelRole } from '../../dieline/types.js';
import { panelArt } from './art.js';
import type { Panels } from './panels.js';
import type { ArtSpec, SheetRegion } from './types.js';

const STRUCTURAL: ReadonlySet<PanelRole> = new Set<PanelRole>([
  'inner-wall',
  'tuck',
  'dust-flap',
  'end-flap',
  'glue-flap',
  'lock-flap',
  'ear',
  'turn-in',
  'overlap',
  'seal',
]);

export function rectRegion(p: Panel, a: ArtSpec = panelArt(p)): SheetRegion {
  const isRect = p.shape.segments.length === 4 && p.shape.segments.every((s) => s.kind === 'line');
  return { kind: 'rect', art: a, rect: p.bounds, rotation: p.artworkRotation, clip: isRect ? undefined : p.shape };
}

/** Every non-structural panel gets its own artwork, placed and turned as the dieline says. */
export function panelRegions(P: Panels, except: ReadonlySet<string> = new Set()): SheetRegion[] {
  return P.dieline.panels.filter((p) => !STRUCTURAL.has(p.role) && !except.has(p.id)).map((p) => rectRegion(p));
}

/** The panels a region's artwork covers (by their centre). */
export function panelsUnder(d: Dieline, r: SheetRegion): Panel[] {
  return d.panels.filter((p) => {
    if (STRUCTURAL.has(p.role)) return false;
    const cx = p.bounds.x + p.bounds.width / 2;
    const cy = p.bounds.y + p.bounds.height / 2;
    if (r.kind === 'rect') return cx > r.rect.x && cx < r.rect.x + r.rect.width && cy > r.rect.y && cy < r.rect.y + r.rect.height;
    const dx = cx - r.apex.x;
    const dy = cy - r.apex.y;
    const rad = Math.hypot(dx, dy);
    const phi = Math.atan2(dx, -dy);
    return rad < r.rOuter + 1 && rad > r.rInner - 1 && phi > r.phiStart - 1e-6 && phi < r.phiEnd + 1e-6;
  });
}

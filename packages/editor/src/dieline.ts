/**
 * The document's dieline, derived from the design engine's (browser-safe `./dieline` entry):
 * stored in the document for reference, re-derived whenever the box's dimensions change.
 */
import {
  boxById,
  boxBySlug,
  DEFAULT_GUIDES,
  EDITOR_DOCUMENT_VERSION,
  type EditorDieline,
  type EditorDocument,
  type EditorPanel,
  type EditorSegment,
} from '@packsmith/contracts';
import { DielineParamsError, pathData, renderDieline, type Dieline, type PathMm, type PointMm } from '@packsmith/design-engine/dieline';

export class DocumentError extends Error {}

/** Chord length arcs are flattened to for fold tests, mm. */
const ARC_STEP_MM = 2;

function arcPoints(from: PointMm, to: PointMm, radius: number, clockwise: boolean, largeArc: boolean): PointMm[] {
  const mx = (from.x + to.x) / 2;
  const my = (from.y + to.y) / 2;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const chord = Math.hypot(dx, dy);
  if (chord === 0) return [to];
  const r = Math.max(radius, chord / 2);
  const off = Math.sqrt(Math.max(0, r * r - (chord / 2) ** 2));
  // The centre lies left or right of the chord: SVG's sweep and large-arc flags pick which.
  const side = clockwise === largeArc ? -1 : 1;
  const cx = mx - (side * off * dy) / chord;
  const cy = my + (side * off * dx) / chord;
  const a0 = Math.atan2(from.y - cy, from.x - cx);
  let a1 = Math.atan2(to.y - cy, to.x - cx);
  if (clockwise && a1 < a0) a1 += 2 * Math.PI;
  if (!clockwise && a1 > a0) a1 -= 2 * Math.PI;
  const steps = Math.max(1, Math.ceil((Math.abs(a1 - a0) * r) / ARC_STEP_MM));
  const out: PointMm[] = [];
  for (let i = 1; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) } as PointMm);
  }
  return out;
}

/** A path as straight segments, arcs flattened to chords of about {@link ARC_STEP_MM}. */
export function pathSegments(path: PathMm): EditorSegment[] {
  const out: EditorSegment[] = [];
  let at: PointMm = path.start;
  const push = (to: PointMm) => {
    out.push({ x1: at.x, y1: at.y, x2: to.x, y2: to.y });
    at = to;
  };
  for (const s of path.segments) {
    if (s.kind === 'line') push(s.to);
    else for (const p of arcPoints(at, s.to, s.radius, s.clockwise, s.largeArc)) push(p);
  }
  if (path.closed && (at.x !== path.start.x || at.y !== path.start.y)) push(path.start);
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The engine's dieline in the document's terms: panels in their upright coordinates, cuts, creases and fold segments. */
export function toEditorDieline(d: Dieline): EditorDieline {
  const panels: EditorPanel[] = d.panels.map((p) => {
    const turned = p.artworkRotation === 90 || p.artworkRotation === 270;
    const width = round(turned ? p.bounds.height : p.bounds.width);
    const height = round(turned ? p.bounds.width : p.bounds.height);
    const rect = { x: round(p.bounds.x), y: round(p.bounds.y), width: round(p.bounds.width), height: round(p.bounds.height) };
    // The safe area, moved from sheet to upright panel coordinates.
    const s = p.safe;
    const corners = [
      { x: s.x, y: s.y },
      { x: s.x + s.width, y: s.y + s.height },
    ].map((c) => {
      const dx = c.x - rect.x;
      const dy = c.y - rect.y;
      switch (p.artworkRotation) {
        case 90:
          return { x: dy, y: height - dx };
        case 180:
          return { x: width - dx, y: height - dy };
        case 270:
          return { x: width - dy, y: dx };
        default:
          return { x: dx, y: dy };
      }
    });
    const [a, b] = corners as [{ x: number; y: number }, { x: number; y: number }];
    const safe = { x: round(Math.min(a.x, b.x)), y: round(Math.min(a.y, b.y)), width: round(Math.abs(a.x - b.x)), height: round(Math.abs(a.y - b.y)) };
    return { id: p.id, role: p.role, rect, rotation: p.artworkRotation, width, height, safe };
  });
  return {
    family: d.family,
    size: { width: round(d.size.width), height: round(d.size.height) },
    bleed_mm: d.bleed,
    safe_mm: d.safeInset,
    panels,
    cuts: [...d.outlines, ...d.cuts, ...d.perforations].map(pathData),
    creases: d.creases.map(pathData),
    folds: d.creases.flatMap(pathSegments).map((s) => ({ x1: round(s.x1), y1: round(s.y1), x2: round(s.x2), y2: round(s.y2) })),
  };
}

/** The numeric parameters of a dieline other than the board's thickness: the box's inside dimensions. */
function dimensionsOf(d: Dieline): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(d.params)) if (typeof v === 'number' && k !== 'thickness' && /^[A-Za-z]+$/.test(k)) out[k] = v;
  return out;
}

function render(boxId: number, overrides: Readonly<Record<string, number>>): Dieline {
  const box = boxById(boxId);
  if (!box) throw new DocumentError(`box: no box type ${boxId} in the catalogue.`);
  try {
    return renderDieline(box.id, overrides);
  } catch (err) {
    if (err instanceof DielineParamsError) throw new DocumentError(`dimensions.${err.message}`);
    throw err;
  }
}

/**
 * A new, empty document for a catalogue box (id or slug), at its default size unless
 * `dimensions` (by the dieline's parameter names) or `thicknessMm` say otherwise.
 */
export function newDocument(box: number | string, dimensions: Readonly<Record<string, number>> = {}, thicknessMm?: number): EditorDocument {
  const type = typeof box === 'number' ? boxById(box) : boxBySlug(box);
  if (!type) throw new DocumentError(`box: no box type ${String(box)} in the catalogue.`);
  const d = render(type.id, { ...dimensions, ...(thicknessMm !== undefined ? { thickness: thicknessMm } : {}) });
  const thickness = typeof d.params.thickness === 'number' ? d.params.thickness : (thicknessMm ?? 0);
  const dieline = toEditorDieline(d);
  return {
    version: EDITOR_DOCUMENT_VERSION,
    box: { id: type.id, slug: type.slug },
    dimensions: dimensionsOf(d),
    thickness_mm: thickness,
    dieline,
    guides: { ...DEFAULT_GUIDES },
    panels: dieline.panels.map((p) => ({ panel_id: p.id, layers: [] })),
  };
}

/**
 * The document at new inside dimensions (and board thickness): the dieline is derived again;
 * each panel keeps its layers, moved so they keep their place relative to the panel's centre;
 * layers of panels the new dieline no longer has are dropped.
 */
export function withDimensions(doc: EditorDocument, dimensions: Readonly<Record<string, number>>, thicknessMm = doc.thickness_mm): EditorDocument {
  const d = render(doc.box.id, { ...doc.dimensions, ...dimensions, thickness: thicknessMm });
  const dieline = toEditorDieline(d);
  const before = new Map(doc.dieline.panels.map((p) => [p.id, p]));
  const layersOf = new Map(doc.panels.map((p) => [p.panel_id, p.layers]));
  return {
    ...doc,
    dimensions: dimensionsOf(d),
    thickness_mm: typeof d.params.thickness === 'number' ? d.params.thickness : thicknessMm,
    dieline,
    panels: dieline.panels.map((p) => {
      const old = before.get(p.id);
      const layers = layersOf.get(p.id) ?? [];
      if (!old) return { panel_id: p.id, layers: [] };
      const dx = (p.width - old.width) / 2;
      const dy = (p.height - old.height) / 2;
      return {
        panel_id: p.id,
        layers: layers.map((l) => (l.kind === 'background' ? { ...l, x: 0, y: 0, w: p.width, h: p.height } : { ...l, x: round(l.x + dx), y: round(l.y + dy) })),
      };
    }),
  };
}

/** The panel of the document's dieline, by id. */
export function panelById(doc: Pick<EditorDocument, 'dieline'>, id: string): EditorPanel | undefined {
  return doc.dieline.panels.find((p) => p.id === id);
}

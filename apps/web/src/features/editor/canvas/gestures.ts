/**
 * The canvas's gestures as pure functions of the document and the view: what a click hits, what
 * a marquee takes, how a drag becomes `move` commands (snapped), how a transformer's box becomes
 * one `update`. The component only forwards pointer positions here; the math is tested alone.
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import { halfTurns, layerBounds, panelToSheet, sheetToPanel, snapMove, unionBox, type Box, type Command, type Point, type SnapGuide } from '@packsmith/editor';
import type { EditorView } from '../editor.store';

export interface PlacedLayer {
  panel: EditorPanel;
  layer: EditorLayer;
}

/** Every layer with its panel, bottom to top, panel by panel. */
export function placedLayers(doc: EditorDocument): PlacedLayer[] {
  const out: PlacedLayer[] = [];
  for (const p of doc.panels) {
    const panel = doc.dieline.panels.find((d) => d.id === p.panel_id);
    if (!panel) continue;
    for (const layer of p.layers) out.push({ panel, layer });
  }
  return out;
}

export function findLayer(doc: EditorDocument, id: string): PlacedLayer | null {
  for (const p of doc.panels) {
    const layer = p.layers.find((l) => l.id === id);
    if (!layer) continue;
    const panel = doc.dieline.panels.find((d) => d.id === p.panel_id);
    return panel ? { panel, layer } : null;
  }
  return null;
}

/**
 * Whether the canvas lets the pointer take a layer: hidden and locked layers cannot be picked,
 * nor backgrounds (they fill the panel and its bleed, so clicking them would leave no empty
 * space for a marquee; the layers panel selects them).
 */
export function pickable(l: EditorLayer): boolean {
  return !l.hidden && !l.locked && l.kind !== 'background';
}

/** Whether panel point p lies inside the layer's turned box. */
export function layerContains(l: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h' | 'rotation'>, p: Point): boolean {
  const cx = l.x + l.w / 2;
  const cy = l.y + l.h / 2;
  const rad = (-l.rotation * Math.PI) / 180;
  const dx = p.x - cx;
  const dy = p.y - cy;
  const lx = dx * Math.cos(rad) - dy * Math.sin(rad);
  const ly = dx * Math.sin(rad) + dy * Math.cos(rad);
  return Math.abs(lx) <= l.w / 2 && Math.abs(ly) <= l.h / 2;
}

/**
 * The topmost pickable layer under a sheet point. A layer is drawn clipped to its panel, so it
 * is hit only on its panel — except a selected one, which stays grabbable by its whole box
 * (the transformer shows all of it).
 */
export function hitTest(doc: EditorDocument, sheet: Point, selection: readonly string[] = []): PlacedLayer | null {
  const selected = new Set(selection);
  const all = placedLayers(doc);
  // Selected layers first (top to bottom), then the rest: a selected layer under another stays draggable.
  for (const pass of [true, false]) {
    for (let i = all.length - 1; i >= 0; i--) {
      const { panel, layer } = all[i]!;
      if (!pickable(layer) || selected.has(layer.id) !== pass) continue;
      const p = sheetToPanel(panel, sheet);
      const onPanel = p.x >= 0 && p.y >= 0 && p.x <= panel.width && p.y <= panel.height;
      if ((pass || onPanel) && layerContains(layer, p)) return { panel, layer };
    }
  }
  return null;
}

/** A layer's drawn box on the flat sheet (mm): panels turn by quarter turns, so two corners map the box. */
export function layerSheetBox(panel: EditorPanel, layer: EditorLayer): Box {
  const b = layerBounds(layer);
  return boxOfPoints([panelToSheet(panel, { x: b.x, y: b.y }), panelToSheet(panel, { x: b.x + b.w, y: b.y + b.h })]);
}

function boxOfPoints(ps: Point[]): Box {
  const xs = ps.map((p) => p.x);
  const ys = ps.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The box spanned by two sheet points (a marquee). */
export function marqueeBox(a: Point, b: Point): Box {
  return boxOfPoints([a, b]);
}

const overlaps = (a: Box, b: Box) => a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;

/** The pickable layers a marquee touches (Figma: touching is enough), bottom to top. */
export function marqueeSelect(doc: EditorDocument, box: Box): string[] {
  return placedLayers(doc)
    .filter(({ panel, layer }) => pickable(layer) && overlaps(box, layerSheetBox(panel, layer)))
    .map(({ layer }) => layer.id);
}

/** The selection after a click on `hit` (null: empty space) with or without Shift/Ctrl/⌘. */
export function clickSelection(selection: readonly string[], hit: string | null, additive: boolean): string[] {
  if (!hit) return additive ? [...selection] : [];
  if (additive) return selection.includes(hit) ? selection.filter((id) => id !== hit) : [...selection, hit];
  return selection.includes(hit) ? [...selection] : [hit];
}

/** A drag in progress: where it started and how far the layers have been moved so far (panel mm). */
export interface DragState {
  ids: string[];
  /** The panel the pointer went down on (snapping works in its coordinates). */
  panelId: string;
  startSheet: Point;
  /** The selection's box on that panel when the drag started. */
  startBox: Box | null;
  /** Movement already applied, in the drag panel's mm. */
  applied: Point;
  /** The merge key shared by every move of this gesture (one undo step). */
  mergeKey: string;
}

let gestureCounter = 0;

export function startDrag(doc: EditorDocument, ids: readonly string[], panelId: string, startSheet: Point): DragState {
  const onPanel = ids.map((id) => findLayer(doc, id)).filter((p): p is PlacedLayer => p !== null && p.panel.id === panelId && !p.layer.locked);
  gestureCounter += 1;
  return {
    ids: ids.filter((id) => !findLayer(doc, id)?.layer.locked),
    panelId,
    startSheet,
    startBox: unionBox(onPanel.map((p) => layerBounds(p.layer))),
    applied: { x: 0, y: 0 },
    mergeKey: `drag:${gestureCounter}`,
  };
}

export interface DragStep {
  state: DragState;
  /** Null when the pointer moved less than would change anything. */
  command: Command | null;
  guides: SnapGuide[];
}

/**
 * One pointer move of a drag: the total movement from the start (in the drag panel's mm),
 * snapped when every dragged layer is on that panel, minus what was already applied. Layers on
 * other panels move by the same sheet movement, turned into their own panel's coordinates.
 */
export function dragStep(doc: EditorDocument, state: DragState, sheet: Point, view: Pick<EditorView, 'pxPerMm'>, snap = true): DragStep {
  const panel = doc.dieline.panels.find((p) => p.id === state.panelId);
  if (!panel || state.ids.length === 0) return { state, command: null, guides: [] };
  const a = sheetToPanel(panel, state.startSheet);
  const b = sheetToPanel(panel, sheet);
  let total = { x: b.x - a.x, y: b.y - a.y };
  let guides: SnapGuide[] = [];
  const placed = state.ids.map((id) => findLayer(doc, id)).filter((p): p is PlacedLayer => p !== null);
  const onePanel = placed.every((p) => p.panel.id === panel.id);
  if (snap && onePanel && state.startBox) {
    const layers = doc.panels.find((p) => p.panel_id === panel.id)?.layers ?? [];
    const r = snapMove({
      box: { ...state.startBox, x: state.startBox.x + total.x, y: state.startBox.y + total.y },
      panel,
      layers,
      exclude: state.ids,
      pxPerMm: view.pxPerMm,
    });
    total = { x: r.x - state.startBox.x, y: r.y - state.startBox.y };
    guides = r.guides;
  }
  const dx = total.x - state.applied.x;
  const dy = total.y - state.applied.y;
  if (Math.abs(dx) < 1e-6 && Math.abs(dy) < 1e-6) return { state, command: null, guides };
  const next = { ...state, applied: total };
  if (onePanel) return { state: next, command: { type: 'move', ids: state.ids, dx, dy }, guides };
  // Several panels: the drag panel's movement back to the sheet, then into each panel.
  const sheetFrom = panelToSheet(panel, { x: 0, y: 0 });
  const sheetTo = panelToSheet(panel, { x: dx, y: dy });
  const byPanel = new Map<string, { panel: EditorPanel; ids: string[] }>();
  for (const p of placed) {
    const entry = byPanel.get(p.panel.id) ?? { panel: p.panel, ids: [] };
    entry.ids.push(p.layer.id);
    byPanel.set(p.panel.id, entry);
  }
  const commands: Command[] = [...byPanel.values()].map(({ panel: q, ids }) => {
    const o = sheetToPanel(q, sheetFrom);
    const t = sheetToPanel(q, sheetTo);
    return { type: 'move', ids, dx: t.x - o.x, dy: t.y - o.y };
  });
  return { state: next, command: commands.length === 1 ? commands[0]! : { type: 'batch', commands }, guides };
}

/** What Konva's transformer reports for a layer node at transform end (panel mm; the node is placed at the layer's centre). */
export interface TransformedNode {
  /** The node's position: the layer's centre. */
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  rotation: number;
}

/** The smallest side a transform may leave (the schema's minimum). */
export const MIN_SIDE_MM = 0.1;

/**
 * The one command a finished transform makes: an `update` of the box and the rotation (the
 * centre and size as the transformer left them), or null when nothing changed.
 */
export function transformCommand(layer: EditorLayer, node: TransformedNode): Command | null {
  const w = Math.max(MIN_SIDE_MM, layer.w * Math.abs(node.scaleX));
  const h = Math.max(MIN_SIDE_MM, layer.h * Math.abs(node.scaleY));
  const round = (n: number) => Math.round(n * 10000) / 10000;
  const rotation = halfTurns(node.rotation);
  const props = { x: round(node.x - w / 2), y: round(node.y - h / 2), w: round(w), h: round(h), rotation: round(rotation) };
  const same =
    props.x === round(layer.x) &&
    props.y === round(layer.y) &&
    props.w === round(layer.w) &&
    props.h === round(layer.h) &&
    props.rotation === round(layer.rotation);
  return same ? null : { type: 'update', id: layer.id, props };
}

/** Layers whose proportions the transformer keeps unless Shift is held (pictures distort badly). */
export function keepsRatioByDefault(l: EditorLayer): boolean {
  return l.kind === 'image' || l.kind === 'logo' || l.kind === 'icon' || l.kind === 'barcode' || l.kind === 'nutrition';
}

/**
 * Whether the transformer keeps the selection's proportions by default (all of it pictures);
 * Shift flips it (Konva's shiftBehavior 'inverted' for these, 'default' for the rest). Shift
 * while rotating snaps to 15° (Konva's own).
 */
export function keepRatio(layers: readonly EditorLayer[]): boolean {
  return layers.length > 0 && layers.every(keepsRatioByDefault);
}

/** A snap guide (panel mm) as a segment on the sheet, for drawing. */
export function guideSegment(panel: EditorPanel, g: SnapGuide): [Point, Point] {
  const a = g.axis === 'x' ? { x: g.at, y: g.from } : { x: g.from, y: g.at };
  const b = g.axis === 'x' ? { x: g.at, y: g.to } : { x: g.to, y: g.at };
  return [panelToSheet(panel, a), panelToSheet(panel, b)];
}

/**
 * A transformer handle snapped (panel mm): the same targets as a move — panel edges and centre
 * lines, the safe zone, the other layers' edges and centres — for a point, each axis on its own.
 */
export function snapPoint(
  doc: EditorDocument,
  panel: EditorPanel,
  p: Point,
  exclude: readonly string[],
  view: Pick<EditorView, 'pxPerMm'>,
): { point: Point; guides: SnapGuide[] } {
  const layers = doc.panels.find((q) => q.panel_id === panel.id)?.layers ?? [];
  const r = snapMove({ box: { x: p.x, y: p.y, w: 0, h: 0 }, panel, layers, exclude, pxPerMm: view.pxPerMm });
  return { point: { x: r.x, y: r.y }, guides: r.guides };
}

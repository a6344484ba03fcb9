/**
 * Editor commands as plain data and one pure reducer, `applyCommand(doc, command)`: menus,
 * shortcuts, the AI tools and tests all speak these. Nothing is mutated; untouched panels and
 * layers keep their identity (the history stores only the panels a step changed).
 */
import { EditorLayerSchema, editorIssueMessage, type EditorDocument, type EditorLayer, type EditorPanelLayers } from '@packsmith/contracts';
import { panelById } from './dieline.js';
import { type Box, layerBounds, unionBox } from './geometry.js';

/** Layer fields to change (any kind's); the result is validated, and `id` and `kind` are never changed. */
export type LayerPatch = Readonly<Record<string, unknown>>;

export type Anchor = 'nw' | 'ne' | 'sw' | 'se' | 'center';
export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

export type Command =
  | { type: 'add'; panel_id: string; layer: EditorLayer; index?: number }
  | { type: 'remove'; ids: string[] }
  | { type: 'update'; id: string; props: LayerPatch }
  | { type: 'move'; ids: string[]; dx: number; dy: number }
  /** New size; `anchor` stays put; with `lock_aspect` the larger relative change wins for both sides. */
  | { type: 'resize'; id: string; w: number; h: number; lock_aspect?: boolean; anchor?: Anchor }
  /** Turns each layer about its own centre by `by` degrees (clockwise), or to `to` degrees. */
  | { type: 'rotate'; ids: string[]; by?: number; to?: number }
  | { type: 'reorder'; id: string; to: 'front' | 'back' | 'forward' | 'backward' | number }
  /** One layer aligns to its panel; several to the box round them. */
  | { type: 'align'; ids: string[]; edge: AlignEdge }
  /** Equal gaps between three or more layers, the outermost staying where they are. */
  | { type: 'distribute'; ids: string[]; axis: 'horizontal' | 'vertical' }
  | { type: 'duplicate'; ids: string[]; new_ids: string[]; dx: number; dy: number }
  | { type: 'paste'; panel_id: string; layers: EditorLayer[]; new_ids: string[]; dx: number; dy: number }
  /** Several changes as one step. */
  | { type: 'batch'; commands: Command[] };

export class CommandError extends Error {}

interface Located {
  panel: number;
  index: number;
  layer: EditorLayer;
}

function locate(doc: EditorDocument, id: string): Located {
  for (let p = 0; p < doc.panels.length; p++) {
    const index = doc.panels[p]!.layers.findIndex((l) => l.id === id);
    if (index >= 0) return { panel: p, index, layer: doc.panels[p]!.layers[index]! };
  }
  throw new CommandError(`layer ${id}: no such layer.`);
}

function allIds(doc: EditorDocument): Set<string> {
  return new Set(doc.panels.flatMap((p) => p.layers.map((l) => l.id)));
}

/** The layer checked against the schema: a command never leaves an invalid document behind. */
function checked(layer: unknown): EditorLayer {
  const parsed = EditorLayerSchema.safeParse(layer);
  if (!parsed.success) throw new CommandError(`layer ${String((layer as { id?: unknown }).id)}: ${editorIssueMessage(parsed.error)}`);
  return parsed.data;
}

function replaceLayers(doc: EditorDocument, panel: number, layers: EditorLayer[]): EditorDocument {
  const panels = doc.panels.slice();
  panels[panel] = { ...panels[panel]!, layers };
  return { ...doc, panels };
}

/** Maps the named layers (each at most once), leaving the rest as they are. */
function mapLayers(doc: EditorDocument, ids: readonly string[], fn: (l: EditorLayer) => EditorLayer): EditorDocument {
  for (const id of ids) locate(doc, id);
  const wanted = new Set(ids);
  let changed = false;
  const panels = doc.panels.map((p) => {
    if (!p.layers.some((l) => wanted.has(l.id))) return p;
    const layers = p.layers.map((l) => {
      if (!wanted.has(l.id)) return l;
      const next = fn(l);
      if (next !== l) changed = true;
      return next;
    });
    return { ...p, layers };
  });
  return changed ? { ...doc, panels } : doc;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

function samePanel(doc: EditorDocument, ids: readonly string[], what: string): number {
  const panels = new Set(ids.map((id) => locate(doc, id).panel));
  if (panels.size !== 1) throw new CommandError(`${what}: the layers must be on one panel.`);
  return [...panels][0]!;
}

function resize(l: EditorLayer, c: Extract<Command, { type: 'resize' }>): EditorLayer {
  let { w, h } = c;
  if (!(w > 0) || !(h > 0)) throw new CommandError(`layer ${l.id}: w and h must be above 0.`);
  if (c.lock_aspect) {
    const k = Math.abs(w / l.w - 1) >= Math.abs(h / l.h - 1) ? w / l.w : h / l.h;
    w = l.w * k;
    h = l.h * k;
  }
  const anchor = c.anchor ?? 'nw';
  const x = anchor === 'center' ? l.x + (l.w - w) / 2 : anchor === 'ne' || anchor === 'se' ? l.x + l.w - w : l.x;
  const y = anchor === 'center' ? l.y + (l.h - h) / 2 : anchor === 'sw' || anchor === 'se' ? l.y + l.h - h : l.y;
  return checked({ ...l, x: round(x), y: round(y), w: round(w), h: round(h) });
}

function normaliseDeg(d: number): number {
  const r = ((d % 360) + 360) % 360;
  return round(r > 180 ? r - 360 : r);
}

function align(doc: EditorDocument, c: Extract<Command, { type: 'align' }>): EditorDocument {
  if (c.ids.length === 0) return doc;
  const p = samePanel(doc, c.ids, 'align');
  const movable = c.ids.filter((id) => !locate(doc, id).layer.locked);
  let frame: Box;
  if (c.ids.length === 1) {
    const panel = panelById(doc, doc.panels[p]!.panel_id);
    if (!panel) throw new CommandError(`align: panel ${doc.panels[p]!.panel_id} is not on the dieline.`);
    frame = { x: 0, y: 0, w: panel.width, h: panel.height };
  } else {
    frame = unionBox(c.ids.map((id) => layerBounds(locate(doc, id).layer)))!;
  }
  return mapLayers(doc, movable, (l) => {
    const b = layerBounds(l);
    let dx = 0;
    let dy = 0;
    if (c.edge === 'left') dx = frame.x - b.x;
    if (c.edge === 'center') dx = frame.x + frame.w / 2 - (b.x + b.w / 2);
    if (c.edge === 'right') dx = frame.x + frame.w - (b.x + b.w);
    if (c.edge === 'top') dy = frame.y - b.y;
    if (c.edge === 'middle') dy = frame.y + frame.h / 2 - (b.y + b.h / 2);
    if (c.edge === 'bottom') dy = frame.y + frame.h - (b.y + b.h);
    return dx === 0 && dy === 0 ? l : { ...l, x: round(l.x + dx), y: round(l.y + dy) };
  });
}

function distribute(doc: EditorDocument, c: Extract<Command, { type: 'distribute' }>): EditorDocument {
  if (c.ids.length < 3) return doc;
  samePanel(doc, c.ids, 'distribute');
  const h = c.axis === 'horizontal';
  const items = c.ids.map((id) => ({ id, b: layerBounds(locate(doc, id).layer) })).sort((a, b) => (h ? a.b.x - b.b.x : a.b.y - b.b.y));
  const first = items[0]!.b;
  const last = items[items.length - 1]!.b;
  const span = h ? last.x + last.w - first.x : last.y + last.h - first.y;
  const sizes = items.reduce((s, i) => s + (h ? i.b.w : i.b.h), 0);
  const gap = (span - sizes) / (items.length - 1);
  const shifts = new Map<string, number>();
  let at = h ? first.x : first.y;
  for (const i of items) {
    shifts.set(i.id, at - (h ? i.b.x : i.b.y));
    at += (h ? i.b.w : i.b.h) + gap;
  }
  return mapLayers(
    doc,
    c.ids.filter((id) => !locate(doc, id).layer.locked),
    (l) => {
      const s = shifts.get(l.id) ?? 0;
      if (Math.abs(s) < 1e-9) return l;
      return h ? { ...l, x: round(l.x + s) } : { ...l, y: round(l.y + s) };
    },
  );
}

function insertCopies(doc: EditorDocument, panel: number, after: number, copies: EditorLayer[]): EditorDocument {
  const layers = doc.panels[panel]!.layers.slice();
  layers.splice(after, 0, ...copies);
  return replaceLayers(doc, panel, layers);
}

function copiesOf(doc: EditorDocument, layers: readonly EditorLayer[], newIds: readonly string[], dx: number, dy: number): EditorLayer[] {
  if (newIds.length !== layers.length) throw new CommandError('new_ids: one new id per layer.');
  const taken = allIds(doc);
  return layers.map((l, i) => {
    const id = newIds[i]!;
    if (taken.has(id)) throw new CommandError(`new_ids: ${id} is already used.`);
    taken.add(id);
    return checked({ ...l, id, x: round(l.x + dx), y: round(l.y + dy), locked: false });
  });
}

/** The document after one command. Throws CommandError (naming the layer and field) when it cannot apply. */
export function applyCommand(doc: EditorDocument, c: Command): EditorDocument {
  switch (c.type) {
    case 'add': {
      const p = doc.panels.findIndex((x) => x.panel_id === c.panel_id);
      if (p < 0) throw new CommandError(`panel_id: no panel ${c.panel_id}.`);
      if (allIds(doc).has(c.layer.id)) throw new CommandError(`layer ${c.layer.id}: the id is already used.`);
      const layers = doc.panels[p]!.layers.slice();
      const at = c.index === undefined ? layers.length : Math.max(0, Math.min(layers.length, c.index));
      layers.splice(at, 0, checked(c.layer));
      return replaceLayers(doc, p, layers);
    }
    case 'remove': {
      for (const id of c.ids) locate(doc, id);
      const gone = new Set(c.ids);
      return { ...doc, panels: doc.panels.map((p) => (p.layers.some((l) => gone.has(l.id)) ? { ...p, layers: p.layers.filter((l) => !gone.has(l.id)) } : p)) };
    }
    case 'update': {
      const { id: _id, kind: _kind, ...props } = c.props;
      return mapLayers(doc, [c.id], (l) => checked({ ...l, ...props }));
    }
    case 'move':
      if (!Number.isFinite(c.dx) || !Number.isFinite(c.dy)) throw new CommandError('move: dx and dy must be numbers.');
      return mapLayers(doc, c.ids, (l) => (l.locked ? l : checked({ ...l, x: round(l.x + c.dx), y: round(l.y + c.dy) })));
    case 'resize':
      return mapLayers(doc, [c.id], (l) => (l.locked ? l : resize(l, c)));
    case 'rotate':
      return mapLayers(doc, c.ids, (l) => (l.locked ? l : checked({ ...l, rotation: normaliseDeg(c.to ?? l.rotation + (c.by ?? 0)) })));
    case 'reorder': {
      const at = locate(doc, c.id);
      const layers = doc.panels[at.panel]!.layers.slice();
      const [layer] = layers.splice(at.index, 1);
      const to =
        c.to === 'front' ? layers.length : c.to === 'back' ? 0 : c.to === 'forward' ? at.index + 1 : c.to === 'backward' ? at.index - 1 : Math.round(c.to);
      layers.splice(Math.max(0, Math.min(layers.length, to)), 0, layer!);
      return replaceLayers(doc, at.panel, layers);
    }
    case 'align':
      return align(doc, c);
    case 'distribute':
      return distribute(doc, c);
    case 'duplicate': {
      if (c.ids.length === 0) return doc;
      const p = samePanel(doc, c.ids, 'duplicate');
      const sources = doc.panels[p]!.layers.filter((l) => c.ids.includes(l.id));
      const order = new Map(c.ids.map((id, i) => [id, i]));
      const ids = sources.map((l) => c.new_ids[order.get(l.id) ?? 0] ?? '');
      const top = Math.max(...c.ids.map((id) => locate(doc, id).index));
      return insertCopies(doc, p, top + 1, copiesOf(doc, sources, ids, c.dx, c.dy));
    }
    case 'paste': {
      const p = doc.panels.findIndex((x) => x.panel_id === c.panel_id);
      if (p < 0) throw new CommandError(`panel_id: no panel ${c.panel_id}.`);
      return insertCopies(doc, p, doc.panels[p]!.layers.length, copiesOf(doc, c.layers, c.new_ids, c.dx, c.dy));
    }
    case 'batch':
      return c.commands.reduce(applyCommand, doc);
  }
}

/** The panels whose layer lists differ between two documents (by identity: reducers share what they keep). */
export function changedPanels(before: EditorDocument, after: EditorDocument): { before: EditorPanelLayers[]; after: EditorPanelLayers[] } {
  const old = new Map(before.panels.map((p) => [p.panel_id, p]));
  const out = { before: [] as EditorPanelLayers[], after: [] as EditorPanelLayers[] };
  for (const p of after.panels) {
    const o = old.get(p.panel_id);
    if (o && o.layers === p.layers) continue;
    out.after.push(p);
    out.before.push(o ?? { panel_id: p.panel_id, layers: [] });
  }
  return out;
}

/** The key consecutive steps of one gesture share (a drag's moves, a slider's updates of one field). */
export function mergeKeyOf(c: Command): string | null {
  switch (c.type) {
    case 'update':
      return `update:${c.id}:${Object.keys(c.props).sort().join(',')}`;
    case 'move':
      return `move:${[...c.ids].sort().join(',')}`;
    case 'resize':
      return `resize:${c.id}`;
    case 'rotate':
      return `rotate:${[...c.ids].sort().join(',')}`;
    default:
      return null;
  }
}

let counter = 0;
/** A fresh layer id (random where the platform has crypto, else a counter with time). */
export function newLayerId(prefix = 'l'): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  counter += 1;
  return `${prefix}-${uuid ? uuid.slice(0, 8) : Date.now().toString(36)}${counter.toString(36)}`;
}

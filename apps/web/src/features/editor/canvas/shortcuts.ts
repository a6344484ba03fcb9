/**
 * What each shortcut does to an editor store (`runShortcut`, tested against a real store) and the
 * hook that listens for them on the window while the editor is open. Keys typed into inputs,
 * text areas and the in-place text editor are left alone.
 */
import { useEffect } from 'react';
import type { EditorLayer } from '@packsmith/contracts';
import { newLayerId, sheetToPanel, type AlignEdge, type Command } from '@packsmith/editor';
import type { EditorStore } from '../editor.store';
import { findLayer, pickable } from './gestures';
import { isTypingTarget, matchShortcut, type KeyLike, type ShortcutId } from './keymap';
import { fitToScreen, zoomStep, zoomTo100 } from './view-actions';

export { SHORTCUTS, matchShortcut, type Shortcut, type ShortcutGroup, type ShortcutId } from './keymap';

/** How far a pasted or duplicated copy lands from its source, mm. */
export const COPY_OFFSET_MM = 5;

const NUDGE: Partial<Record<ShortcutId, [number, number]>> = {
  'nudge-left': [-1, 0],
  'nudge-right': [1, 0],
  'nudge-up': [0, -1],
  'nudge-down': [0, 1],
  'nudge-left-10': [-10, 0],
  'nudge-right-10': [10, 0],
  'nudge-up-10': [0, -10],
  'nudge-down-10': [0, 10],
};

const ALIGN: Partial<Record<ShortcutId, AlignEdge>> = {
  'align-left': 'left',
  'align-right': 'right',
  'align-top': 'top',
  'align-bottom': 'bottom',
  'align-center': 'center',
  'align-middle': 'middle',
};

/** The selected layers that exist and are not locked. */
function movable(store: EditorStore): string[] {
  const s = store.getState();
  if (!s.editor) return [];
  const doc = s.editor.doc;
  return s.selection.filter((id) => {
    const f = findLayer(doc, id);
    return f !== null && !f.layer.locked;
  });
}

/**
 * A nudge is on screen: → moves right on screen, whichever way the layer's panel is turned on
 * the sheet, so the movement is turned into each panel's coordinates.
 */
function nudgeCommand(store: EditorStore, ids: string[], dx: number, dy: number): Command | null {
  const doc = store.getState().editor?.doc;
  if (!doc || ids.length === 0) return null;
  const byPanel = new Map<string, string[]>();
  for (const id of ids) {
    const f = findLayer(doc, id);
    if (f) byPanel.set(f.panel.id, [...(byPanel.get(f.panel.id) ?? []), id]);
  }
  const commands: Command[] = [...byPanel].map(([panelId, list]) => {
    const panel = doc.dieline.panels.find((p) => p.id === panelId)!;
    const o = sheetToPanel(panel, { x: 0, y: 0 });
    const t = sheetToPanel(panel, { x: dx, y: dy });
    return { type: 'move', ids: list, dx: t.x - o.x, dy: t.y - o.y };
  });
  return commands.length === 1 ? commands[0]! : { type: 'batch', commands };
}

function copy(store: EditorStore): boolean {
  const s = store.getState();
  const doc = s.editor?.doc;
  if (!doc || s.selection.length === 0) return false;
  const first = findLayer(doc, s.selection[0]!);
  if (!first) return false;
  const wanted = new Set(s.selection);
  // The clipboard holds one panel's layers, in their stacking order.
  const layers = doc.panels.find((p) => p.panel_id === first.panel.id)?.layers.filter((l) => wanted.has(l.id)) ?? [];
  s.setClipboard({ panel_id: first.panel.id, layers: layers.map((l) => structuredClone(l)) });
  return true;
}

function paste(store: EditorStore): boolean {
  const s = store.getState();
  const clip = s.clipboard;
  if (!s.editor || !clip || clip.layers.length === 0) return false;
  const panelId = s.activePanelId ?? clip.panel_id;
  const offset = panelId === clip.panel_id ? COPY_OFFSET_MM : 0;
  const ids = clip.layers.map(() => newLayerId());
  const ok = s.dispatch({ type: 'paste', panel_id: panelId, layers: clip.layers, new_ids: ids, dx: offset, dy: offset }, { label: 'Paste', mergeKey: null });
  if (ok) s.select(ids);
  return ok;
}

function duplicate(store: EditorStore): boolean {
  const s = store.getState();
  const ids = s.selection.filter((id) => s.editor && findLayer(s.editor.doc, id));
  if (ids.length === 0) return false;
  const newIds = ids.map(() => newLayerId());
  const ok = s.dispatch({ type: 'duplicate', ids, new_ids: newIds, dx: COPY_OFFSET_MM, dy: COPY_OFFSET_MM }, { label: 'Duplicate', mergeKey: null });
  if (ok) s.select(newIds);
  return ok;
}

function reorder(store: EditorStore, to: 'front' | 'back' | 'forward' | 'backward'): boolean {
  const s = store.getState();
  const doc = s.editor?.doc;
  if (!doc || s.selection.length === 0) return false;
  // Each panel's selected layers in stacking order, so they keep their order among themselves.
  const order = new Map<string, number>();
  for (const p of doc.panels) p.layers.forEach((l, i) => order.set(l.id, i));
  const ids = s.selection.filter((id) => order.has(id)).sort((a, b) => order.get(a)! - order.get(b)!);
  // Forward and to-back go top first, backward and to-front bottom first: no layer jumps another selected one.
  const list = to === 'forward' || to === 'back' ? [...ids].reverse() : ids;
  const commands: Command[] = list.map((id) => ({ type: 'reorder', id, to }));
  return s.dispatch(commands.length === 1 ? commands[0]! : { type: 'batch', commands }, { label: 'Arrange', mergeKey: null });
}

/** The pickable layers of the active panel (what Ctrl/⌘+A selects). */
function activePanelLayers(store: EditorStore): EditorLayer[] {
  const s = store.getState();
  const doc = s.editor?.doc;
  const panelId = s.activePanelId ?? (s.selection[0] && doc ? findLayer(doc, s.selection[0])?.panel.id : null);
  if (!doc || !panelId) return [];
  return (doc.panels.find((p) => p.panel_id === panelId)?.layers ?? []).filter(pickable);
}

/** Does what shortcut `id` means to the store; false when it had nothing to act on (the key is then left to the browser). */
export function runShortcut(store: EditorStore, id: ShortcutId): boolean {
  const s = store.getState();
  const nudge = NUDGE[id];
  if (nudge) {
    const ids = movable(store);
    const c = nudgeCommand(store, ids, nudge[0], nudge[1]);
    // Held or repeated arrows are one step: the same key within the history's merge window (600 ms).
    return c ? s.dispatch(c, { label: 'Nudge', mergeKey: `nudge:${[...ids].sort().join(',')}` }) : false;
  }
  const edge = ALIGN[id];
  if (edge) {
    const ids = movable(store);
    return ids.length > 0 && s.dispatch({ type: 'align', ids, edge }, { label: 'Align', mergeKey: null });
  }
  if (id === 'distribute-horizontal' || id === 'distribute-vertical') {
    const ids = movable(store);
    const axis = id === 'distribute-horizontal' ? 'horizontal' : 'vertical';
    return ids.length >= 3 && s.dispatch({ type: 'distribute', ids, axis }, { label: 'Distribute', mergeKey: null });
  }
  switch (id) {
    case 'delete': {
      const ids = movable(store);
      return ids.length > 0 && s.dispatch({ type: 'remove', ids }, { label: 'Delete', mergeKey: null });
    }
    case 'undo':
      s.seal();
      s.undo();
      return true;
    case 'redo':
      s.redo();
      return true;
    case 'copy':
      return copy(store);
    case 'paste':
      return paste(store);
    case 'duplicate':
      return duplicate(store);
    case 'select-all': {
      const layers = activePanelLayers(store);
      s.select(layers.map((l) => l.id));
      return layers.length > 0 || s.editor !== null;
    }
    case 'deselect':
      if (s.selection.length === 0 && !s.editingTextId) return false;
      s.setEditingText(null);
      s.select([]);
      return true;
    case 'forward':
    case 'backward':
    case 'front':
    case 'back':
      return reorder(store, id);
    case 'zoom-in':
      return zoomStep(store, 1);
    case 'zoom-out':
      return zoomStep(store, -1);
    case 'zoom-fit':
      return fitToScreen(store);
    case 'zoom-100':
      return zoomTo100(store);
    default:
      return false;
  }
}

/** Handles one key event: true when it was a shortcut that acted (the caller prevents the default). */
export function handleKey(store: EditorStore, e: KeyLike & { target: EventTarget | null }): boolean {
  if (isTypingTarget(e.target) || store.getState().editingTextId) return false;
  const id = matchShortcut(e);
  return id ? runShortcut(store, id) : false;
}

export interface ShortcutOptions {
  /** False while a dialog is open over the editor: its keys are the dialog's. */
  enabled?: boolean;
  /** "?" opens the cheat sheet. */
  onHelp?(): void;
}

/** Listens for the editor's shortcuts on the window while mounted. */
export function useEditorShortcuts(store: EditorStore, options: ShortcutOptions = {}): void {
  const { enabled = true, onHelp } = options;
  useEffect(() => {
    if (!enabled) return;
    const down = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === '?' && onHelp && !isTypingTarget(e.target) && !store.getState().editingTextId) {
        e.preventDefault();
        onHelp();
        return;
      }
      if (handleKey(store, e)) e.preventDefault();
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [store, enabled, onHelp]);
}

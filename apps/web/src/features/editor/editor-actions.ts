import type { EditorLayer } from '@packsmith/contracts';
import { newLayerId, type Command } from '@packsmith/editor';
import type { EditorStore } from './editor.store';

/** What the toolbar, menus and AI tools do to the document: each one undoable step. */

/** The panel new layers go to: the active one, else the front, else the first. */
export function targetPanel(store: EditorStore) {
  const s = store.getState();
  const panels = s.editor?.doc.dieline.panels ?? [];
  return panels.find((p) => p.id === s.activePanelId) ?? panels.find((p) => p.role === 'front') ?? panels[0] ?? null;
}

export function addLayer(store: EditorStore, layer: EditorLayer, label = `Add ${layer.kind}`): boolean {
  const panel = targetPanel(store);
  if (!panel) return false;
  const ok = store.getState().dispatch({ type: 'add', panel_id: panel.id, layer }, { label, mergeKey: null });
  if (ok) {
    store.getState().seal();
    store.getState().select([layer.id]);
  }
  return ok;
}

/** A panel's layers replaced by `layers` (redesign this panel) as one step. */
export function replacePanelLayers(store: EditorStore, panelId: string, layers: readonly EditorLayer[]): boolean {
  const doc = store.getState().editor?.doc;
  const current = doc?.panels.find((p) => p.panel_id === panelId)?.layers ?? [];
  const taken = new Set(doc?.panels.flatMap((p) => (p.panel_id === panelId ? [] : p.layers.map((l) => l.id))) ?? []);
  const commands: Command[] = [];
  if (current.length) commands.push({ type: 'remove', ids: current.map((l) => l.id) });
  // Ids must stay unique across the document: a returned id another panel uses is renamed.
  for (const layer of layers) commands.push({ type: 'add', panel_id: panelId, layer: taken.has(layer.id) ? { ...layer, id: newLayerId(layer.kind) } : layer });
  const ok = store.getState().dispatch({ type: 'batch', commands }, { label: 'Redesign panel', mergeKey: null });
  if (ok) {
    store.getState().seal();
    store.getState().select([]);
  }
  return ok;
}

/** One field change from the properties panel; typing in a field merges into one step. */
export function updateLayer(store: EditorStore, id: string, props: Record<string, unknown>, field: string): boolean {
  return store.getState().dispatch({ type: 'update', id, props }, { label: `Change ${field}`, mergeKey: `prop:${id}:${field}` });
}

/** The selected layers, in document order. */
export function selectedLayers(store: EditorStore): EditorLayer[] {
  const s = store.getState();
  const ids = new Set(s.selection);
  return (s.editor?.doc.panels ?? []).flatMap((p) => p.layers.filter((l) => ids.has(l.id)));
}

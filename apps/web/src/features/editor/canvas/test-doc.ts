/** A tuck-end document with a few layers, and a store holding it, for the canvas tests. */
import type { EditorDocument, EditorLayer } from '@packsmith/contracts';
import { applyCommand, newDocument } from '@packsmith/editor';
import { createEditorStore, type EditorStore } from '../editor.store';

const base = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false };

export function text(id: string, over: Partial<Extract<EditorLayer, { kind: 'text' }>> = {}): EditorLayer {
  return {
    ...base,
    id,
    name: id,
    kind: 'text',
    x: 10,
    y: 10,
    w: 30,
    h: 10,
    text: 'Brand',
    font: { family: 'Inter', weight: 700, italic: false },
    size_pt: 18,
    tracking: 0,
    line_height: 1.2,
    align: 'left',
    colour: '#111111',
    ...over,
  };
}

export function rect(id: string, over: Partial<Extract<EditorLayer, { kind: 'shape' }>> = {}): EditorLayer {
  return { ...base, id, name: id, kind: 'shape', x: 10, y: 40, w: 20, h: 10, shape: 'rect', fill: '#2563eb', stroke: null, corner_radius_mm: 0, ...over };
}

export function background(id: string, w: number, h: number): EditorLayer {
  return { ...base, id, name: id, kind: 'background', x: 0, y: 0, w, h, fill: { type: 'colour', colour: '#ffffff' } };
}

/** A reverse tuck end (front upright, top turned 180°) with layers on the front and the top. */
export function tuckEnd(layers: { panel: string; layer: EditorLayer }[] = []): EditorDocument {
  let doc = newDocument('reverse-tuck-end');
  for (const { panel, layer } of layers) doc = applyCommand(doc, { type: 'add', panel_id: panel, layer });
  return doc;
}

export function storeWith(doc: EditorDocument): EditorStore {
  const store = createEditorStore();
  store.getState().load({ project_id: 'p1', parent_project_id: null, name: 'Test', notes: [], version: 1, updated_at: 0, document: doc });
  return store;
}

export function layerOf(store: EditorStore, id: string): EditorLayer | undefined {
  return store
    .getState()
    .editor?.doc.panels.flatMap((p) => p.layers)
    .find((l) => l.id === id);
}

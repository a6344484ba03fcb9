import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { EditorDocumentRecord, EditorLayer } from '@packsmith/contracts';
import { newDocument } from '@packsmith/editor';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, fail } from '../../../test-support';
import { saveDocument } from '../editor-api';
import { createEditorStore } from '../editor.store';
import { newTextLayer } from '../layer-factory';
import { LayersPanel } from './LayersPanel';
import { PropertiesPanel } from './PropertiesPanel';

afterEach(cleanup);

function storeWith(layers: (front: ReturnType<typeof newDocument>['dieline']['panels'][number]) => EditorLayer[]) {
  const doc = newDocument(101);
  const front = doc.dieline.panels.find((p) => p.role === 'front')!;
  const withLayers = { ...doc, panels: doc.panels.map((p) => (p.panel_id === front.id ? { ...p, layers: layers(front) } : p)) };
  const record: EditorDocumentRecord = { project_id: 'e1', parent_project_id: 'd1', name: 'Tea', document: withLayers, version: 1, updated_at: 0, notes: [] };
  const store = createEditorStore();
  store.getState().load(record);
  return store;
}

const textOf = (store: ReturnType<typeof createEditorStore>, id: string) => {
  const l = store
    .getState()
    .editor!.doc.panels.flatMap((p) => p.layers)
    .find((x) => x.id === id);
  return l?.kind === 'text' ? l.text : null;
};

describe('layers panel', () => {
  it('lists the active panel top first; selects, hides, locks and reorders as undoable steps', () => {
    const store = storeWith((front) => [
      { ...newTextLayer(front, 'Bottom'), id: 'a', name: '' },
      { ...newTextLayer(front, 'Top'), id: 'b', name: '' },
    ]);
    render(<LayersPanel store={store} />);
    const rows = within(screen.getByRole('list', { name: 'Layers, top first' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Top'), expect.stringContaining('Bottom')]);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Bottom (text)' }));
    expect(store.getState().selection).toEqual(['a']);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Bottom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lock Top' }));
    const layers = () => store.getState().editor!.doc.panels.find((p) => p.panel_id === 'front')!.layers;
    expect(layers().map((l) => [l.id, l.hidden, l.locked])).toEqual([
      ['a', true, false],
      ['b', false, true],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Bring Bottom forward' }));
    expect(layers().map((l) => l.id)).toEqual(['b', 'a']);
    store.getState().undo();
    expect(layers().map((l) => l.id)).toEqual(['a', 'b']);
  });

  it('renames a layer by double-click', () => {
    const store = storeWith((front) => [{ ...newTextLayer(front, 'Brand'), id: 'a', name: '' }]);
    render(<LayersPanel store={store} />);
    fireEvent.doubleClick(screen.getByRole('button', { name: 'Brand (text)' }));
    const input = screen.getByRole('textbox', { name: 'Layer name' });
    fireEvent.change(input, { target: { value: 'Brand name' } });
    fireEvent.blur(input);
    expect(store.getState().editor!.doc.panels.find((p) => p.panel_id === 'front')!.layers[0]!.name).toBe('Brand name');
  });
});

describe('properties panel', () => {
  it('edits the selected text; typing merges into one undo step', () => {
    const store = storeWith((front) => [{ ...newTextLayer(front, 'Green tea'), id: 't' }]);
    store.getState().select(['t']);
    render(<PropertiesPanel store={store} onAi={vi.fn()} />);
    const box = screen.getByTestId('text-content');
    fireEvent.change(box, { target: { value: 'Green tea l' } });
    fireEvent.change(box, { target: { value: 'Green tea lea' } });
    fireEvent.change(box, { target: { value: 'Green tea leaves' } });
    expect(textOf(store, 't')).toBe('Green tea leaves');
    store.getState().undo();
    expect(textOf(store, 't')).toBe('Green tea');
  });

  it('refuses a size out of range without changing the layer, and says which field', () => {
    const store = storeWith((front) => [{ ...newTextLayer(front, 'A'), id: 't' }]);
    store.getState().select(['t']);
    render(<PropertiesPanel store={store} onAi={vi.fn()} />);
    const w = screen.getByRole('spinbutton', { name: 'Width in mm' });
    const before = store.getState().editor!.doc;
    fireEvent.change(w, { target: { value: '-4' } });
    expect(w.getAttribute('aria-invalid')).toBe('true');
    expect(store.getState().editor!.doc).toBe(before);
  });

  it('offers the AI tools on an image layer, naming the layer and its image', () => {
    const store = storeWith((front) => [
      {
        id: 'img',
        name: 'Photo',
        kind: 'image',
        x: 5,
        y: 5,
        w: 40,
        h: 30,
        rotation: 0,
        opacity: 1,
        locked: false,
        hidden: false,
        url: '/files/p.png',
        natural: { width: 1200, height: 900 },
        crop: { x: 0, y: 0, w: 1, h: 1 },
      },
      { ...newTextLayer(front), id: 't' },
    ]);
    store.getState().select(['img']);
    const onAi = vi.fn();
    render(<PropertiesPanel store={store} onAi={onAi} />);
    fireEvent.click(screen.getByTestId('ai-removebg'));
    expect(onAi).toHaveBeenCalledWith({ kind: 'layer', layerId: 'img', url: '/files/p.png', tool: 'removebg' });
  });

  it('completes a barcode check digit as the digits are typed', () => {
    const store = storeWith(() => []);
    const front = store.getState().editor!.doc.dieline.panels.find((p) => p.role === 'front')!;
    store.getState().dispatch({
      type: 'add',
      panel_id: front.id,
      layer: {
        id: 'bc',
        name: 'Barcode',
        kind: 'barcode',
        x: 10,
        y: 10,
        w: 37.29,
        h: 25.93,
        rotation: 0,
        opacity: 1,
        locked: false,
        hidden: false,
        symbology: 'ean13',
        digits: '4006381333931',
        colour: '#000000',
        background: '#ffffff',
      },
    });
    store.getState().select(['bc']);
    render(<PropertiesPanel store={store} onAi={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Digits/ }), { target: { value: '590123412345' } });
    const l = store
      .getState()
      .editor!.doc.panels.flatMap((p) => p.layers)
      .find((x) => x.id === 'bc');
    expect(l?.kind === 'barcode' && l.digits).toBe('5901234123457');
  });
});

describe('saving', () => {
  it('tells a stale version apart from other failures', async () => {
    const doc = newDocument(101);
    mockFetch({ 'PUT /api/editor/document': fail(400, 'This design was changed elsewhere: reload it to get the latest version.') });
    expect(await saveDocument('e1', doc, 3)).toEqual({ kind: 'stale' });
    mockFetch({ 'PUT /api/editor/document': fail(403, 'Please activate your membership.') });
    expect(await saveDocument('e1', doc, 3)).toEqual({ kind: 'failed', message: 'Please activate your membership.' });
    mockFetch({ 'PUT /api/editor/document': ok({ version: 4, updated_at: 1 }) });
    expect(await saveDocument('e1', doc, 3)).toEqual({ kind: 'saved', version: 4 });
  });
});

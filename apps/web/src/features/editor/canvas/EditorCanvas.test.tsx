import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { EditorLayer } from '@packsmith/contracts';
import { MM_PER_PT } from '@packsmith/editor';
import { EditorCanvas } from './EditorCanvas';
import { TextEditor, textEditorStyle } from './TextEditor';
import { layerOf, storeWith, text, tuckEnd } from './test-doc';
import { layerScreenCentre } from './view-math';

afterEach(cleanup);

type TextLayer = Extract<EditorLayer, { kind: 'text' }>;

function setup() {
  const layer = text('brand', { name: 'Brand', text: 'Brand', w: 40, h: 12 }) as TextLayer;
  const store = storeWith(tuckEnd([{ panel: 'front', layer }]));
  const panel = store.getState().editor!.doc.dieline.panels.find((p) => p.id === 'front')!;
  return { store, layer, panel };
}

describe('EditorCanvas shell', () => {
  it('is a focusable application region with a live region announcing the selection', () => {
    const { store } = setup();
    render(<EditorCanvas store={store} />);
    const el = screen.getByTestId('editor-canvas');
    expect(el.getAttribute('role')).toBe('application');
    expect(el.getAttribute('aria-label')).toBe('Packaging sheet');
    expect(el.tabIndex).toBe(0);
    const live = el.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Nothing selected');
    act(() => store.getState().select(['brand']));
    expect(live.textContent).toBe('Text “Brand” selected, 40 × 12 mm');
  });
});

describe('TextEditor', () => {
  it('sits over the layer at the zoom, its type in screen px', () => {
    const { layer, panel } = setup();
    const view = { pxPerMm: 4, panX: 10, panY: 20 };
    const st = textEditorStyle(panel, layer, view);
    const c = layerScreenCentre(view, panel, layer);
    expect(st.left).toBeCloseTo(c.x - 80, 9);
    expect(st.top).toBeCloseTo(c.y - 24, 9);
    expect(st.width).toBe(160);
    expect(st.fontSize).toBe(`${18 * MM_PER_PT * 4}px`);
    expect(st.transform).toBe('rotate(0deg)');
  });

  it('commits on Enter as one update step', () => {
    const { store, layer, panel } = setup();
    store.getState().setEditingText('brand');
    render(<TextEditor store={store} panel={panel} layer={layer} view={store.getState().view} />);
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: 'New brand' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(layerOf(store, 'brand')).toMatchObject({ text: 'New brand' });
    expect(store.getState().editor!.history.past).toHaveLength(1);
    expect(store.getState().editingTextId).toBeNull();
  });

  it('cancels on Escape, and Shift+Enter does not commit', () => {
    const { store, layer, panel } = setup();
    store.getState().setEditingText('brand');
    render(<TextEditor store={store} panel={panel} layer={layer} view={store.getState().view} />);
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: 'Two\nlines' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(store.getState().editingTextId).toBe('brand');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(layerOf(store, 'brand')).toMatchObject({ text: 'Brand' });
    expect(store.getState().editor!.history.past).toHaveLength(0);
    expect(store.getState().editingTextId).toBeNull();
  });
});

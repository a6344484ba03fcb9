import { describe, expect, it } from 'vitest';
import { PX_PER_MM_100 } from '../editor.store';
import { isTypingTarget, matchShortcut, SHORTCUTS, type KeyLike, type ShortcutId } from './keymap';
import { COPY_OFFSET_MM, handleKey, runShortcut } from './shortcuts';
import { layerOf, rect, storeWith, text, tuckEnd } from './test-doc';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code: mods.code ?? (k.length === 1 && /[a-z]/i.test(k) ? `Key${k.toUpperCase()}` : k),
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('matchShortcut', () => {
  const cases: [KeyLike, ShortcutId | null][] = [
    [key('Delete'), 'delete'],
    [key('Backspace'), 'delete'],
    [key('z', { ctrlKey: true }), 'undo'],
    [key('z', { metaKey: true }), 'undo'],
    [key('Z', { metaKey: true, shiftKey: true }), 'redo'],
    [key('y', { ctrlKey: true }), 'redo'],
    [key('c', { ctrlKey: true }), 'copy'],
    [key('v', { metaKey: true }), 'paste'],
    [key('d', { ctrlKey: true }), 'duplicate'],
    [key('ArrowLeft'), 'nudge-left'],
    [key('ArrowDown', { shiftKey: true }), 'nudge-down-10'],
    [key('a', { ctrlKey: true }), 'select-all'],
    [key('Escape'), 'deselect'],
    [key(']'), 'forward'],
    [key('['), 'backward'],
    [key(']', { ctrlKey: true }), 'front'],
    [key('[', { metaKey: true }), 'back'],
    // Alt letters by code: a Mac types "å" for Alt+A.
    [key('å', { altKey: true, code: 'KeyA' }), 'align-left'],
    [key('∂', { altKey: true, code: 'KeyD' }), 'align-right'],
    [key('w', { altKey: true }), 'align-top'],
    [key('s', { altKey: true }), 'align-bottom'],
    [key('h', { altKey: true }), 'align-center'],
    [key('v', { altKey: true }), 'align-middle'],
    [key('h', { altKey: true, shiftKey: true }), 'distribute-horizontal'],
    [key('V', { altKey: true, shiftKey: true, code: 'KeyV' }), 'distribute-vertical'],
    [key('+', { shiftKey: true, code: 'Equal' }), 'zoom-in'],
    [key('='), 'zoom-in'],
    [key('-'), 'zoom-out'],
    [key('!', { shiftKey: true, code: 'Digit1' }), 'zoom-fit'],
    [key('0', { ctrlKey: true, code: 'Digit0' }), 'zoom-100'],
    [key('a'), null],
    [key('z'), null],
    [key('1', { code: 'Digit1' }), null],
    [key('Delete', { ctrlKey: true }), null],
  ];
  it.each(cases)('%o → %s', (e, id) => {
    expect(matchShortcut(e)).toBe(id);
  });

  it('lists every keyboard shortcut once for the cheat sheet, with keys and a group', () => {
    const bound: ShortcutId[] = [
      'delete',
      'undo',
      'redo',
      'copy',
      'paste',
      'duplicate',
      'select-all',
      'deselect',
      'forward',
      'backward',
      'front',
      'back',
      'align-left',
      'align-right',
      'align-top',
      'align-bottom',
      'align-center',
      'align-middle',
      'zoom-in',
      'zoom-out',
      'zoom-fit',
      'zoom-100',
    ];
    for (const id of bound) expect(SHORTCUTS.filter((s) => s.id === id)).toHaveLength(1);
    for (const s of SHORTCUTS) {
      expect(s.keys.length).toBeGreaterThan(0);
      expect(s.label.length).toBeGreaterThan(0);
    }
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields and editable content, false for buttons and the canvas', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const div = document.createElement('div');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(div)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

function setup() {
  const store = storeWith(
    tuckEnd([
      { panel: 'front', layer: rect('a', { x: 10, y: 40, w: 10, h: 10 }) },
      { panel: 'front', layer: rect('b', { x: 30, y: 60, w: 10, h: 10 }) },
      { panel: 'front', layer: rect('c', { x: 5, y: 90, w: 10, h: 10, locked: true }) },
      { panel: 'top', layer: text('lid', { x: 10, y: 10, w: 20, h: 8 }) },
    ]),
  );
  store.getState().setViewport({ width: 1000, height: 800 });
  return store;
}
const ids = (store: ReturnType<typeof setup>, panel: string) =>
  store
    .getState()
    .editor!.doc.panels.find((p) => p.panel_id === panel)!
    .layers.map((l) => l.id);

describe('runShortcut', () => {
  it('deletes the selection (not locked layers), and undo brings it back', () => {
    const store = setup();
    store.getState().select(['a', 'c']);
    expect(runShortcut(store, 'delete')).toBe(true);
    expect(ids(store, 'front')).toEqual(['b', 'c']);
    runShortcut(store, 'undo');
    expect(ids(store, 'front')).toEqual(['a', 'b', 'c']);
    runShortcut(store, 'redo');
    expect(ids(store, 'front')).toEqual(['b', 'c']);
  });

  it('does nothing (and leaves the key to the browser) with nothing selected', () => {
    const store = setup();
    expect(runShortcut(store, 'delete')).toBe(false);
    expect(runShortcut(store, 'copy')).toBe(false);
    expect(runShortcut(store, 'paste')).toBe(false);
    expect(runShortcut(store, 'deselect')).toBe(false);
  });

  it('nudges 1 mm and 10 mm, repeated presses making one undo step', () => {
    const store = setup();
    store.getState().select(['a']);
    runShortcut(store, 'nudge-right');
    runShortcut(store, 'nudge-right');
    runShortcut(store, 'nudge-down-10');
    expect(layerOf(store, 'a')).toMatchObject({ x: 12, y: 50 });
    expect(store.getState().editor!.history.past).toHaveLength(1);
    runShortcut(store, 'undo');
    expect(layerOf(store, 'a')).toMatchObject({ x: 10, y: 40 });
  });

  it('nudges on screen: → moves a layer on the 180° top panel left in its own coordinates', () => {
    const store = setup();
    store.getState().select(['lid']);
    runShortcut(store, 'nudge-right');
    expect(layerOf(store, 'lid')).toMatchObject({ x: 9, y: 10 });
  });

  it('copies and pastes onto the active panel, offset on the same panel, and selects the copies', () => {
    const store = setup();
    store.getState().select(['a']);
    store.getState().setActivePanel('front');
    expect(runShortcut(store, 'copy')).toBe(true);
    expect(runShortcut(store, 'paste')).toBe(true);
    const front = ids(store, 'front');
    expect(front).toHaveLength(4);
    const pasted = store.getState().selection;
    expect(pasted).toHaveLength(1);
    expect(front[3]).toBe(pasted[0]);
    expect(layerOf(store, pasted[0]!)).toMatchObject({ x: 10 + COPY_OFFSET_MM, y: 40 + COPY_OFFSET_MM });
    // On another panel the copy keeps its place.
    store.getState().setActivePanel('top');
    runShortcut(store, 'paste');
    const onTop = ids(store, 'top');
    expect(onTop).toHaveLength(2);
    expect(layerOf(store, onTop[1]!)).toMatchObject({ x: 10, y: 40 });
  });

  it('duplicates above the source and selects the copy', () => {
    const store = setup();
    store.getState().select(['a']);
    runShortcut(store, 'duplicate');
    const front = ids(store, 'front');
    expect(front[0]).toBe('a');
    expect(front[1]).toBe(store.getState().selection[0]);
    expect(layerOf(store, front[1]!)).toMatchObject({ x: 15, y: 45 });
  });

  it('selects every pickable layer on the active panel, and Esc clears', () => {
    const store = setup();
    store.getState().setActivePanel('front');
    runShortcut(store, 'select-all');
    expect(store.getState().selection).toEqual(['a', 'b']);
    expect(runShortcut(store, 'deselect')).toBe(true);
    expect(store.getState().selection).toEqual([]);
  });

  it('reorders: forward, backward, to front and to back', () => {
    const store = setup();
    store.getState().select(['a']);
    runShortcut(store, 'forward');
    expect(ids(store, 'front')).toEqual(['b', 'a', 'c']);
    runShortcut(store, 'backward');
    expect(ids(store, 'front')).toEqual(['a', 'b', 'c']);
    runShortcut(store, 'front');
    expect(ids(store, 'front')).toEqual(['b', 'c', 'a']);
    runShortcut(store, 'back');
    expect(ids(store, 'front')).toEqual(['a', 'b', 'c']);
    // Two selected layers keep their order when moved to the front.
    store.getState().select(['b', 'a']);
    runShortcut(store, 'front');
    expect(ids(store, 'front')).toEqual(['c', 'a', 'b']);
  });

  it('aligns one layer to its panel and several to each other', () => {
    const store = setup();
    store.getState().select(['a']);
    runShortcut(store, 'align-left');
    expect(layerOf(store, 'a')?.x).toBe(0);
    store.getState().select(['a', 'b']);
    runShortcut(store, 'align-bottom');
    expect(layerOf(store, 'a')?.y).toBe(60);
    expect(layerOf(store, 'b')?.y).toBe(60);
  });

  it('distributes three or more layers with equal gaps, and refuses fewer', () => {
    const store = setup();
    store.getState().dispatch({ type: 'add', panel_id: 'front', layer: rect('d', { x: 50, y: 10, w: 5, h: 5 }) });
    store.getState().select(['a', 'b']);
    expect(runShortcut(store, 'distribute-horizontal')).toBe(false);
    // a: 10…20, b: 30…40, d: 50…55: the span 10…55 holds 25 mm of layers, so the gaps are 10 mm.
    store.getState().dispatch({ type: 'move', ids: ['b'], dx: -5, dy: 0 });
    store.getState().select(['a', 'b', 'd']);
    expect(runShortcut(store, 'distribute-horizontal')).toBe(true);
    expect(layerOf(store, 'b')?.x).toBe(30);
  });

  it('zooms: 100 %, steps about the viewport centre, and fit', () => {
    const store = setup();
    runShortcut(store, 'zoom-fit');
    const fitted = store.getState().view;
    runShortcut(store, 'zoom-100');
    expect(store.getState().view.pxPerMm).toBe(PX_PER_MM_100);
    runShortcut(store, 'zoom-in');
    expect(store.getState().view.pxPerMm).toBeCloseTo(PX_PER_MM_100 * 1.5, 9);
    runShortcut(store, 'zoom-out');
    runShortcut(store, 'zoom-out');
    expect(store.getState().view.pxPerMm).toBeCloseTo(PX_PER_MM_100 * 0.75, 9);
    runShortcut(store, 'zoom-fit');
    expect(store.getState().view).toEqual(fitted);
  });
});

describe('handleKey', () => {
  it('acts on shortcuts but not on keys typed into a field or while editing text', () => {
    const store = setup();
    store.getState().select(['a']);
    const input = document.createElement('input');
    expect(handleKey(store, { ...key('Delete'), target: input })).toBe(false);
    expect(ids(store, 'front')).toContain('a');
    store.getState().setEditingText('lid');
    expect(handleKey(store, { ...key('Delete'), target: document.body })).toBe(false);
    store.getState().setEditingText(null);
    expect(handleKey(store, { ...key('Delete'), target: document.body })).toBe(true);
    expect(ids(store, 'front')).not.toContain('a');
  });
});

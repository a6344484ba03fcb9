import { describe, expect, it } from 'vitest';
import { canUndo, panelToSheet, type Command } from '@packsmith/editor';
import type { EditorLayer } from '@packsmith/contracts';
import { clickSelection, dragStep, hitTest, keepRatio, layerContains, marqueeSelect, snapPoint, startDrag, transformCommand } from './gestures';
import { background, layerOf, rect, storeWith, text, tuckEnd } from './test-doc';

const doc = tuckEnd([
  { panel: 'front', layer: background('bg', 60.45, 150.9) },
  { panel: 'front', layer: rect('under', { x: 10, y: 40, w: 30, h: 20 }) },
  { panel: 'front', layer: rect('over', { x: 20, y: 45, w: 10, h: 10 }) },
  { panel: 'front', layer: rect('locked', { x: 10, y: 100, w: 20, h: 10, locked: true }) },
  { panel: 'front', layer: rect('hidden', { x: 10, y: 120, w: 20, h: 10, hidden: true }) },
  { panel: 'front', layer: rect('turned', { x: 30, y: 80, w: 20, h: 4, rotation: 90 }) },
  { panel: 'top', layer: text('lid', { x: 10, y: 10, w: 20, h: 8 }) },
]);
const front = doc.dieline.panels.find((p) => p.id === 'front')!;
const top = doc.dieline.panels.find((p) => p.id === 'top')!;
const onFront = (x: number, y: number) => panelToSheet(front, { x, y });

describe('hitTest', () => {
  it('takes the topmost layer under the point', () => {
    expect(hitTest(doc, onFront(25, 50))?.layer.id).toBe('over');
    expect(hitTest(doc, onFront(12, 42))?.layer.id).toBe('under');
  });

  it('passes through locked, hidden and background layers to empty space', () => {
    expect(hitTest(doc, onFront(15, 105))).toBeNull();
    expect(hitTest(doc, onFront(15, 125))).toBeNull();
    expect(hitTest(doc, onFront(55, 5))).toBeNull();
  });

  it('tests a turned layer by its turned box', () => {
    // 20 × 4 turned 90° about (40, 82): it spans x 38…42, y 72…92.
    expect(hitTest(doc, onFront(40, 74))?.layer.id).toBe('turned');
    expect(hitTest(doc, onFront(32, 82))).toBeNull();
  });

  it('keeps a selected layer under another grabbable', () => {
    expect(hitTest(doc, onFront(25, 50), ['under'])?.layer.id).toBe('under');
  });

  it('finds layers on a panel turned 180° on the sheet', () => {
    const p = panelToSheet(top, { x: 15, y: 12 });
    expect(hitTest(doc, p)?.layer.id).toBe('lid');
    expect(hitTest(doc, p)?.panel.id).toBe('top');
  });

  it('does not hit the part of a layer outside its panel unless it is selected', () => {
    const d = tuckEnd([{ panel: 'front', layer: rect('off', { x: -10, y: 40, w: 20, h: 10 }) }]);
    const outside = onFront(-5, 45);
    expect(hitTest(d, outside)).toBeNull();
    expect(hitTest(d, outside, ['off'])?.layer.id).toBe('off');
  });

  it('layerContains is inclusive of the edge', () => {
    const l = { x: 0, y: 0, w: 10, h: 10, rotation: 0 };
    expect(layerContains(l, { x: 10, y: 10 })).toBe(true);
    expect(layerContains(l, { x: 10.01, y: 5 })).toBe(false);
  });
});

describe('selection gestures', () => {
  it('click replaces, shift/ctrl-click toggles, empty space clears unless additive', () => {
    expect(clickSelection(['a'], 'b', false)).toEqual(['b']);
    expect(clickSelection(['a', 'b'], 'b', false)).toEqual(['a', 'b']);
    expect(clickSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(clickSelection(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(clickSelection(['a'], null, false)).toEqual([]);
    expect(clickSelection(['a'], null, true)).toEqual(['a']);
  });

  it('a marquee takes the pickable layers it touches, on any panel', () => {
    const a = onFront(5, 35);
    const b = onFront(22, 47);
    const box = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
    expect(marqueeSelect(doc, box)).toEqual(['under', 'over']);
    const all = marqueeSelect(doc, { x: -100, y: -100, w: 1000, h: 1000 });
    expect(all).toEqual(['under', 'over', 'turned', 'lid']);
  });
});

describe('dragStep', () => {
  const view = { pxPerMm: 4 };

  it('moves by the pointer’s movement when nothing is near to snap to', () => {
    const s0 = startDrag(doc, ['over'], 'front', onFront(25, 50));
    const step = dragStep(doc, s0, onFront(27.3, 51.1), view, false);
    expect(step.command).toEqual({ type: 'move', ids: ['over'], dx: expect.closeTo(2.3, 6), dy: expect.closeTo(1.1, 6) });
    // A second frame applies only the difference.
    const next = dragStep(doc, step.state, onFront(28.3, 51.1), view, false);
    expect(next.command).toMatchObject({ type: 'move', dx: expect.closeTo(1, 6), dy: expect.closeTo(0, 6) });
  });

  it('snaps the box’s centre to the panel’s centre line and reports the guide', () => {
    const d = tuckEnd([{ panel: 'front', layer: rect('r', { x: 10, y: 100, w: 10, h: 10 }) }]);
    const centre = front.width / 2;
    // Dragged so the centre lands 0.5 mm short of the panel's centre (2 px at 4 px/mm: within 6 px).
    const s0 = startDrag(d, ['r'], 'front', onFront(15, 105));
    const step = dragStep(d, s0, onFront(centre - 0.5, 105), view, true);
    expect(step.command?.type).toBe('move');
    const dx = step.command?.type === 'move' ? step.command.dx : NaN;
    expect(15 + dx).toBeCloseTo(centre, 6);
    expect(step.guides.some((g) => g.axis === 'x' && Math.abs(g.at - centre) < 1e-6 && g.kind === 'panel')).toBe(true);
    // Without snapping the same move stays where the pointer is.
    const free = dragStep(d, s0, onFront(centre - 0.5, 105), view, false);
    expect(free.command?.type === 'move' && 15 + free.command.dx).toBeCloseTo(centre - 0.5, 6);
  });

  it('moves a layer on a 180° panel the way the pointer goes on screen', () => {
    const s0 = startDrag(doc, ['lid'], 'top', panelToSheet(top, { x: 15, y: 12 }));
    const start = panelToSheet(top, { x: 15, y: 12 });
    const step = dragStep(doc, s0, { x: start.x + 3, y: start.y + 2 }, view, false);
    expect(step.command).toMatchObject({ type: 'move', dx: expect.closeTo(-3, 6), dy: expect.closeTo(-2, 6) });
  });

  it('moves layers on two panels as one batch, each in its own panel’s coordinates', () => {
    const s0 = startDrag(doc, ['over', 'lid'], 'front', onFront(25, 50));
    const step = dragStep(doc, s0, onFront(28, 54), view, true);
    expect(step.command?.type).toBe('batch');
    const cmds = step.command?.type === 'batch' ? step.command.commands : [];
    const byId = new Map(cmds.map((c: Command) => [c.type === 'move' ? c.ids[0] : '', c]));
    expect(byId.get('over')).toMatchObject({ dx: expect.closeTo(3, 6), dy: expect.closeTo(4, 6) });
    expect(byId.get('lid')).toMatchObject({ dx: expect.closeTo(-3, 6), dy: expect.closeTo(-4, 6) });
  });

  it('leaves locked layers out of a drag', () => {
    const s0 = startDrag(doc, ['over', 'locked'], 'front', onFront(25, 50));
    expect(s0.ids).toEqual(['over']);
  });

  it('a whole drag is one undo step in the store', () => {
    const store = storeWith(doc);
    let st = startDrag(doc, ['over'], 'front', onFront(25, 50));
    for (let i = 1; i <= 20; i++) {
      const cur = store.getState().editor!.doc;
      const step = dragStep(cur, st, onFront(25 + i * 0.7, 50 + i * 0.3), { pxPerMm: 4 }, false);
      st = step.state;
      if (step.command) store.getState().dispatch(step.command, { label: 'Move', mergeKey: st.mergeKey });
    }
    store.getState().seal();
    expect(layerOf(store, 'over')).toMatchObject({ x: expect.closeTo(34, 4), y: expect.closeTo(51, 4) });
    expect(store.getState().editor!.history.past).toHaveLength(1);
    store.getState().undo();
    expect(layerOf(store, 'over')).toMatchObject({ x: 20, y: 45 });
    expect(canUndo(store.getState().editor!)).toBe(false);
  });
});

describe('transformCommand', () => {
  const l = rect('r', { x: 10, y: 20, w: 20, h: 10 });

  it('keeps the centre the transformer left and scales the sides', () => {
    const c = transformCommand(l, { x: 25, y: 30, scaleX: 1.5, scaleY: 2, rotation: 0 });
    expect(c).toEqual({ type: 'update', id: 'r', props: { x: 10, y: 20, w: 30, h: 20, rotation: 0 } });
  });

  it('normalises the rotation to −180…180', () => {
    const c = transformCommand(l, { x: 20, y: 25, scaleX: 1, scaleY: 1, rotation: 270 });
    expect(c).toMatchObject({ props: { rotation: -90, x: 10, y: 20, w: 20, h: 10 } });
  });

  it('is null when nothing changed, and never goes below the minimum side', () => {
    expect(transformCommand(l, { x: 20, y: 25, scaleX: 1, scaleY: 1, rotation: 0 })).toBeNull();
    const c = transformCommand(l, { x: 20, y: 25, scaleX: 0, scaleY: 1, rotation: 0 });
    expect(c?.type === 'update' && c.props.w).toBe(0.1);
  });

  it('applies through the store as one step', () => {
    const store = storeWith(tuckEnd([{ panel: 'front', layer: l }]));
    const c = transformCommand(l, { x: 25, y: 30, scaleX: 1.5, scaleY: 2, rotation: 15 })!;
    expect(store.getState().dispatch(c, { mergeKey: null })).toBe(true);
    expect(layerOf(store, 'r')).toMatchObject({ x: 10, y: 20, w: 30, h: 20, rotation: 15 });
  });

  it('keeps proportions by default for pictures only', () => {
    const img: EditorLayer = { ...l, kind: 'image', url: '/files/a.png', natural: { width: 100, height: 50 }, crop: { x: 0, y: 0, w: 1, h: 1 } };
    expect(keepRatio([img])).toBe(true);
    expect(keepRatio([l])).toBe(false);
    expect(keepRatio([img, l])).toBe(false);
    expect(keepRatio([])).toBe(false);
  });
});

describe('snapPoint', () => {
  it('pulls a resize handle onto the panel centre line and another layer’s edge, each axis alone', () => {
    const centre = front.width / 2;
    // 1 px past the centre at 4 px/mm (the locked layer's right edge at 30 is further), and 0.5 mm below the top of "under" (y 40).
    const r = snapPoint(doc, front, { x: centre + 0.25, y: 40.5 }, ['over'], { pxPerMm: 4 });
    expect(r.point.x).toBeCloseTo(centre, 9);
    expect(r.point.y).toBeCloseTo(40, 9);
    expect(r.guides.map((g) => g.axis).sort()).toEqual(['x', 'y']);
  });

  it('leaves a handle far from everything where it is', () => {
    const r = snapPoint(doc, front, { x: 17.3, y: 33.3 }, [], { pxPerMm: 4 });
    expect(r.point).toEqual({ x: 17.3, y: 33.3 });
    expect(r.guides).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CommandError, applyCommand } from './commands.js';
import { newDocument } from './dieline.js';
import { backgroundLayer, shapeLayer, textLayer } from './fixtures.js';
import { canRedo, doCommand, initialState, redo, seal, undo, type EditorState } from './history.js';

function start(): EditorState {
  let s = initialState(newDocument(101));
  s = doCommand(s, { type: 'add', panel_id: 'front', layer: backgroundLayer('bg', '#ffffff', { w: 60.45, h: 150.9 }) }, { now: 0 });
  s = doCommand(s, { type: 'add', panel_id: 'front', layer: textLayer('t1') }, { now: 1000 });
  s = doCommand(s, { type: 'add', panel_id: 'front', layer: shapeLayer('s1', { x: 30, y: 40 }) }, { now: 2000 });
  return s;
}

const layer = (s: EditorState, id: string) => s.doc.panels.flatMap((p) => p.layers).find((l) => l.id === id);

describe('command stack', () => {
  it('does, undoes and redoes', () => {
    let s = start();
    expect(s.history.past).toHaveLength(3);
    s = doCommand(s, { type: 'update', id: 't1', props: { text: 'Oat Milk' } }, { now: 5000 });
    expect(layer(s, 't1')).toMatchObject({ text: 'Oat Milk' });
    s = undo(s);
    expect(layer(s, 't1')).toMatchObject({ text: 'Hello' });
    expect(canRedo(s)).toBe(true);
    s = redo(s);
    expect(layer(s, 't1')).toMatchObject({ text: 'Oat Milk' });
    s = undo(undo(s));
    expect(layer(s, 's1')).toBeUndefined();
  });

  it('merges a drag of one layer into one step within the window, and starts a new step after a pause or a seal', () => {
    let s = start();
    for (let i = 1; i <= 60; i++) s = doCommand(s, { type: 'move', ids: ['t1'], dx: 1, dy: 0.5 }, { now: 10_000 + i * 16 });
    expect(s.history.past).toHaveLength(4);
    expect(layer(s, 't1')).toMatchObject({ x: 70, y: 40 });
    s = undo(s);
    expect(layer(s, 't1')).toMatchObject({ x: 10, y: 10 });
    s = redo(s);
    // A pause beyond the window: a new step.
    s = doCommand(s, { type: 'move', ids: ['t1'], dx: 1, dy: 0 }, { now: 20_000 });
    expect(s.history.past).toHaveLength(5);
    s = seal(s);
    s = doCommand(s, { type: 'move', ids: ['t1'], dx: 1, dy: 0 }, { now: 20_010 });
    expect(s.history.past).toHaveLength(6);
  });

  it('merges updates of the same layer and property only', () => {
    let s = start();
    s = doCommand(s, { type: 'update', id: 't1', props: { size_pt: 13 } }, { now: 9000 });
    s = doCommand(s, { type: 'update', id: 't1', props: { size_pt: 14 } }, { now: 9100 });
    s = doCommand(s, { type: 'update', id: 't1', props: { colour: '#ff0000' } }, { now: 9200 });
    s = doCommand(s, { type: 'update', id: 's1', props: { fill: '#00ff00' } }, { now: 9300 });
    expect(s.history.past.map((p) => p.label).slice(3)).toEqual(['update', 'update', 'update']);
    s = undo(undo(s));
    expect(layer(s, 't1')).toMatchObject({ size_pt: 14, colour: '#111111' });
    s = undo(s);
    expect(layer(s, 't1')).toMatchObject({ size_pt: 12 });
  });

  it('groups a batch of changes as one step', () => {
    let s = start();
    s = doCommand(
      s,
      {
        type: 'batch',
        commands: [
          { type: 'update', id: 't1', props: { text: 'A' } },
          { type: 'move', ids: ['s1'], dx: 5, dy: 5 },
          { type: 'remove', ids: ['bg'] },
        ],
      },
      { now: 9000, label: 'Redesign' },
    );
    expect(s.history.past.at(-1)?.label).toBe('Redesign');
    s = undo(s);
    expect(layer(s, 't1')).toMatchObject({ text: 'Hello' });
    expect(layer(s, 's1')).toMatchObject({ x: 30, y: 40 });
    expect(layer(s, 'bg')).toBeDefined();
  });

  it('keeps at most the history limit and drops the redo branch on a new command', () => {
    let s = initialState(newDocument(101), 5);
    s = doCommand(s, { type: 'add', panel_id: 'front', layer: textLayer('t') }, { now: 0 });
    for (let i = 0; i < 10; i++) s = doCommand(s, { type: 'update', id: 't', props: { text: `v${i}` } }, { now: 10_000 * (i + 1) });
    expect(s.history.past).toHaveLength(5);
    s = undo(s);
    s = doCommand(s, { type: 'update', id: 't', props: { text: 'new' } }, { now: 1e9 });
    expect(s.history.future).toHaveLength(0);
  });

  it('survives JSON: a reloaded stack undoes the same way', () => {
    let s = start();
    s = doCommand(s, { type: 'move', ids: ['t1'], dx: 3, dy: 4 }, { now: 9000 });
    const reloaded = JSON.parse(JSON.stringify(s)) as EditorState;
    expect(layer(undo(reloaded), 't1')).toMatchObject({ x: 10, y: 10 });
    // Only the touched panel is stored in a step.
    expect(s.history.past.at(-1)?.before.map((p) => p.panel_id)).toEqual(['front']);
  });
});

describe('reducers', () => {
  const doc = () => start().doc;

  it('resizes with the aspect locked, keeping the anchor', () => {
    const d = applyCommand(doc(), { type: 'resize', id: 's1', w: 40, h: 11, lock_aspect: true, anchor: 'se' });
    const s = d.panels[1]!.layers.find((l) => l.id === 's1')!;
    expect(s).toMatchObject({ w: 40, h: 20, x: 10, y: 30 });
    const free = applyCommand(doc(), { type: 'resize', id: 's1', w: 40, h: 11 });
    expect(free.panels[1]!.layers.find((l) => l.id === 's1')).toMatchObject({ w: 40, h: 11, x: 30, y: 40 });
  });

  it('rotates, reorders, aligns and distributes', () => {
    let d = applyCommand(doc(), { type: 'rotate', ids: ['t1'], by: 200 });
    expect(d.panels[1]!.layers.find((l) => l.id === 't1')?.rotation).toBe(-160);
    d = applyCommand(d, { type: 'reorder', id: 's1', to: 'back' });
    expect(d.panels[1]!.layers.map((l) => l.id)).toEqual(['s1', 'bg', 't1']);
    d = applyCommand(d, { type: 'reorder', id: 's1', to: 'forward' });
    expect(d.panels[1]!.layers.map((l) => l.id)).toEqual(['bg', 's1', 't1']);

    let a = applyCommand(doc(), { type: 'align', ids: ['t1', 's1'], edge: 'left' });
    expect(a.panels[1]!.layers.filter((l) => l.id !== 'bg').map((l) => l.x)).toEqual([10, 10]);
    a = applyCommand(doc(), { type: 'align', ids: ['s1'], edge: 'center' });
    expect(a.panels[1]!.layers.find((l) => l.id === 's1')?.x).toBeCloseTo(60.45 / 2 - 10, 6);

    let d3 = applyCommand(doc(), { type: 'add', panel_id: 'front', layer: shapeLayer('s2', { x: 45, w: 5 }) });
    d3 = applyCommand(d3, { type: 'update', id: 's1', props: { x: 14, w: 10 } });
    d3 = applyCommand(d3, { type: 'update', id: 't1', props: { w: 2 } });
    // t1 [10,12], s1 [14,24], s2 [45,50]: span 40, sizes 17, gap 11.5 → s1 at 23.5.
    const dist = applyCommand(d3, { type: 'distribute', ids: ['t1', 's1', 's2'], axis: 'horizontal' });
    expect(dist.panels[1]!.layers.find((l) => l.id === 's1')?.x).toBeCloseTo(23.5, 6);
  });

  it('duplicates and pastes with new ids, refusing a used one', () => {
    const d = applyCommand(doc(), { type: 'duplicate', ids: ['t1'], new_ids: ['t2'], dx: 5, dy: 5 });
    expect(d.panels[1]!.layers.map((l) => l.id)).toEqual(['bg', 't1', 't2', 's1']);
    expect(d.panels[1]!.layers[2]).toMatchObject({ x: 15, y: 15, text: 'Hello' });
    const p = applyCommand(d, { type: 'paste', panel_id: 'back', layers: [textLayer('t1')], new_ids: ['t3'], dx: 0, dy: 0 });
    expect(p.panels.find((x) => x.panel_id === 'back')?.layers.map((l) => l.id)).toEqual(['t3']);
    expect(() => applyCommand(d, { type: 'duplicate', ids: ['t1'], new_ids: ['s1'], dx: 0, dy: 0 })).toThrow('already used');
  });

  it('leaves locked layers where they are, and names the field of a bad update', () => {
    let d = applyCommand(doc(), { type: 'update', id: 't1', props: { locked: true } });
    d = applyCommand(d, { type: 'move', ids: ['t1', 's1'], dx: 5, dy: 0 });
    expect(d.panels[1]!.layers.find((l) => l.id === 't1')?.x).toBe(10);
    expect(d.panels[1]!.layers.find((l) => l.id === 's1')?.x).toBe(35);
    expect(() => applyCommand(doc(), { type: 'update', id: 't1', props: { size_pt: 0 } })).toThrow(/size_pt must be at least 2/);
    expect(() => applyCommand(doc(), { type: 'update', id: 't1', props: { colour: 'red' } })).toThrow(/colour/);
    expect(() => applyCommand(doc(), { type: 'move', ids: ['nope'], dx: 1, dy: 1 })).toThrow(CommandError);
  });
});

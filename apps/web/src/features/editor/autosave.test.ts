import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorDocumentRecord } from '@packsmith/contracts';
import { newDocument } from '@packsmith/editor';
import { createAutosave, type SaveFn } from './autosave';
import type { SaveOutcome } from './editor-api';
import { createEditorStore } from './editor.store';

const doc = newDocument(101);
const front = doc.dieline.panels.find((p) => p.role === 'front') ?? doc.dieline.panels[0]!;

function record(version = 3): EditorDocumentRecord {
  return { project_id: 'e1', parent_project_id: null, name: 'Tea', document: doc, version, updated_at: 0, notes: [] };
}

function rect(id: string) {
  return {
    id,
    name: id,
    kind: 'shape' as const,
    x: 5,
    y: 5,
    w: 10,
    h: 10,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    shape: 'rect' as const,
    fill: '#ff0000',
    stroke: null,
    corner_radius_mm: 0,
  };
}

function setup(answers: SaveOutcome[]) {
  const store = createEditorStore();
  store.getState().load(record());
  const calls: Array<{ version: number; layers: number }> = [];
  let release: (() => void) | null = null;
  const save: SaveFn = vi.fn(async (_id, d, version) => {
    calls.push({ version, layers: d.panels.reduce((n: number, p: { layers: unknown[] }) => n + p.layers.length, 0) });
    const answer = answers.shift() ?? { kind: 'saved', version: version + 1 };
    if (answers.length && answers[0]?.kind === 'failed' && answers[0].message === 'hold') {
      answers.shift();
      await new Promise<void>((r) => (release = r));
    }
    return answer;
  });
  const autosave = createAutosave(store, save, { delayMs: 100, retryMs: 1000 });
  const add = (id: string) => store.getState().dispatch({ type: 'add', panel_id: front.id, layer: rect(id) });
  return { store, calls, autosave, add, release: () => release?.() };
}

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after the changes stop, naming the version the document was read at', async () => {
    const { store, calls, add, autosave } = setup([]);
    add('a');
    await vi.advanceTimersByTimeAsync(50);
    add('b');
    expect(store.getState().saveStatus).toBe('dirty');
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toEqual([{ version: 3, layers: 2 }]);
    expect(store.getState()).toMatchObject({ saveStatus: 'saved', version: 4, dirtyAt: null });
    autosave.dispose();
  });

  it('a change made during a save is saved after it, from the new version', async () => {
    const { store, calls, add, autosave, release } = setup([
      { kind: 'saved', version: 4 },
      { kind: 'failed', message: 'hold' },
    ]);
    add('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getState().saveStatus).toBe('saving');
    add('b');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ version: 4, saveStatus: 'dirty' });
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([
      { version: 3, layers: 1 },
      { version: 4, layers: 2 },
    ]);
    expect(store.getState()).toMatchObject({ version: 5, saveStatus: 'saved' });
    autosave.dispose();
  });

  it('stops at a stale answer: nothing more is sent until the document is reloaded', async () => {
    const { store, calls, add, autosave } = setup([{ kind: 'stale' }]);
    add('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getState().saveStatus).toBe('stale');
    add('b');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(await autosave.flush()).toBe(false);
    store.getState().load(record(9));
    add('c');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.at(-1)).toEqual({ version: 9, layers: 1 });
    autosave.dispose();
  });

  it('retries a failed save, and flush saves at once', async () => {
    const { store, calls, add, autosave } = setup([{ kind: 'failed', message: 'offline' }]);
    add('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getState().saveStatus).toBe('error');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(store.getState().saveStatus).toBe('saved');
    add('b');
    expect(await autosave.flush()).toBe(true);
    expect(calls).toHaveLength(3);
    autosave.dispose();
  });
});

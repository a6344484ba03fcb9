import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_HISTORY_MAX, STORAGE_KEYS } from '@packsmith/contracts';
import {
  LOCAL_HISTORY_CHANGED,
  addHistoryRecord,
  putBackLocalHistory,
  readLocalHistory,
  removeFromLocalHistory,
  renameInLocalHistory,
  saveLocalHistory,
  touchLocalHistory,
  type LocalHistoryRecord,
} from './local-history';

const record = (id: string, timestamp: number, name = id): LocalHistoryRecord => ({ id, data: [], timestamp, project_data: { name, type: 'design' } });
const fill = (n: number) => Array.from({ length: n }, (_, i) => record(`p${i}`, 1_000 + i));
const stored = (list: LocalHistoryRecord[]) => localStorage.setItem(STORAGE_KEYS.localHistory, JSON.stringify(list));

beforeEach(() => localStorage.clear());

describe('the cap (SPEC §9: fewer than 100; at 100 the oldest goes)', () => {
  it('98 + 1 → 99 kept, none dropped', () => {
    const list = addHistoryRecord(fill(98), record('new', 5_000));
    expect(list).toHaveLength(99);
    expect(list[0]?.id).toBe('p0');
  });

  it('99 + 1 → the 100th makes the oldest go: still 99', () => {
    const list = addHistoryRecord(fill(99), record('new', 5_000));
    expect(list).toHaveLength(LOCAL_HISTORY_MAX - 1);
    expect(list.some((r) => r.id === 'p0')).toBe(false);
    expect(list[0]?.id).toBe('p1');
    expect(list.at(-1)?.id).toBe('new');
  });

  it('a stored list of 101 (an older build, another tab) is cut to 99 on the next write, oldest first', () => {
    const list = addHistoryRecord(fill(101), record('new', 5_000));
    expect(list).toHaveLength(99);
    expect(list.map((r) => r.id).slice(0, 2)).toEqual(['p3', 'p4']);
  });

  it('replacing a record already kept does not drop another', () => {
    const list = addHistoryRecord(fill(99), record('p50', 6_000));
    expect(list).toHaveLength(99);
    expect(list[0]?.id).toBe('p0');
    expect(list.at(-1)?.id).toBe('p50');
  });
});

describe('kept in step with the projects screen', () => {
  it('a rename renames the record and keeps its messages and place', () => {
    stored([record('a', 1), { ...record('b', 2), data: [{ msg_id: 'm1' }] }]);
    renameInLocalHistory('b', 'Night Owl bottle');
    expect(readLocalHistory()).toEqual([record('a', 1), { ...record('b', 2, 'Night Owl bottle'), data: [{ msg_id: 'm1' }] }]);
    // No record, nothing written.
    renameInLocalHistory('zzz', 'x');
    expect(readLocalHistory()).toHaveLength(2);
  });

  it('a delete removes the record and the undo puts the same record back', () => {
    stored([record('a', 1), record('b', 2)]);
    const onChange = vi.fn();
    window.addEventListener(LOCAL_HISTORY_CHANGED, onChange);
    const removed = removeFromLocalHistory('a');
    expect(removed).toEqual(record('a', 1));
    expect(readLocalHistory().map((r) => r.id)).toEqual(['b']);
    expect(removeFromLocalHistory('a')).toBeNull();
    if (removed) putBackLocalHistory(removed);
    expect(readLocalHistory()).toEqual([record('a', 1), record('b', 2)]);
    expect(onChange).toHaveBeenCalledTimes(2);
    window.removeEventListener(LOCAL_HISTORY_CHANGED, onChange);
  });

  it('putting a record back into a full history still keeps fewer than 100', () => {
    stored(fill(99));
    putBackLocalHistory(record('back', 9_000));
    expect(readLocalHistory()).toHaveLength(99);
  });

  it('opening a project touches its timestamp, so it is the last the cap drops', () => {
    saveLocalHistory(record('old', 1));
    saveLocalHistory(record('new', 2));
    touchLocalHistory('old', 50);
    expect(readLocalHistory().map((r) => [r.id, r.timestamp])).toEqual([
      ['new', 2],
      ['old', 50],
    ]);
    touchLocalHistory('missing', 60);
    expect(readLocalHistory()).toHaveLength(2);
  });
});

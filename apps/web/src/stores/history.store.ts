import { create } from 'zustand';
import { LOCAL_HISTORY_MAX, STORAGE_KEYS } from '@packsmith/contracts';
import { storage } from './storage';

/** SPEC §3 local project history record. */
export interface LocalHistoryRecord {
  id: string;
  data: unknown[];
  timestamp: number;
  project_data: Record<string, unknown>;
}

function isRecord(v: unknown): v is LocalHistoryRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && Array.isArray(r.data) && typeof r.timestamp === 'number' && typeof r.project_data === 'object' && r.project_data !== null;
}

/**
 * Puts a record in (replacing one with the same id) and keeps fewer than LOCAL_HISTORY_MAX:
 * at 100 the oldest goes (SPEC §9).
 */
export function addHistoryRecord(list: readonly LocalHistoryRecord[], record: LocalHistoryRecord): LocalHistoryRecord[] {
  const next = [...list.filter((r) => r.id !== record.id), record].sort((a, b) => a.timestamp - b.timestamp);
  while (next.length >= LOCAL_HISTORY_MAX) next.shift();
  return next;
}

function load(): LocalHistoryRecord[] {
  return storage.getJson<LocalHistoryRecord[]>(STORAGE_KEYS.localHistory, [], (v): v is LocalHistoryRecord[] => Array.isArray(v) && v.every(isRecord));
}

export interface HistoryStore {
  records: LocalHistoryRecord[];
  save(record: LocalHistoryRecord): void;
  find(id: string): LocalHistoryRecord | undefined;
  reset(): void;
}

export const useHistoryStore = create<HistoryStore>()((set, get) => ({
  records: load(),
  save(record) {
    const records = addHistoryRecord(get().records, record);
    storage.set(STORAGE_KEYS.localHistory, JSON.stringify(records));
    set({ records });
  },
  find: (id) => get().records.find((r) => r.id === id),
  reset() {
    storage.remove(STORAGE_KEYS.localHistory);
    set({ records: [] });
  },
}));

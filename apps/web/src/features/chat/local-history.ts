import { ChatMessageSchema, LOCAL_HISTORY_MAX, STORAGE_KEYS, type ChatMessage } from '@packsmith/contracts';
import { storage } from '../../stores/storage';
import { isLocalMessage } from './chat-data';
import type { ProjectDetail } from './chat.store';

/*
 * SPEC §3 local project history: the chats opened on this device, kept in local storage. It is the
 * device's, not one chat's: every open chat writes its own record, and "Recent chats" lists them all.
 * A chat opened again shows its record's messages at once while the server answers.
 *
 * It is a cache, never the list of a user's projects: the projects screen lists what the server
 * answers and only keeps these records in step with what it does (a rename renames the record, a
 * delete removes it and its undo puts it back, opening a project touches its timestamp).
 */

/** SPEC §3 local project history record. */
export interface LocalHistoryRecord {
  id: string;
  data: unknown[];
  timestamp: number;
  project_data: Record<string, unknown>;
}

/** Messages kept in a local history record: enough to show a chat at once while the server answers. */
export const LOCAL_HISTORY_MESSAGES = 30;

/** Fired on window when this tab changes the history, so lists showing it follow. */
export const LOCAL_HISTORY_CHANGED = 'packsmith:local-history';

function isRecord(v: unknown): v is LocalHistoryRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && Array.isArray(r.data) && typeof r.timestamp === 'number' && typeof r.project_data === 'object' && r.project_data !== null;
}

function isHistoryList(v: unknown): v is LocalHistoryRecord[] {
  return Array.isArray(v) && v.every(isRecord);
}

/** The stored text as records; anything unreadable counts as no history. */
export function parseLocalHistory(raw: string | null): LocalHistoryRecord[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return isHistoryList(parsed) ? parsed : [];
  } catch {
    return [];
  }
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

/** SPEC §3 local project history record for an open chat. */
export function historyRecordOf(project: ProjectDetail, messages: readonly ChatMessage[], now: number = Date.now()): LocalHistoryRecord {
  const kept = messages.filter((m) => !isLocalMessage(m) && !m.isloading).slice(-LOCAL_HISTORY_MESSAGES);
  const results = project.result_list.flat();
  return {
    id: project.project_id,
    data: kept,
    timestamp: now,
    project_data: {
      type: project.type,
      name: project.name,
      product: project.product,
      brand: project.brand,
      cover: project.like_best ?? results[results.length - 1] ?? (typeof project.data.origin_image === 'string' ? project.data.origin_image : null),
    },
  };
}

export function readLocalHistory(): LocalHistoryRecord[] {
  return parseLocalHistory(storage.get(STORAGE_KEYS.localHistory));
}

/** The messages a project's record holds that still read as messages. */
export function localMessagesOf(projectId: string): ChatMessage[] {
  const record = readLocalHistory().find((r) => r.id === projectId);
  const out: ChatMessage[] = [];
  for (const item of record?.data ?? []) {
    const parsed = ChatMessageSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export function saveLocalHistory(record: LocalHistoryRecord): void {
  writeLocalHistory(addHistoryRecord(readLocalHistory(), record));
}

function writeLocalHistory(list: readonly LocalHistoryRecord[]): void {
  storage.set(STORAGE_KEYS.localHistory, JSON.stringify(list));
  window.dispatchEvent(new Event(LOCAL_HISTORY_CHANGED));
}

/** The record with this id changed by `change`; nothing is written when there is no such record. */
function changeRecord(id: string, change: (r: LocalHistoryRecord) => LocalHistoryRecord): LocalHistoryRecord | null {
  const list = readLocalHistory();
  const at = list.findIndex((r) => r.id === id);
  const found = list[at];
  if (!found) return null;
  const next = change(found);
  writeLocalHistory(addHistoryRecord(list, next));
  return next;
}

/** A renamed project's record carries the new name (the list and Recent chats show it). */
export function renameInLocalHistory(id: string, name: string): void {
  changeRecord(id, (r) => ({ ...r, project_data: { ...r.project_data, name } }));
}

/** Opening a project makes its record the newest, so the cap drops records of projects left alone. */
export function touchLocalHistory(id: string, now: number = Date.now()): void {
  changeRecord(id, (r) => ({ ...r, timestamp: now }));
}

/** Removes a deleted project's record; answers it, so an undo can put it back. */
export function removeFromLocalHistory(id: string): LocalHistoryRecord | null {
  const list = readLocalHistory();
  const found = list.find((r) => r.id === id) ?? null;
  if (found) writeLocalHistory(list.filter((r) => r.id !== id));
  return found;
}

/** Puts back a record removed by a delete that was undone (the cap still holds). */
export function putBackLocalHistory(record: LocalHistoryRecord): void {
  writeLocalHistory(addHistoryRecord(readLocalHistory(), record));
}

export function clearLocalHistory(): void {
  storage.remove(STORAGE_KEYS.localHistory);
  window.dispatchEvent(new Event(LOCAL_HISTORY_CHANGED));
}

/**
 * Undo and redo over {@link applyCommand}. A step keeps only the panels it changed, before and
 * after (plain JSON: the stack survives JSON.stringify and a reload). Consecutive commands with
 * the same merge key (one layer's field, one drag's move) within the merge window become one
 * step, so a drag of sixty frames undoes in one go; `seal` ends a gesture early (pointer up).
 */
import type { EditorDocument, EditorPanelLayers } from '@packsmith/contracts';
import { type Command, applyCommand, changedPanels, mergeKeyOf } from './commands.js';

export interface HistoryStep {
  label: string;
  merge_key: string | null;
  /** When the step was last extended, ms (the caller's clock). */
  at: number;
  /** A later command may not merge into this step. */
  sealed: boolean;
  before: EditorPanelLayers[];
  after: EditorPanelLayers[];
}

export interface History {
  past: HistoryStep[];
  future: HistoryStep[];
  limit: number;
}

export interface EditorState {
  doc: EditorDocument;
  history: History;
}

export const HISTORY_LIMIT = 200;
/** Commands of one gesture arrive every frame; a pause longer than this starts a new step. */
export const MERGE_WINDOW_MS = 600;

export function emptyHistory(limit = HISTORY_LIMIT): History {
  return { past: [], future: [], limit };
}

export function initialState(doc: EditorDocument, limit = HISTORY_LIMIT): EditorState {
  return { doc, history: emptyHistory(limit) };
}

export interface DoOptions {
  /** The caller's clock, ms (Date.now() in the app; fixed in tests). */
  now: number;
  label?: string;
  /** Overrides the command's own merge key; null never merges. */
  mergeKey?: string | null;
  mergeWindowMs?: number;
}

/** `list` with the panels of `updates` in place of its own (new ones at the end). */
function overlay(list: readonly EditorPanelLayers[], updates: readonly EditorPanelLayers[]): EditorPanelLayers[] {
  const by = new Map(updates.map((p) => [p.panel_id, p]));
  const known = new Set(list.map((p) => p.panel_id));
  return [...list.map((p) => by.get(p.panel_id) ?? p), ...updates.filter((p) => !known.has(p.panel_id))];
}

function setPanels(doc: EditorDocument, panels: readonly EditorPanelLayers[]): EditorDocument {
  return { ...doc, panels: overlay(doc.panels, panels) };
}

/** Applies a command as a new step (or extends the last one); a command that changes nothing leaves the state as it was. */
export function doCommand(state: EditorState, command: Command, opts: DoOptions): EditorState {
  const next = applyCommand(state.doc, command);
  if (next === state.doc) return state;
  const { before, after } = changedPanels(state.doc, next);
  if (after.length === 0) return { ...state, doc: next };
  const key = opts.mergeKey === undefined ? mergeKeyOf(command) : opts.mergeKey;
  const last = state.history.past[state.history.past.length - 1];
  const window = opts.mergeWindowMs ?? MERGE_WINDOW_MS;
  if (key !== null && last && !last.sealed && last.merge_key === key && opts.now - last.at <= window && state.history.future.length === 0) {
    // One gesture: keep the first before of every panel, take the latest after.
    const had = new Set(last.before.map((p) => p.panel_id));
    const merged: HistoryStep = {
      ...last,
      at: opts.now,
      before: [...last.before, ...before.filter((p) => !had.has(p.panel_id))],
      after: overlay(last.after, after),
    };
    return { doc: next, history: { ...state.history, past: [...state.history.past.slice(0, -1), merged] } };
  }
  const step: HistoryStep = { label: opts.label ?? command.type, merge_key: key, at: opts.now, sealed: false, before, after };
  const past = [...state.history.past, step];
  return { doc: next, history: { ...state.history, past: past.slice(Math.max(0, past.length - state.history.limit)), future: [] } };
}

/** Ends the current gesture: the next command starts a step of its own. */
export function seal(state: EditorState): EditorState {
  const last = state.history.past[state.history.past.length - 1];
  if (!last || last.sealed) return state;
  return { ...state, history: { ...state.history, past: [...state.history.past.slice(0, -1), { ...last, sealed: true }] } };
}

export function canUndo(state: EditorState): boolean {
  return state.history.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.history.future.length > 0;
}

export function undo(state: EditorState): EditorState {
  const step = state.history.past[state.history.past.length - 1];
  if (!step) return state;
  return {
    doc: setPanels(state.doc, step.before),
    history: { ...state.history, past: state.history.past.slice(0, -1), future: [{ ...step, sealed: true }, ...state.history.future] },
  };
}

export function redo(state: EditorState): EditorState {
  const step = state.history.future[0];
  if (!step) return state;
  return { doc: setPanels(state.doc, step.after), history: { ...state.history, past: [...state.history.past, step], future: state.history.future.slice(1) } };
}

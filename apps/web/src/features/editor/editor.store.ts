import { createStore, type StoreApi } from 'zustand';
import type { EditorDocument, EditorDocumentRecord, EditorGuides, EditorLayer } from '@packsmith/contracts';
import {
  applyCommand,
  canRedo,
  canUndo,
  doCommand,
  initialState,
  redo as redoState,
  seal as sealState,
  undo as undoState,
  type Command,
  type EditorState,
} from '@packsmith/editor';

/**
 * One editor screen's state (issue 17): the document with its undo history (packages/editor's
 * command stack — the only way the document changes), what is selected, the view (zoom, pan), and
 * where the document stands against the server (the version it was read or last saved at, and
 * whether it has changes since). The canvas and the panels read and change it through these
 * actions only; saving is the autosave hook's job (it reads `dirtyAt` and calls `markSaved`).
 */

export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'error' | 'stale';

export interface EditorView {
  /** Screen px per mm: 3.7795 is 100 % (real size at 96 dpi, SPEC §9). */
  pxPerMm: number;
  /** The sheet's top-left on the stage, screen px. */
  panX: number;
  panY: number;
}

export interface EditorStoreState {
  projectId: string | null;
  parentProjectId: string | null;
  name: string;
  notes: readonly string[];
  editor: EditorState | null;
  /** The server's version this document was read or last saved at. */
  version: number;
  saveStatus: SaveStatus;
  /** Date.now() of the first change not yet saved; null when saved. */
  dirtyAt: number | null;
  /** Increases on every document change (autosave and the 3D preview watch it). */
  revision: number;
  selection: readonly string[];
  /** The panel new layers go to (the selection's, or the one last clicked). */
  activePanelId: string | null;
  view: EditorView;
  /** The canvas's size on screen, px (the canvas reports it; fit and zoom buttons read it). */
  viewport: { width: number; height: number };
  /** Layers copied (Ctrl/⌘+C), with their panel. */
  clipboard: { panel_id: string; layers: EditorLayer[] } | null;
  /** The text layer being edited in place. */
  editingTextId: string | null;

  load(record: EditorDocumentRecord): void;
  /** Applies a command as an undoable step (merged with the last by its key within 600 ms). Returns false when the command was refused. */
  dispatch(command: Command, options?: { label?: string; mergeKey?: string | null }): boolean;
  /** Ends a gesture (pointer up): the next command is a step of its own. */
  seal(): void;
  undo(): void;
  redo(): void;
  /** A change that is not an undo step (guides shown or hidden, dimensions): replaces the document. */
  replaceDocument(doc: EditorDocument): void;
  setGuides(guides: Partial<EditorGuides>): void;
  select(ids: readonly string[]): void;
  setActivePanel(panelId: string | null): void;
  setView(view: Partial<EditorView>): void;
  setViewport(viewport: { width: number; height: number }): void;
  setClipboard(clipboard: EditorStoreState['clipboard']): void;
  setEditingText(id: string | null): void;
  setSaveStatus(status: SaveStatus): void;
  /** The save of the document as it was at `revision` answered `version`. */
  markSaved(version: number, revision: number): void;
}

export type EditorStore = StoreApi<EditorStoreState>;

/** 100 %: one millimetre on screen at 96 dpi (SPEC §9 pixel-to-millimetre factor). */
export const PX_PER_MM_100 = 3.7795;

function changed(s: EditorStoreState, editor: EditorState): Partial<EditorStoreState> {
  const ids = new Set(editor.doc.panels.flatMap((p) => p.layers.map((l) => l.id)));
  return {
    editor,
    revision: s.revision + 1,
    saveStatus: s.saveStatus === 'stale' ? 'stale' : 'dirty',
    dirtyAt: s.dirtyAt ?? Date.now(),
    selection: s.selection.filter((id) => ids.has(id)),
  };
}

export function createEditorStore(): EditorStore {
  return createStore<EditorStoreState>()((set, get) => ({
    projectId: null,
    parentProjectId: null,
    name: '',
    notes: [],
    editor: null,
    version: 0,
    saveStatus: 'saved',
    dirtyAt: null,
    revision: 0,
    selection: [],
    activePanelId: null,
    view: { pxPerMm: PX_PER_MM_100, panX: 0, panY: 0 },
    viewport: { width: 0, height: 0 },
    clipboard: null,
    editingTextId: null,

    load: (record) =>
      set((s) => ({
        projectId: record.project_id,
        parentProjectId: record.parent_project_id,
        name: record.name,
        notes: record.notes,
        editor: initialState(record.document),
        version: record.version,
        saveStatus: 'saved',
        dirtyAt: null,
        revision: s.revision + 1,
        selection: [],
        activePanelId: record.document.dieline.panels.find((p) => p.role === 'front')?.id ?? record.document.dieline.panels[0]?.id ?? null,
        editingTextId: null,
      })),
    dispatch: (command, options) => {
      const s = get();
      if (!s.editor) return false;
      try {
        const next = doCommand(s.editor, command, { now: Date.now(), label: options?.label, mergeKey: options?.mergeKey });
        if (next === s.editor) return true;
        set(changed(s, next));
        return true;
      } catch {
        // A command the model refuses (a locked layer, a value out of bounds) changes nothing.
        return false;
      }
    },
    seal: () => set((s) => (s.editor ? { editor: sealState(s.editor) } : {})),
    undo: () => set((s) => (s.editor && canUndo(s.editor) ? changed(s, undoState(s.editor)) : {})),
    redo: () => set((s) => (s.editor && canRedo(s.editor) ? changed(s, redoState(s.editor)) : {})),
    replaceDocument: (doc) => set((s) => (s.editor ? changed(s, { ...s.editor, doc }) : {})),
    setGuides: (guides) => set((s) => (s.editor ? changed(s, { ...s.editor, doc: { ...s.editor.doc, guides: { ...s.editor.doc.guides, ...guides } } }) : {})),
    select: (ids) => set({ selection: [...ids] }),
    setActivePanel: (panelId) => set({ activePanelId: panelId }),
    setView: (view) => set((s) => ({ view: { ...s.view, ...view } })),
    setViewport: (viewport) => set((s) => (s.viewport.width === viewport.width && s.viewport.height === viewport.height ? {} : { viewport: { ...viewport } })),
    setClipboard: (clipboard) => set({ clipboard }),
    setEditingText: (id) => set({ editingTextId: id }),
    setSaveStatus: (status) => set({ saveStatus: status }),
    markSaved: (version, revision) =>
      set((s) => (s.revision === revision ? { version, saveStatus: 'saved', dirtyAt: null } : { version, saveStatus: 'dirty' })),
  }));
}

/** Whether `command` would apply to the current document (for enabling buttons without a step). */
export function commandApplies(state: EditorStoreState, command: Command): boolean {
  if (!state.editor) return false;
  try {
    return applyCommand(state.editor.doc, command) !== state.editor.doc;
  } catch {
    return false;
  }
}

import { createStore, type StoreApi } from 'zustand';
import { DEFAULT_ERASE_SCALE, DEFAULT_GENERATE_TEXT } from '@packsmith/contracts';

/** One undoable editing step; the editor decides what a snapshot holds. */
export interface MockupHistoryEntry {
  label: string;
  snapshot: unknown;
}

/** SPEC §3 mockupConfig. */
export interface MockupConfig {
  type: string;
  eraseScale: number;
  isGenerate: boolean;
  isUnEditor: boolean;
  isDownImg: boolean;
  downButtonShow: boolean;
  isCanUpdate: boolean;
  generateText: string;
  lumin_url: string;
  depthData: unknown;
  elementData: unknown;
  uvData: unknown;
  default_design_area: unknown;
  mockup_template_id: string;
  undoList: MockupHistoryEntry[];
  redoList: MockupHistoryEntry[];
  isUseBack: boolean;
}

export interface MockupMaterial {
  id: string;
  material_url: string;
}

/** SPEC §3 provisionalData: what a template choice holds until it is confirmed. */
export interface ProvisionalData {
  photoUrl: string;
  transparentUrl: string;
  uvData: unknown;
  lumin_url: string;
  default_design_area: unknown;
  mockup_template_id: string;
}

export function defaultMockupConfig(): MockupConfig {
  return {
    type: '',
    eraseScale: DEFAULT_ERASE_SCALE,
    isGenerate: false,
    isUnEditor: false,
    isDownImg: false,
    downButtonShow: false,
    isCanUpdate: false,
    generateText: DEFAULT_GENERATE_TEXT,
    lumin_url: '',
    depthData: null,
    elementData: null,
    uvData: null,
    default_design_area: null,
    mockup_template_id: '',
    undoList: [],
    redoList: [],
    isUseBack: false,
  };
}

export function defaultProvisionalData(): ProvisionalData {
  return { photoUrl: '', transparentUrl: '', uvData: null, lumin_url: '', default_design_area: null, mockup_template_id: '' };
}

/** The spec's mockup state (mockupConfig, mockupUserMaterial, provisionalData) and its actions. */
export interface MockupState {
  mockupConfig: MockupConfig;
  mockupUserMaterial: MockupMaterial[];
  provisionalData: ProvisionalData;
}

export interface MockupActions {
  patchConfig(values: Partial<MockupConfig>): void;
  /** Records a step; a new step makes the redo list stale. */
  pushUndo(entry: MockupHistoryEntry): void;
  undo(): MockupHistoryEntry | undefined;
  redo(): MockupHistoryEntry | undefined;
  setMaterials(items: readonly MockupMaterial[]): void;
  addMaterial(item: MockupMaterial): void;
  removeMaterial(id: string): void;
  patchProvisional(values: Partial<ProvisionalData>): void;
  /** SPEC §4: the configuration can be reset to defaults. */
  resetConfig(): void;
  /** Everything back to the defaults (a new chat, SPEC §4). */
  resetMockup(): void;
}

export type MockupStore = MockupState & MockupActions;

export function defaultMockupState(): MockupState {
  return { mockupConfig: defaultMockupConfig(), mockupUserMaterial: [], provisionalData: defaultProvisionalData() };
}

type Set<S> = (partial: Partial<S>) => void;
type Get<S> = () => S;

/**
 * The spec's mockup state as a slice, so a screen's store can hold it beside its own state (the
 * mockup studio makes one store per screen, like the chat and the photo shoot).
 */
export function mockupSlice<S extends MockupStore>(set: Set<S>, get: Get<S>): MockupStore {
  const patch = (values: Partial<MockupState>) => set(values as Partial<S>);
  return {
    ...defaultMockupState(),
    patchConfig: (values) => patch({ mockupConfig: { ...get().mockupConfig, ...values } }),
    pushUndo(entry) {
      const c = get().mockupConfig;
      patch({ mockupConfig: { ...c, undoList: [...c.undoList, entry], redoList: [] } });
    },
    undo() {
      const c = get().mockupConfig;
      const entry = c.undoList[c.undoList.length - 1];
      if (!entry) return undefined;
      patch({ mockupConfig: { ...c, undoList: c.undoList.slice(0, -1), redoList: [...c.redoList, entry] } });
      return entry;
    },
    redo() {
      const c = get().mockupConfig;
      const entry = c.redoList[c.redoList.length - 1];
      if (!entry) return undefined;
      patch({ mockupConfig: { ...c, redoList: c.redoList.slice(0, -1), undoList: [...c.undoList, entry] } });
      return entry;
    },
    setMaterials: (items) => patch({ mockupUserMaterial: [...items] }),
    addMaterial(item) {
      patch({ mockupUserMaterial: [item, ...get().mockupUserMaterial.filter((m) => m.id !== item.id)] });
    },
    removeMaterial: (id) => patch({ mockupUserMaterial: get().mockupUserMaterial.filter((m) => m.id !== id) }),
    patchProvisional: (values) => patch({ provisionalData: { ...get().provisionalData, ...values } }),
    resetConfig: () => patch({ mockupConfig: defaultMockupConfig() }),
    resetMockup: () => patch(defaultMockupState()),
  };
}

/** A store holding only the spec's mockup state. */
export function createMockupStore(): StoreApi<MockupStore> {
  return createStore<MockupStore>()((set, get) => mockupSlice(set, get));
}

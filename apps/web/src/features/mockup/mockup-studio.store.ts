import { createStore, type StoreApi } from 'zustand';
import type { MockupTemplateInfo } from '@packsmith/contracts';
import { cleanImageList } from '../../stores/project.store';
import { defaultMockupConfig, defaultProvisionalData, mockupSlice, type MockupStore } from '../../stores/mockup.store';
import { DEFAULT_EDIT, type MockupEdit, type Placement } from './placement';
import type { DesignChoice, SetupData } from './studio-types';

export type { DesignChoice, DesignSource } from './studio-types';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number; name: string }
  | { kind: 'done'; width: number; height: number; resized: boolean }
  | { kind: 'rejected'; message: string };

/** "Make a mockup from your own photo" (POST /api/mockup/custom). */
export interface CustomState {
  status: 'idle' | 'uploading' | 'running' | 'failed';
  progress: number;
  /** The uploaded photo, kept for "Try again". */
  photoUrl: string | null;
  recordId: string | null;
  /** The server's words when the photo could not become a template. */
  message: string | null;
  /** A template made here that the screen has not opened yet. */
  readyTemplateId: string | null;
}

export interface SnapshotState {
  busy: boolean;
  /** Free accounts: snapshots left today (null: unlimited or not known yet). */
  left: number | null;
  error: string | null;
}

/**
 * One mockup studio screen: the spec's mockupConfig (undo/redo, reset), mockupUserMaterial and
 * provisionalData, and the screen's own state beside them (template, design, placement and material,
 * the runs and their results).
 */
export interface StudioState {
  /** The mockup project this state belongs to (null until the first Generate makes one). */
  projectId: string | null;
  startError: string | null;
  template: MockupTemplateInfo | null;
  design: DesignChoice | null;
  /** The placement and material being edited (the undo history is mockupConfig.undoList/redoList). */
  edit: MockupEdit;
  /** The placement while a gesture or slider is in flight (not a step yet): the live preview follows it. */
  livePlacement: Placement | null;
  designUpload: UploadState;
  resultRecordId: string | null;
  resultError: string | null;
  /** Every image of the project (renders and 3D snapshots), oldest first, no repeats. */
  results: string[];
  /** The template each result was made on, when known (compare shows that template's empty scene). */
  resultTemplates: Record<string, string>;
  /** What each render was asked for, by record id, until its images arrive. */
  runSetups: Record<string, SetupData>;
  /** What made each result, when it was made here ("Save this setup" keeps that, not what is on screen now). */
  resultSetups: Record<string, SetupData>;
  /** The newest run's images, to highlight them. */
  latestRun: string[];
  custom: CustomState;
  snapshot: SnapshotState;
}

export interface StudioActions {
  patch(values: Partial<StudioState>): void;
  patchCustom(values: Partial<CustomState>): void;
  /**
   * A template was chosen: it goes into mockupConfig and provisionalData. Another template than the
   * one before starts the placement and its history afresh (the template's own material).
   */
  setTemplate(info: MockupTemplateInfo): void;
  setDesign(choice: DesignChoice | null): void;
  addResults(urls: readonly string[], templateId?: string | null, setup?: SetupData | null): void;
  /** Back to an empty studio for `projectId` (a new mockup, or another project). */
  reset(projectId?: string | null): void;
}

export type StudioStore = MockupStore & StudioState & StudioActions;
export type StudioStoreApi = StoreApi<StudioStore>;

export function idleCustom(): CustomState {
  return { status: 'idle', progress: 0, photoUrl: null, recordId: null, message: null, readyTemplateId: null };
}

function initial(projectId: string | null = null): StudioState {
  return {
    projectId,
    startError: null,
    template: null,
    design: null,
    edit: DEFAULT_EDIT,
    livePlacement: null,
    designUpload: { kind: 'idle' },
    resultRecordId: null,
    resultError: null,
    results: [],
    resultTemplates: {},
    runSetups: {},
    resultSetups: {},
    latestRun: [],
    custom: idleCustom(),
    snapshot: { busy: false, left: null, error: null },
  };
}

/** The template's fields of SPEC §3 mockupConfig. */
export function templateConfig(info: MockupTemplateInfo) {
  return { mockup_template_id: info.id, default_design_area: info.default_design_area, uvData: info.uv_data, lumin_url: info.lumin_url };
}

export function createStudioStore(): StudioStoreApi {
  return createStore<StudioStore>()((set, get) => ({
    ...mockupSlice<StudioStore>(set, get),
    ...initial(),
    patch: (values) => set(values),
    patchCustom: (values) => set({ custom: { ...get().custom, ...values } }),
    setTemplate(info) {
      const s = get();
      if (s.template?.id === info.id) {
        set({ template: info });
        return;
      }
      const fresh = s.mockupConfig.mockup_template_id !== info.id;
      set({
        template: info,
        edit: fresh ? DEFAULT_EDIT : s.edit,
        mockupConfig: { ...s.mockupConfig, ...templateConfig(info), ...(fresh ? { undoList: [], redoList: [] } : {}) },
        provisionalData: { ...s.provisionalData, ...templateConfig(info), photoUrl: s.design?.url ?? '' },
      });
    },
    setDesign(design) {
      set({ design, provisionalData: { ...get().provisionalData, photoUrl: design?.url ?? '' } });
    },
    addResults(urls, templateId = null, setup = null) {
      const s = get();
      const results = cleanImageList([...s.results, ...urls]);
      if (results.length === s.results.length && !templateId && !setup) return;
      const each = <T>(v: T) => Object.fromEntries(urls.map((u) => [u, v]));
      set({
        results,
        resultTemplates: templateId ? { ...s.resultTemplates, ...each(templateId) } : s.resultTemplates,
        resultSetups: setup ? { ...s.resultSetups, ...each(setup) } : s.resultSetups,
      });
    },
    reset(projectId = null) {
      // The materials are the visitor's, not the project's: they stay.
      set({ ...initial(projectId), mockupConfig: defaultMockupConfig(), provisionalData: defaultProvisionalData() });
    },
  }));
}

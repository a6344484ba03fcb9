import { createStore, type StoreApi } from 'zustand';
import type { ExtractedCoordinates, SceneTemplate } from '@packsmith/contracts';
import type { Back, Box, History, Size } from './placement';

/** SPEC §3 photoShootInfo. */
export interface PhotoShootInfo {
  photoUrl: string;
  transparentUrl: string;
  backgroundUrl: string;
  recommend_background: string[];
  mockupUrl: string;
  mockBackgroundUrl: string;
  temporarilyUrl: string;
}

/** SPEC §3 background placement, in pixels of the 1024 placement canvas. */
export interface BackgroundPlacement {
  imgW: number;
  imgH: number;
  left: number;
  top: number;
  originW: number;
  originH: number;
  backW: number;
  backH: number;
  rotation: number;
}

/** A scene the product can be placed on: a curated template, or a background the visitor uploaded. */
export interface Scene {
  url: string;
  thumbnailUrl: string;
  name: string;
  /** Known before the image loads for templates; read from the image otherwise. */
  size: Size | null;
  /** 0–1 from the top: where a standing product touches the floor. */
  floorY: number;
  template: SceneTemplate | null;
}

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number; name: string }
  | { kind: 'done'; width: number; height: number; resized: boolean }
  | { kind: 'rejected'; message: string };

/** The placement being edited: its undo history and the sizes it was made for. */
export interface PlacementEdit {
  sceneUrl: string;
  back: Back;
  cutout: Size;
  history: History<Box>;
}

/**
 * One photo shoot: the spec's photoShootInfo, placement and loading flag, and the screen's own state
 * beside them (the flow's progress and errors, the scenes known by url, the placement's edit history).
 */
export interface ShootState {
  /** The project this state belongs to. */
  projectId: string | null;
  photoShootInfo: PhotoShootInfo;
  placement: BackgroundPlacement;
  /** Upload or cut-out in progress. */
  isCutting: boolean;
  /** Starting the shoot (project, room, hello) failed, with a message a person reads. */
  startError: string | null;
  upload: UploadState;
  /** The photo as picked, shown while it uploads (an object URL). */
  localPreview: string | null;
  cutRecordId: string | null;
  cutError: string | null;
  coordinates: ExtractedCoordinates | null;
  scenes: Record<string, Scene>;
  /** Urls of the recommended scenes, best first. */
  recommended: string[];
  placementEdit: PlacementEdit | null;
  shootRecordId: string | null;
  /** A composite run that failed, with what to say. */
  shootError: string | null;
  /** The newest run's images, to highlight them. */
  latestRun: string[];
}

export interface ShootActions {
  patch(values: Partial<ShootState>): void;
  patchInfo(values: Partial<PhotoShootInfo>): void;
  setPlacement(values: Partial<BackgroundPlacement>): void;
  setCutting(value: boolean): void;
  /** A cut-out arrived: loading ends and the transparent image is set (SPEC §4). */
  receiveCutout(transparentUrl: string): void;
  /** The first recommendation becomes the background when none is chosen yet (SPEC §4). */
  receiveRecommendations(urls: readonly string[]): void;
  addScenes(scenes: readonly Scene[]): void;
  reset(projectId?: string | null): void;
}

export type ShootStore = ShootState & ShootActions;
export type ShootStoreApi = StoreApi<ShootStore>;

export function defaultPhotoShootInfo(): PhotoShootInfo {
  return { photoUrl: '', transparentUrl: '', backgroundUrl: '', recommend_background: [], mockupUrl: '', mockBackgroundUrl: '', temporarilyUrl: '' };
}

export function defaultPlacement(): BackgroundPlacement {
  return { imgW: 0, imgH: 0, left: 0, top: 0, originW: 0, originH: 0, backW: 0, backH: 0, rotation: 0 };
}

export function sceneOfTemplate(t: SceneTemplate): Scene {
  return {
    url: t.image_url,
    thumbnailUrl: t.thumbnail_url || t.image_url,
    name: t.name,
    size: t.width > 0 && t.height > 0 ? { width: t.width, height: t.height } : null,
    floorY: t.floor_y,
    template: t,
  };
}

function initial(projectId: string | null = null): ShootState {
  return {
    projectId,
    photoShootInfo: defaultPhotoShootInfo(),
    placement: defaultPlacement(),
    isCutting: false,
    startError: null,
    upload: { kind: 'idle' },
    localPreview: null,
    cutRecordId: null,
    cutError: null,
    coordinates: null,
    scenes: {},
    recommended: [],
    placementEdit: null,
    shootRecordId: null,
    shootError: null,
    latestRun: [],
  };
}

/** The state of one photo shoot screen. */
export function createShootStore(): ShootStoreApi {
  return createStore<ShootStore>()((set, get) => ({
    ...initial(),
    patch: (values) => set(values),
    patchInfo: (values) => set({ photoShootInfo: { ...get().photoShootInfo, ...values } }),
    setPlacement: (values) => set({ placement: { ...get().placement, ...values } }),
    setCutting: (isCutting) => set({ isCutting }),
    receiveCutout(transparentUrl) {
      set({ isCutting: false, photoShootInfo: { ...get().photoShootInfo, transparentUrl } });
    },
    receiveRecommendations(urls) {
      const info = get().photoShootInfo;
      const first = urls[0];
      set({
        photoShootInfo: {
          ...info,
          recommend_background: [...urls],
          backgroundUrl: info.backgroundUrl === '' && first !== undefined ? first : info.backgroundUrl,
        },
      });
    },
    addScenes(scenes) {
      if (scenes.length === 0) return;
      const next = { ...get().scenes };
      // A curated template knows more than a bare url: it wins over what was guessed before.
      for (const s of scenes) if (!next[s.url] || (s.template && !next[s.url]?.template)) next[s.url] = s;
      set({ scenes: next });
    },
    reset(projectId = null) {
      const preview = get().localPreview;
      if (preview) URL.revokeObjectURL(preview);
      set(initial(projectId));
    },
  }));
}

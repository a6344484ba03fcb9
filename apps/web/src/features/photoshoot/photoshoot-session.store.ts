import { create } from 'zustand';
import type { ExtractedCoordinates, SceneTemplate } from '@packsmith/contracts';
import type { Back, Box, History, Size } from './placement';

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
 * The photo shoot screen's own state, beside the spec's stores (photoShootInfo, placement and the
 * client project state): the flow's progress and errors, the scenes known by url, the edit history.
 */
export interface PhotoshootSessionState {
  /** The project this state belongs to. */
  projectId: string | null;
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
  placement: PlacementEdit | null;
  shootRecordId: string | null;
  /** A composite run that failed, with what to say. */
  shootError: string | null;
  /** The newest run's images, to highlight them. */
  latestRun: string[];
  patch(values: Partial<Omit<PhotoshootSessionState, 'patch' | 'reset' | 'addScenes'>>): void;
  addScenes(scenes: readonly Scene[]): void;
  reset(projectId?: string | null): void;
}

type Data = Omit<PhotoshootSessionState, 'patch' | 'reset' | 'addScenes'>;

function initial(projectId: string | null = null): Data {
  return {
    projectId,
    startError: null,
    upload: { kind: 'idle' },
    localPreview: null,
    cutRecordId: null,
    cutError: null,
    coordinates: null,
    scenes: {},
    recommended: [],
    placement: null,
    shootRecordId: null,
    shootError: null,
    latestRun: [],
  };
}

export function sceneOfTemplate(t: SceneTemplate): Scene {
  return { url: t.image_url, thumbnailUrl: t.thumbnail_url || t.image_url, name: t.name, size: t.width > 0 && t.height > 0 ? { width: t.width, height: t.height } : null, floorY: t.floor_y, template: t };
}

export const usePhotoshootSession = create<PhotoshootSessionState>()((set, get) => ({
  ...initial(),
  patch: (values) => set(values),
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

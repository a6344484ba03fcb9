import { create } from 'zustand';

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

export function defaultPhotoShootInfo(): PhotoShootInfo {
  return { photoUrl: '', transparentUrl: '', backgroundUrl: '', recommend_background: [], mockupUrl: '', mockBackgroundUrl: '', temporarilyUrl: '' };
}

export function defaultPlacement(): BackgroundPlacement {
  return { imgW: 0, imgH: 0, left: 0, top: 0, originW: 0, originH: 0, backW: 0, backH: 0, rotation: 0 };
}

export interface PhotoShootStore {
  photoShootInfo: PhotoShootInfo;
  placement: BackgroundPlacement;
  /** Upload or cut-out in progress. */
  isCutting: boolean;
  patchInfo(values: Partial<PhotoShootInfo>): void;
  setPlacement(values: Partial<BackgroundPlacement>): void;
  setCutting(value: boolean): void;
  /** A cut-out arrived: loading ends and the transparent image is set (SPEC §4). */
  receiveCutout(transparentUrl: string): void;
  /** The first recommendation becomes the background when none is chosen yet (SPEC §4). */
  receiveRecommendations(urls: readonly string[]): void;
  reset(): void;
}

export const usePhotoShootStore = create<PhotoShootStore>()((set, get) => ({
  photoShootInfo: defaultPhotoShootInfo(),
  placement: defaultPlacement(),
  isCutting: false,
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
  reset: () => set({ photoShootInfo: defaultPhotoShootInfo(), placement: defaultPlacement(), isCutting: false }),
}));

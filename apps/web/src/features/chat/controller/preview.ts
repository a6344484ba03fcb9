import { useUiStore } from '../../../stores/ui.store';
import type { ChatStoreApi } from '../chat.store';

/** The chat's full-screen preview (the imageSwiper flag shows it). */
export interface Preview {
  openPreview(images: readonly string[], index: number): void;
  closePreview(): void;
  movePreview(delta: number): void;
}

export function createPreview(store: ChatStoreApi): Preview {
  const state = () => store.getState();
  return {
    openPreview(images, index) {
      if (images.length === 0) return;
      state().patch({ preview: { images: [...images], index: Math.min(Math.max(index, 0), images.length - 1) } });
      useUiStore.getState().open('imageSwiper');
    },
    closePreview() {
      useUiStore.getState().close('imageSwiper');
      state().patch({ preview: null });
    },
    movePreview(delta) {
      const p = state().preview;
      if (!p) return;
      state().patch({ preview: { ...p, index: (p.index + delta + p.images.length) % p.images.length } });
    },
  };
}

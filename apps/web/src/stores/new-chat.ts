import { useChatStore } from './chat.store';
import { useMockupStore } from './mockup.store';
import { usePhotoShootStore } from './photo-shoot.store';
import { usePricingStore } from './pricing.store';
import { useProjectStore } from './project.store';

/** SPEC §4: starting a new chat resets all project, photo, mockup and chat state, as one step. */
export function startNewChat(): void {
  useProjectStore.getState().reset();
  usePhotoShootStore.getState().reset();
  useMockupStore.getState().reset();
  usePricingStore.getState().reset();
  useChatStore.getState().reset();
}

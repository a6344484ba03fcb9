import { useMockupStore } from './mockup.store';
import { usePricingStore } from './pricing.store';
import { useProjectStore } from './project.store';

/**
 * SPEC §4: starting a new chat resets all project, photo, mockup and chat state, as one step. This is
 * the app-wide part; the chat and photo shoot state belong to their screens, which reset their own.
 */
export function startNewChat(): void {
  useProjectStore.getState().reset();
  useMockupStore.getState().reset();
  usePricingStore.getState().reset();
}

import { usePricingStore } from './pricing.store';
import { useProjectStore } from './project.store';

/**
 * SPEC §4: starting a new chat resets all project, photo, mockup and chat state, as one step. This is
 * the app-wide part; the chat, photo shoot and mockup state belong to their screens, which reset their own
 * (and the store keeper forgets what closed screens kept).
 */
export function startNewChat(): void {
  useProjectStore.getState().reset();
  usePricingStore.getState().reset();
}

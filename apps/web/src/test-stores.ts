import { useProjectStore } from './stores/project.store';
import { useSessionStore } from './stores/session.store';
import { useUiStore } from './stores/ui.store';

/**
 * Test-only: every app-wide client store back to its defaults and an empty local storage, signed in
 * as a guest with token `tok` (what the chat and photo shoot tests start from). Chat and photo shoot
 * state belong to the controllers a test makes, so a new one starts empty.
 */
export function resetClientState(): void {
  localStorage.clear();
  useSessionStore.getState().reset();
  useSessionStore.getState().setToken('tok', 'guest');
  useProjectStore.getState().reset();
  useUiStore.getState().reset();
}

import { useChatSession } from './features/chat/chat-session.store';
import { usePhotoshootSession } from './features/photoshoot/photoshoot-session.store';
import { useChatStore } from './stores/chat.store';
import { useHistoryStore } from './stores/history.store';
import { usePhotoShootStore } from './stores/photo-shoot.store';
import { useProjectStore } from './stores/project.store';
import { useSessionStore } from './stores/session.store';
import { useUiStore } from './stores/ui.store';

/**
 * Test-only: every client store back to its defaults and an empty local storage, signed in as a
 * guest with token `tok` (what the chat and photo shoot tests start from).
 */
export function resetClientState(): void {
  localStorage.clear();
  useSessionStore.getState().reset();
  useSessionStore.getState().setToken('tok', 'guest');
  useChatStore.getState().reset();
  useProjectStore.getState().reset();
  usePhotoShootStore.getState().reset();
  useChatSession.getState().reset();
  useHistoryStore.getState().reset();
  useUiStore.getState().reset();
  usePhotoshootSession.getState().reset();
}

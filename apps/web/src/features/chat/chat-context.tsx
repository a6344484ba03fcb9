import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useKeptStore, useStoreKeeper, type KeepSlot } from '../../stores/store-keeper';
import { createChatController, type ChatController } from './chat-controller';
import { createChatStore, type ChatStore, type ChatStoreApi } from './chat.store';

/** The design chat page and a design chat opened from /chat: one chat, kept for a return. */
export const PAGE_CHAT: KeepSlot<ChatStoreApi> = { name: 'page-chat' };
/** The chat drawer of /chat (photo shoot, mockup, quotation projects). */
export const DRAWER_CHAT: KeepSlot<ChatStoreApi> = { name: 'drawer-chat' };
/** The photo shoot screen's chat. */
export const SHOOT_CHAT: KeepSlot<ChatStoreApi> = { name: 'shoot-chat' };

const ChatContext = createContext<ChatController | null>(null);

/** Shows a chat controller made elsewhere (tests; a screen that owns it) to what is inside. */
export function ChatControllerProvider({ controller, children }: { controller: ChatController; children: ReactNode }) {
  return <ChatContext.Provider value={controller}>{children}</ChatContext.Provider>;
}

interface ChatProviderProps {
  /** Where the chat's state is kept while the screen is closed; none: it goes with the screen. */
  keepAs?: KeepSlot<ChatStoreApi>;
  /** The project the screen opens with (a kept chat is reused only for the same project). */
  projectId?: string | null;
  children: ReactNode;
}

/**
 * One chat for what is inside: its controller is made when the screen or drawer mounts and disposed
 * when it unmounts (room left, polls stopped, socket handlers removed; queued like presses still sent).
 */
export function ChatProvider({ keepAs, projectId = null, children }: ChatProviderProps) {
  const keeper = useStoreKeeper();
  const store = useKeptStore(keepAs, projectId, createChatStore);
  const [controller] = useState(() => createChatController({ store, onNewChat: () => keeper?.clear() }));
  useEffect(() => () => controller.dispose(), [controller]);
  return <ChatContext.Provider value={controller}>{children}</ChatContext.Provider>;
}

export function useChatController(): ChatController {
  const controller = useContext(ChatContext);
  if (!controller) throw new Error('useChatController is used outside a ChatProvider.');
  return controller;
}

/** A value of the surrounding chat's state; the component re-renders when it changes. */
export function useChatState<T>(selector: (state: ChatStore) => T): T {
  return useStore(useChatController().store, selector);
}

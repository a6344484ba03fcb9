import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useKeptStore, type KeepSlot } from '../../stores/store-keeper';
import type { ChatStoreApi } from '../chat/chat.store';
import { useChatController } from '../chat/chat-context';
import { createMockupController, type MockupController } from './mockup-controller';
import { createStudioStore, type StudioStore, type StudioStoreApi } from './mockup-studio.store';

/** The mockup studio's chat, kept for a return. */
export const MOCKUP_CHAT: KeepSlot<ChatStoreApi> = { name: 'mockup-chat' };
/** The mockup studio's own state, kept for a return. */
export const MOCKUP_STUDIO: KeepSlot<StudioStoreApi> = { name: 'mockup-studio' };

const MockupContext = createContext<MockupController | null>(null);

/** Shows a mockup controller made elsewhere (tests) to what is inside. */
export function MockupControllerProvider({ controller, children }: { controller: MockupController; children: ReactNode }) {
  return <MockupContext.Provider value={controller}>{children}</MockupContext.Provider>;
}

/** One mockup studio, run through the surrounding chat; made on mount, disposed on unmount. */
export function MockupProvider({ keepAs, projectId = null, children }: { keepAs?: KeepSlot<StudioStoreApi>; projectId?: string | null; children: ReactNode }) {
  const chat = useChatController();
  const store = useKeptStore(keepAs, projectId, createStudioStore);
  const [controller] = useState(() => createMockupController({ chat, store }));
  useEffect(() => () => controller.dispose(), [controller]);
  return <MockupContext.Provider value={controller}>{children}</MockupContext.Provider>;
}

export function useMockupController(): MockupController {
  const controller = useContext(MockupContext);
  if (!controller) throw new Error('useMockupController is used outside a MockupProvider.');
  return controller;
}

export function useStudioState<T>(selector: (state: StudioStore) => T): T {
  return useStore(useMockupController().store, selector);
}

const noSubscription = () => () => undefined;

/** Like useStudioState, with `fallback` where no studio is around (a mockup chat in /chat's drawer); keep it a constant. */
export function useOptionalStudioState<T>(selector: (state: StudioStore) => T, fallback: T): T {
  const controller = useContext(MockupContext);
  return useSyncExternalStore(controller ? controller.store.subscribe : noSubscription, () => (controller ? selector(controller.store.getState()) : fallback));
}

export function useOptionalMockupController(): MockupController | null {
  return useContext(MockupContext);
}

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useKeptStore, type KeepSlot } from '../../stores/store-keeper';
import { useChatController } from '../chat/chat-context';
import { createShootController, type ShootController } from './photoshoot-controller';
import { createShootStore, type ShootStore, type ShootStoreApi } from './photoshoot.store';

/** The photo shoot screen's own state, kept for a return. */
export const SHOOT: KeepSlot<ShootStoreApi> = { name: 'shoot' };

const ShootContext = createContext<ShootController | null>(null);

/** Shows a photo shoot controller made elsewhere (tests) to what is inside. */
export function ShootControllerProvider({ controller, children }: { controller: ShootController; children: ReactNode }) {
  return <ShootContext.Provider value={controller}>{children}</ShootContext.Provider>;
}

/** One photo shoot, run through the surrounding chat; made on mount, disposed on unmount. */
export function ShootProvider({ keepAs, projectId = null, children }: { keepAs?: KeepSlot<ShootStoreApi>; projectId?: string | null; children: ReactNode }) {
  const chat = useChatController();
  const store = useKeptStore(keepAs, projectId, createShootStore);
  const [controller] = useState(() => createShootController({ chat, store }));
  useEffect(() => () => controller.dispose(), [controller]);
  return <ShootContext.Provider value={controller}>{children}</ShootContext.Provider>;
}

export function useShootController(): ShootController {
  const controller = useContext(ShootContext);
  if (!controller) throw new Error('useShootController is used outside a ShootProvider.');
  return controller;
}

/** The photo shoot around this component, if there is one (a photo shoot chat in /chat's drawer has none). */
export function useOptionalShootController(): ShootController | null {
  return useContext(ShootContext);
}

export function useShootState<T>(selector: (state: ShootStore) => T): T {
  return useStore(useShootController().store, selector);
}

const noSubscription = () => () => undefined;

/** Like useShootState, with `fallback` where no photo shoot is around (keep it a constant). */
export function useOptionalShootState<T>(selector: (state: ShootStore) => T, fallback: T): T {
  const controller = useContext(ShootContext);
  return useSyncExternalStore(controller ? controller.store.subscribe : noSubscription, () => (controller ? selector(controller.store.getState()) : fallback));
}

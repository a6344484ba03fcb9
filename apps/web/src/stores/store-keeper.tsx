import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
/** A store that belongs to one project at a time. */
interface ProjectStore {
  getState(): { projectId: string | null };
}

/** Where a kind of screen keeps its store while it is closed; one store per slot. */
export interface KeepSlot<T extends ProjectStore> {
  readonly name: string;
  /** Only names the type of the stores kept in the slot. */
  readonly kind?: T;
}

/**
 * Stores of closed screens, kept for the visit: reopening a screen on the same project shows what it
 * showed while the server is asked again. One per app (its root), so screens keep nothing at module level.
 */
export interface StoreKeeper {
  find<T extends ProjectStore>(slot: KeepSlot<T>, projectId: string): T | undefined;
  keep<T extends ProjectStore>(slot: KeepSlot<T>, store: T): void;
  /** Forgets every kept store (a new chat resets all state, SPEC §4). */
  clear(): void;
}

export function createStoreKeeper(): StoreKeeper {
  const kept = new Map<string, ProjectStore>();
  return {
    find<T extends ProjectStore>(slot: KeepSlot<T>, projectId: string): T | undefined {
      const store = kept.get(slot.name);
      // Only keep() writes a slot, with the slot's own store type.
      return store && store.getState().projectId === projectId ? (store as T) : undefined;
    },
    keep(slot, store) {
      kept.set(slot.name, store);
    },
    clear() {
      kept.clear();
    },
  };
}

const KeeperContext = createContext<StoreKeeper | null>(null);

export function StoreKeeperProvider({ children }: { children: ReactNode }) {
  const [keeper] = useState(createStoreKeeper);
  return <KeeperContext.Provider value={keeper}>{children}</KeeperContext.Provider>;
}

/** The app's keeper; null outside one (a screen rendered on its own keeps nothing). */
export function useStoreKeeper(): StoreKeeper | null {
  return useContext(KeeperContext);
}

/**
 * The store of a screen: the one kept in `slot` when it belongs to `projectId`, else a new one. When the
 * screen closes, its store is kept in the slot. Without a slot the store lives and dies with the screen.
 */
export function useKeptStore<T extends ProjectStore>(slot: KeepSlot<T> | undefined, projectId: string | null, create: () => T): T {
  const keeper = useStoreKeeper();
  const [store] = useState(() => (slot && keeper && projectId !== null ? keeper.find(slot, projectId) : undefined) ?? create());
  useEffect(() => {
    if (!slot || !keeper) return;
    return () => keeper.keep(slot, store);
  }, [keeper, slot, store]);
  return store;
}

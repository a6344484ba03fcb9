import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ImageToolsController } from './image-tools-controller';
import type { ImageToolsStore } from './image-tools.store';

const ImageToolsContext = createContext<ImageToolsController | null>(null);

export function ImageToolsProvider({ controller, children }: { controller: ImageToolsController; children: ReactNode }) {
  return <ImageToolsContext.Provider value={controller}>{children}</ImageToolsContext.Provider>;
}

export function useImageToolsController(): ImageToolsController {
  const controller = useContext(ImageToolsContext);
  if (!controller) throw new Error('useImageToolsController is used outside an ImageToolsProvider.');
  return controller;
}

export function useImageTools<T>(selector: (state: ImageToolsStore) => T): T {
  return useStore(useImageToolsController().store, selector);
}

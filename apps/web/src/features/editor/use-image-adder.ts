import { useState } from 'react';
import { prepareImage, uploadPrepared } from '../../api/upload';
import { useUiStore } from '../../stores/ui.store';
import { addLayer, targetPanel } from './editor-actions';
import type { EditorStore } from './editor.store';
import { newImageLayer } from './layer-factory';

/** An image's natural size, read by loading it. */
export function naturalSizeOf(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The image could not be read.'));
    img.src = url;
  });
}

/**
 * Adding pictures as image layers of the active panel: a file from the computer (picked or dropped:
 * SPEC §5's checks and resize, then uploaded, so the document holds a /files URL, never the bytes),
 * or an image already stored (my materials, my designs).
 */
export function useImageAdder(store: EditorStore) {
  const [busy, setBusy] = useState(false);
  const showMessage = useUiStore((s) => s.showMessage);

  const run = async (make: () => Promise<{ url: string; natural: { width: number; height: number }; name: string }>) => {
    const panel = targetPanel(store);
    if (!panel) return false;
    setBusy(true);
    try {
      const { url, natural, name } = await make();
      return addLayer(store, newImageLayer(panel, url, natural, name), 'Add image');
    } catch (e) {
      showMessage(e instanceof Error ? e.message : 'The image could not be added.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    addFile: (file: File) =>
      run(async () => {
        const prepared = await prepareImage(file);
        const uploaded = await uploadPrepared(prepared);
        return { url: uploaded.url, natural: { width: prepared.width, height: prepared.height }, name: file.name.replace(/\.[a-z0-9]+$/i, '') };
      }),
    addStored: (url: string, name: string) => run(async () => ({ url, natural: await naturalSizeOf(url), name })),
  };
}

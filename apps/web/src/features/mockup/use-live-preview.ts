import { useEffect, useState } from 'react';
import type { MockupTemplateInfo } from '@packsmith/contracts';
import { decodeMaps, type PreviewImage, type PreviewMaps } from './live-preview';

/** The preview's longest side in pixels (the stage is drawn at most ~34rem wide, twice that on sharp screens). */
export const PREVIEW_SIDE = 1024;
/** Design images are sampled at most this large in the preview. */
const DESIGN_SIDE = 1024;

function canDecode(): boolean {
  return typeof createImageBitmap === 'function' && typeof document !== 'undefined' && typeof fetch === 'function';
}

async function bitmapOf(url: string, asData: boolean, signal: AbortSignal): Promise<ImageBitmap> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return createImageBitmap(await res.blob(), asData ? { colorSpaceConversion: 'none', premultiplyAlpha: 'none' } : {});
}

/** A bitmap as RGBA at `width` × `height`; maps are read as stored (nearest sampling), pictures smoothed. Closes the bitmap. */
function draw(bitmap: ImageBitmap, width: number, height: number, asData: boolean): Uint8ClampedArray {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D canvas');
    ctx.imageSmoothingEnabled = !asData;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height).data;
  } finally {
    bitmap.close();
  }
}

export function previewSize(template: Pick<MockupTemplateInfo, 'uv_data'>): { width: number; height: number } {
  const { width, height } = template.uv_data;
  const scale = Math.min(1, PREVIEW_SIDE / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The template's scene and maps at preview size; null while loading, or when this browser cannot read them. */
export function usePreviewMaps(template: MockupTemplateInfo): { maps: PreviewMaps | null; failed: boolean } {
  const [state, setState] = useState<{ id: string; maps: PreviewMaps | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!canDecode()) return;
    const abort = new AbortController();
    const { width, height } = previewSize(template);
    const read = async (url: string, asData: boolean) => draw(await bitmapOf(url, asData, abort.signal), width, height, asData);
    Promise.all([read(template.scene_url, false), read(template.uv_data.surface_url, true), read(template.uv_data.url, true), read(template.lumin_url, true)])
      .then(([scene, surface, uv, light]) => setState({ id: template.id, maps: decodeMaps(width, height, scene, surface, uv, light), failed: false }))
      .catch(() => {
        if (!abort.signal.aborted) setState({ id: template.id, maps: null, failed: true });
      });
    return () => abort.abort();
  }, [template]);
  return state && state.id === template.id ? { maps: state.maps, failed: state.failed } : { maps: null, failed: false };
}

/** Design images (faces) as pixels, keyed by URL; each is read once. */
export function usePreviewImages(urls: readonly string[]): Record<string, PreviewImage> {
  const [images, setImages] = useState<Record<string, PreviewImage>>({});
  const key = [...new Set(urls)].sort().join('\n');
  useEffect(() => {
    if (!canDecode() || key === '') return;
    const abort = new AbortController();
    for (const url of key.split('\n')) {
      void (async () => {
        try {
          const bitmap = await bitmapOf(url, false, abort.signal);
          const scale = Math.min(1, DESIGN_SIDE / Math.max(bitmap.width, bitmap.height));
          const width = Math.max(1, Math.round(bitmap.width * scale));
          const height = Math.max(1, Math.round(bitmap.height * scale));
          const rgba = draw(bitmap, width, height, false);
          setImages((all) => (all[url] ? all : { ...all, [url]: { rgba, width, height } }));
        } catch {
          // The preview leaves that surface blank; the render is not affected.
        }
      })();
    }
    return () => abort.abort();
  }, [key]);
  return images;
}

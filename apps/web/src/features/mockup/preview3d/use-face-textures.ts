import { useEffect, useState } from 'react';
import { ClampToEdgeWrapping, ImageBitmapLoader, LinearMipmapLinearFilter, SRGBColorSpace, Texture, TextureLoader } from 'three';

export interface FaceTextures {
  /** 'loading' until every URL has loaded or failed. */
  readonly status: 'loading' | 'ready';
  readonly textures: ReadonlyMap<string, Texture>;
  /** URLs that could not be loaded (their parts show the background colour). */
  readonly failed: readonly string[];
}

/** One empty map for every "nothing loaded yet": materials built on it are not rebuilt while loading. */
const NONE: ReadonlyMap<string, Texture> = new Map();
const EMPTY: FaceTextures = { status: 'ready', textures: NONE, failed: [] };
const LOADING: FaceTextures = { status: 'loading', textures: NONE, failed: [] };

/**
 * One face image as a texture. Decoded off the main thread into an ImageBitmap (the page stays
 * responsive, and the upload is cheaper); where fetch is refused (a CSP without that origin in
 * connect-src, an old browser) an <img> does it instead.
 */
function loadTexture(url: string): Promise<Texture> {
  const viaImage = () => new TextureLoader().setCrossOrigin('anonymous').loadAsync(url);
  // Images made in the page (the editor's faces are blob: URLs) load as images: the CSP's img-src
  // allows blob: and data:, its connect-src (which fetch needs) does not, and need not.
  if (typeof createImageBitmap !== 'function' || /^(blob|data):/.test(url)) return viaImage();
  const loader = new ImageBitmapLoader().setCrossOrigin('anonymous');
  // No flip: our uv has v = 0 at the top of the image. Colours as drawn: no premultiply, no colour conversion.
  loader.setOptions({ imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  return loader.loadAsync(url).then(
    (bitmap) => {
      const t = new Texture(bitmap);
      // Closes the bitmap with the texture.
      t.addEventListener('dispose', () => bitmap.close());
      return t;
    },
    () => viaImage(),
  );
}

/**
 * Loads the design's face images as sRGB textures (uv v = 0 at the top, so no flip; mipmapped;
 * the scene sets anisotropy for its renderer). Started as soon as the preview mounts, while
 * the renderer starts. Images from another origin (a bucket, a CDN) are requested with CORS so WebGL
 * may read them. Textures are disposed when the URLs change or the preview goes away.
 */
export function useFaceTextures(urls: readonly string[]): FaceTextures {
  const key = urls.join('\n');
  const [state, setState] = useState<{ key: string; value: FaceTextures }>({ key: '', value: EMPTY });
  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    let cancelled = false;
    const loaded = new Map<string, Texture>();
    const failed: string[] = [];
    if (list.length === 0) {
      setState({ key, value: EMPTY });
      return;
    }
    setState({ key, value: LOADING });
    let pending = list.length;
    const settle = () => {
      pending--;
      if (cancelled || pending > 0) return;
      setState({ key, value: { status: 'ready', textures: new Map(loaded), failed: [...failed] } });
    };
    for (const url of list) {
      loadTexture(url).then(
        (texture) => {
          if (cancelled) {
            texture.dispose();
            return;
          }
          texture.colorSpace = SRGBColorSpace;
          texture.flipY = false;
          texture.minFilter = LinearMipmapLinearFilter;
          texture.wrapS = ClampToEdgeWrapping;
          texture.wrapT = ClampToEdgeWrapping;
          texture.needsUpdate = true;
          loaded.set(url, texture);
          settle();
        },
        () => {
          failed.push(url);
          settle();
        },
      );
    }
    return () => {
      cancelled = true;
      for (const t of loaded.values()) t.dispose();
    };
  }, [key]);
  return state.key === key ? state.value : key === '' ? EMPTY : LOADING;
}

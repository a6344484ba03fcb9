import { useEffect, useState } from 'react';
import type { Size } from './placement';

/**
 * The natural size of an image once it has loaded; until then `known` (a template's stated size,
 * the cut-out's crop size from extracted_coordinates), or null.
 */
export function useImageSize(url: string | null, known: Size | null = null): Size | null {
  const [loaded, setLoaded] = useState<{ url: string; size: Size } | null>(null);
  useEffect(() => {
    if (!url || typeof Image === 'undefined') return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      if (live && img.naturalWidth > 0 && img.naturalHeight > 0) setLoaded({ url, size: { width: img.naturalWidth, height: img.naturalHeight } });
    };
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  if (loaded && loaded.url === url) return loaded.size;
  return known;
}

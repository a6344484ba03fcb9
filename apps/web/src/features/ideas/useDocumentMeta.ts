import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Absolute or site-relative URL of the page's share image (og:image). */
  image?: string | null;
}

/** Sets (or creates) one <meta> element; returns how to put back what was there. */
function setMeta(attr: 'name' | 'property', key: string, value: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const before = el?.getAttribute('content') ?? null;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', value);
  const node = el;
  return () => {
    if (created) node.remove();
    else if (before !== null) node.setAttribute('content', before);
  };
}

const absolute = (url: string) => {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
};

/**
 * The page's title, description and Open Graph tags while a screen is shown; the previous values
 * come back when it goes, so the next screen starts from the app's defaults. (Crawlers that run no
 * script get the same tags from the server for idea pages: apps/server/src/http/seo-meta.ts.)
 */
export function useDocumentMeta(meta: DocumentMeta | null) {
  const title = meta?.title;
  const description = meta?.description;
  const image = meta?.image;
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    document.title = title;
    const undo: (() => void)[] = [setMeta('property', 'og:title', title), setMeta('property', 'og:url', window.location.href)];
    if (description) {
      undo.push(setMeta('name', 'description', description), setMeta('property', 'og:description', description));
    }
    if (image) undo.push(setMeta('property', 'og:image', absolute(image)));
    return () => {
      document.title = previousTitle;
      undo.reverse().forEach((u) => u());
    };
  }, [title, description, image]);
}

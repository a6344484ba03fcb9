const RELATIVE_BASE = 'http://relative.invalid';

/**
 * Where a social sign-in may send the browser back to: a path on our own site. Absolute URLs are
 * accepted only on `ownOrigin` (the origin the provider calls back to), never another site — the
 * token travels in the query string, so an open redirect would hand it to a stranger.
 * Returns the path (+ query + hash) or null when refused.
 */
export function safeRedirectPath(raw: string, ownOrigin: string): string | null {
  const value = raw.trim() || '/';
  // Browsers read "\" as "/", which turns "/\evil.example" into a protocol-relative URL.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  let url: URL;
  if (value.startsWith('/') && !value.startsWith('//')) {
    url = new URL(value, RELATIVE_BASE);
    if (url.origin !== RELATIVE_BASE) return null;
  } else {
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== ownOrigin) return null;
  }
  return url.pathname + url.search + url.hash;
}

/** `path` with `key=value` added to its query, keeping any query and hash it has. */
export function withQueryParam(path: string, key: string, value: string): string {
  const url = new URL(path, RELATIVE_BASE);
  url.searchParams.set(key, value);
  return url.pathname + url.search + url.hash;
}

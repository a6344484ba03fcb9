import { ROUTES, STICKY_QUERY_KEYS, type RouteName } from '@packsmith/contracts';

export type StickyQuery = Partial<Record<(typeof STICKY_QUERY_KEYS)[number], string>>;

/** The ref and utm_source values of a query string (SPEC §2: links keep them). */
export function stickyQuery(search: string): StickyQuery {
  const params = new URLSearchParams(search);
  const out: StickyQuery = {};
  for (const key of STICKY_QUERY_KEYS) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out;
}

/**
 * Adds the current ref/utm_source to an internal link. Values the link sets itself win; external
 * links and hash-only links are left alone.
 */
export function withStickyQuery(to: string, currentSearch: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//') || to.startsWith('#')) return to;
  const sticky = stickyQuery(currentSearch);
  if (Object.keys(sticky).length === 0) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const qAt = beforeHash.indexOf('?');
  const pathname = qAt >= 0 ? beforeHash.slice(0, qAt) : beforeHash;
  const params = new URLSearchParams(qAt >= 0 ? beforeHash.slice(qAt + 1) : '');
  for (const [key, value] of Object.entries(sticky)) {
    if (!params.has(key)) params.set(key, value);
  }
  return `${pathname}?${params.toString()}${hash}`;
}

/**
 * SPEC §2: a `token` query parameter is the session token. Returns it and the same URL without it
 * (so it does not stay in the address bar, history or a shared link), or null when there is none.
 */
export function takeTokenParam(url: URL): { token: string; cleanPath: string } | null {
  const token = url.searchParams.get('token');
  if (!token) return null;
  const params = new URLSearchParams(url.search);
  params.delete('token');
  const q = params.toString();
  return { token, cleanPath: `${url.pathname}${q ? `?${q}` : ''}${url.hash}` };
}

/** SPEC §2: /my_project waits for a session even when a token is stored. */
export function requiresSession(pathname: string): boolean {
  return pathname === '/my_project' || pathname.startsWith('/my_project/');
}

/** SPEC §2: origin=wiki opens the login dialog for visitors who are not signed in. */
export function wantsLoginPrompt(search: string): boolean {
  return new URLSearchParams(search).get('origin') === 'wiki';
}

const byName = new Map<string, (typeof ROUTES)[number]>(ROUTES.map((r) => [r.name, r]));

export function routeDef(name: RouteName): (typeof ROUTES)[number] | undefined {
  return byName.get(name);
}

/** The link into a route: its path without the optional `/*` tail. */
export function routeHref(name: RouteName): string {
  const def = byName.get(name);
  if (!def) return '/';
  return def.path.replace(/\/\*$/, '') || '/';
}

/** The page-view report for a location (SPEC §2: each page view with its route name). */
export function pageViewInput(routeName: string, location: { pathname: string; search: string }, referrer: string) {
  const sticky = stickyQuery(location.search);
  return {
    route_name: routeName,
    path: location.pathname,
    ...(referrer ? { referrer: referrer.slice(0, 2000) } : {}),
    ...(sticky.ref ? { ref: sticky.ref } : {}),
    ...(sticky.utm_source ? { utm_source: sticky.utm_source } : {}),
  };
}

/** The `origin` field of sign-in calls: the visit's ref and utm_source (SPEC §7). */
export function originField(search: string): string {
  const s = stickyQuery(search);
  return [s.ref ? `ref=${s.ref}` : '', s.utm_source ? `utm_source=${s.utm_source}` : ''].filter(Boolean).join('&');
}

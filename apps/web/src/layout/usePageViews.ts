import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { userCalls } from '@packsmith/contracts';
import { apiCall } from '../api/client';
import { pageViewInput } from '../navigation/nav-rules';

export interface RouteHandle {
  routeName: string;
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && typeof (h as Record<string, unknown>).routeName === 'string';
}

// Module state, not a ref: StrictMode's double effects must not report one view twice.
let lastReportedKey: string | null = null;
let previousUrl: string | null = null;

/** SPEC §2: each page view is reported with its route name. Failures stay silent. */
export function usePageViews(): void {
  const location = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  const routeName = isRouteHandle(handle) ? handle.routeName : 'notFound';
  useEffect(() => {
    if (lastReportedKey === location.key) return;
    lastReportedKey = location.key;
    const referrer = previousUrl ?? document.referrer;
    previousUrl = window.location.href;
    apiCall(userCalls.pageView, pageViewInput(routeName, location, referrer), { silent: true }).catch(() => undefined);
  }, [location, routeName]);
}

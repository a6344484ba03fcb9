import { userCalls } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';
import { apiCall } from './client';
import { ensureToken } from './session-token';

let inflight: Promise<void> | null = null;

/** Loads GET /api/user/me into the session store; concurrent callers share one request. */
export function loadCurrentUser(): Promise<void> {
  inflight ??= (async () => {
    const store = useSessionStore.getState();
    store.setUserStatus('loading');
    try {
      const user = await apiCall(userCalls.me, {});
      useSessionStore.getState().setUser(user);
    } catch {
      // The catalogue already showed the failure; a later navigation tries again.
      if (useSessionStore.getState().userStatus === 'loading') useSessionStore.getState().setUserStatus('unknown');
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** After a 402: a fresh guest session, then its user. */
export async function reacquireSession(): Promise<void> {
  await ensureToken();
  await loadCurrentUser();
}

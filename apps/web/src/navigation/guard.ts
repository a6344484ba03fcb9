import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadCurrentUser } from '../api/current-user';
import { currentToken, ensureToken } from '../api/session-token';
import { isSignedIn, useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { requiresSession, takeTokenParam, wantsLoginPrompt } from './nav-rules';

/**
 * The navigation rules of SPEC §2, run by the root route before every navigation:
 * token parameter → session token; the user loaded when unknown; on /my_project or without a token
 * the navigation waits for a session, otherwise it goes on at once; origin=wiki → login dialog.
 * (Page views are reported once the page is shown, see usePageViews.)
 */
export async function navigationGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const fromParam = takeTokenParam(url);
  if (fromParam) {
    const session = useSessionStore.getState();
    // Marked 'user' for now: tokens in links come from social sign-in; /me corrects the marker.
    session.clearTokens();
    session.setToken(fromParam.token, 'user');
    throw redirect(fromParam.cleanPath);
  }

  const mustWait = requiresSession(url.pathname) || currentToken() === null;
  const userUnknown = () => useSessionStore.getState().userStatus !== 'ready' || useSessionStore.getState().user === null;
  if (mustWait) {
    await ensureToken();
    if (userUnknown()) await loadCurrentUser();
    // A stored token that turned out invalid (402) was replaced by a guest: wait for that one too.
    if (currentToken() === null) {
      await ensureToken();
      if (userUnknown()) await loadCurrentUser();
    }
  } else if (userUnknown()) {
    void loadCurrentUser();
  }

  if (wantsLoginPrompt(url.search) && !isSignedIn(useSessionStore.getState())) {
    useUiStore.getState().open('loginModal');
  }
  return null;
}

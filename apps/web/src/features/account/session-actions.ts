import { userCalls } from '@packsmith/contracts';
import { quietCall } from '../../api/client';
import { loadCurrentUser } from '../../api/current-user';
import { ensureToken } from '../../api/session-token';
import { forgetUploadCredentials } from '../../api/upload';
import { forgetAnonymousProjects, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

/**
 * A sign-in or registration succeeded: the account token replaces the guest's (marker 'user'), the
 * user is loaded again, and the list of anonymous projects is dropped — the server moved the guest's
 * projects to the account when it received `tourist` (SPEC §4).
 */
export async function completeSignIn(token: string): Promise<void> {
  const session = useSessionStore.getState();
  session.clearTokens();
  session.setToken(token, 'user');
  forgetUploadCredentials();
  await loadCurrentUser();
  if (useSessionStore.getState().user?.type === 'user') forgetAnonymousProjects();
  useUiStore.getState().close('loginModal');
}

/** Revokes the token, then continues as a new guest. */
export async function signOut(): Promise<void> {
  await quietCall(userCalls.logout, {});
  useSessionStore.getState().clearTokens();
  forgetUploadCredentials();
  await ensureToken();
  await loadCurrentUser();
  useUiStore.getState().showMessage('You are signed out.', 'info');
}

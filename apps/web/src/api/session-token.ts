import { Code, SUCCESS, userCalls } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { isEnvelope, sendRequest } from './http';

let inflight: Promise<string | null> | null = null;

export function currentToken(): string | null {
  return useSessionStore.getState().token;
}

async function acquireGuest(): Promise<string | null> {
  const res = await sendRequest({ method: userCalls.guestLogin.method, path: userCalls.guestLogin.path, input: {} });
  // Over the guest limit of the visitor's network: say why in the server's words (the call that
  // needed the session then answers 401, which opens the sign-in modal).
  if (res.ok && isEnvelope(res.body) && res.body.code === Code.TOO_MANY_REQUESTS) useUiStore.getState().showMessage(res.body.msg);
  if (!res.ok || !isEnvelope(res.body) || res.body.code !== 0 || res.body.msg !== SUCCESS) return null;
  const parsed = userCalls.guestLogin.data.safeParse(res.body.data);
  if (!parsed.success) return null;
  useSessionStore.getState().setToken(parsed.data.token, 'guest');
  return parsed.data.token;
}

/**
 * The stored token, or a new guest session when none is stored (SPEC §7). Concurrent callers share
 * one guest_login request, so a page that fires five calls at once creates one guest, not five.
 */
export function ensureToken(): Promise<string | null> {
  const token = currentToken();
  if (token) return Promise.resolve(token);
  inflight ??= acquireGuest().finally(() => {
    inflight = null;
  });
  return inflight;
}

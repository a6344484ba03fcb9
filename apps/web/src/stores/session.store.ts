import { create } from 'zustand';
import { STORAGE_KEYS, type User } from '@packsmith/contracts';
import { storage } from './storage';

export type TokenType = 'guest' | 'user';
export type UserStatus = 'unknown' | 'loading' | 'ready';

export interface SessionState {
  token: string | null;
  tokenType: TokenType | null;
  /** The guest token kept apart while the visitor is a guest; sent as `tourist` when registering. */
  guestToken: string | null;
  user: User | null;
  userStatus: UserStatus;
  /** Stores a token with its marker (SPEC §4 Session). A guest token is also kept as the guest token. */
  setToken(token: string, type: TokenType): void;
  setUser(user: User): void;
  setUserStatus(status: UserStatus): void;
  /** Removes every stored token (402, sign out). */
  clearTokens(): void;
  reset(): void;
}

function readTokenType(): TokenType | null {
  const v = storage.get(STORAGE_KEYS.tokenMarker);
  return v === 'guest' || v === 'user' ? v : null;
}

function initial(): Pick<SessionState, 'token' | 'tokenType' | 'guestToken' | 'user' | 'userStatus'> {
  const token = storage.get(STORAGE_KEYS.token);
  return {
    token,
    tokenType: token ? (readTokenType() ?? 'guest') : null,
    guestToken: storage.get(STORAGE_KEYS.guestToken),
    user: null,
    userStatus: 'unknown',
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...initial(),
  setToken(token, type) {
    storage.set(STORAGE_KEYS.token, token);
    storage.set(STORAGE_KEYS.tokenMarker, type);
    if (type === 'guest') {
      storage.set(STORAGE_KEYS.guestToken, token);
      set({ token, tokenType: type, guestToken: token });
    } else {
      set({ token, tokenType: type });
    }
  },
  setUser(user) {
    // The server knows best what the token is; keep the marker in step with it.
    storage.set(STORAGE_KEYS.tokenMarker, user.type);
    set({ user, userStatus: 'ready', tokenType: user.type });
  },
  setUserStatus(userStatus) {
    set({ userStatus });
  },
  clearTokens() {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.tokenMarker);
    storage.remove(STORAGE_KEYS.guestToken);
    set({ token: null, tokenType: null, guestToken: null, user: null, userStatus: 'unknown' });
  },
  reset() {
    set(initial());
  },
}));

/** Signed in = a registered account, not a guest and not a visitor without a session. */
export function isSignedIn(state: Pick<SessionState, 'tokenType' | 'token'>): boolean {
  return state.token !== null && state.tokenType === 'user';
}

/** Project ids a visitor created before registering (SPEC §4: linked once, then the list is removed). */
export function readAnonymousProjects(): string[] {
  return storage.getJson<string[]>(STORAGE_KEYS.anonymousProjects, [], (v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

export function rememberAnonymousProject(projectId: string): void {
  const list = readAnonymousProjects();
  if (!list.includes(projectId)) storage.set(STORAGE_KEYS.anonymousProjects, JSON.stringify([...list, projectId]));
}

export function forgetAnonymousProjects(): void {
  storage.remove(STORAGE_KEYS.anonymousProjects);
}

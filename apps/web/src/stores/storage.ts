/**
 * localStorage access that never throws: private modes and blocked storage must not break the app,
 * they only cost persistence.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or blocked: the in-memory store still holds the value for this visit
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove when storage is unavailable
    }
  },
  getJson<T>(key: string, fallback: T, guard: (value: unknown) => value is T): T {
    const raw = storage.get(key);
    if (raw === null) return fallback;
    try {
      const parsed: unknown = JSON.parse(raw);
      return guard(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  },
};

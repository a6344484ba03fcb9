import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@packsmith/contracts';
import { storage } from '../../stores/storage';
import { LOCAL_HISTORY_CHANGED, parseLocalHistory, type LocalHistoryRecord } from './local-history';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(LOCAL_HISTORY_CHANGED, onChange);
  return () => window.removeEventListener(LOCAL_HISTORY_CHANGED, onChange);
}

const readRaw = () => storage.get(STORAGE_KEYS.localHistory);

/** The local project history, following every chat of this tab that saves into it. */
export function useLocalHistory(): LocalHistoryRecord[] {
  // The stored text is the snapshot: a string compares by value, so an unchanged history re-renders nothing.
  const raw = useSyncExternalStore(subscribe, readRaw);
  return useMemo(() => parseLocalHistory(raw), [raw]);
}

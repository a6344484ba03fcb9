import { useEffect, useRef } from 'react';

/** A field where Ctrl+Z belongs to the text (the chat composer, the search box). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type);
}

/** What a key press means for the studio's history: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo. */
export function historyKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

/**
 * The studio's undo and redo from anywhere on the page (not inside a text field, where the text's own
 * undo runs, nor while a dialog or the full-screen preview is open).
 */
export function useEditShortcuts(enabled: boolean, undo: () => void, redo: () => void): void {
  const actions = useRef({ undo, redo });
  useEffect(() => {
    actions.current = { undo, redo };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const what = historyKey(e);
      if (!what || e.defaultPrevented || isTextField(e.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      actions.current[what]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

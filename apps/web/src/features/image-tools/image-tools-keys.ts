import type { ImageToolsStore } from './image-tools.store';
import { stepEraseScale } from './geometry';
import { TOOL_INFO } from './tools';

type Key = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** Ctrl/⌘+Z undoes, Shift+Ctrl/⌘+Z (and Ctrl+Y) redo. */
export function historyKey(e: Key): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  return key === 'y' && !e.shiftKey ? 'redo' : null;
}

/** A field where keys belong to the text. */
export function isTextField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button', 'submit', 'file', 'color'].includes(target.type);
}

/**
 * The editor's keys: Ctrl/⌘+Z and Shift+Ctrl/⌘+Z undo and redo strokes, B picks the brush, [ and ]
 * change its size, Esc drops the box. Returns whether the key was used (then it goes no further).
 */
export function applyEditorKey(s: ImageToolsStore, e: Key): boolean {
  if (s.run) return false;
  const history = historyKey(e);
  if (history) {
    if (history === 'undo' && s.strokes.length > 0) s.undoStroke();
    else if (history === 'redo' && s.undone.length > 0) s.redoStroke();
    else return false;
    return true;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const brush = s.tool !== null && TOOL_INFO[s.tool].brush;
  switch (e.key) {
    case 'b':
    case 'B':
      if (!s.history) return false;
      if (!brush) s.chooseTool('erase');
      return true;
    case '[':
    case ']':
      if (!brush) return false;
      s.setEraseScale(stepEraseScale(s.eraseScale, e.key === ']' ? 1 : -1));
      return true;
    case 'Escape':
      if (!s.box) return false;
      s.patch({ box: null });
      return true;
    default:
      return false;
  }
}

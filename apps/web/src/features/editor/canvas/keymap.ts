/**
 * The editor's keyboard shortcuts as data (what the cheat-sheet dialog lists) and the matcher from
 * a key event to a shortcut id. Letters are matched by `code` when Alt is held (on a Mac Alt+A
 * types "å") and by `key` otherwise; Ctrl and ⌘ count as one modifier ("mod").
 */

export type ShortcutId =
  | 'delete'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'nudge-left'
  | 'nudge-right'
  | 'nudge-up'
  | 'nudge-down'
  | 'nudge-left-10'
  | 'nudge-right-10'
  | 'nudge-up-10'
  | 'nudge-down-10'
  | 'select-all'
  | 'deselect'
  | 'forward'
  | 'backward'
  | 'front'
  | 'back'
  | 'align-left'
  | 'align-right'
  | 'align-top'
  | 'align-bottom'
  | 'align-center'
  | 'align-middle'
  | 'distribute-horizontal'
  | 'distribute-vertical'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'zoom-100';

export type ShortcutGroup = 'Edit' | 'Selection' | 'Arrange' | 'Align' | 'View';

export interface Shortcut {
  /** The shortcut's id; pointer gestures listed for the cheat sheet have their own. */
  id: ShortcutId | 'zoom-pointer' | 'pan';
  /** As shown to people (Ctrl on Windows and Linux, ⌘ on a Mac). */
  keys: string;
  label: string;
  group: ShortcutGroup;
}

interface Binding {
  id: ShortcutId;
  /** `event.key` values (any of them), or `code:<event.code>`. */
  keys: string[];
  mod: boolean;
  /** true / false, or 'any' when Shift does not matter (e.g. "+" needs Shift on most layouts). */
  shift: boolean | 'any';
  alt: boolean;
}

const b = (id: ShortcutId, keys: string[], mod: boolean, shift: boolean | 'any' = false, alt = false): Binding => ({ id, keys, mod, shift, alt });

const BINDINGS: Binding[] = [
  b('delete', ['Delete', 'Backspace'], false),
  b('undo', ['z', 'Z'], true),
  b('redo', ['z', 'Z'], true, true),
  b('redo', ['y', 'Y'], true),
  b('copy', ['c', 'C'], true),
  b('paste', ['v', 'V'], true),
  b('duplicate', ['d', 'D'], true),
  b('nudge-left', ['ArrowLeft'], false),
  b('nudge-right', ['ArrowRight'], false),
  b('nudge-up', ['ArrowUp'], false),
  b('nudge-down', ['ArrowDown'], false),
  b('nudge-left-10', ['ArrowLeft'], false, true),
  b('nudge-right-10', ['ArrowRight'], false, true),
  b('nudge-up-10', ['ArrowUp'], false, true),
  b('nudge-down-10', ['ArrowDown'], false, true),
  b('select-all', ['a', 'A'], true),
  b('deselect', ['Escape'], false),
  b('forward', [']'], false),
  b('backward', ['['], false),
  b('front', [']'], true),
  b('back', ['['], true),
  b('align-left', ['code:KeyA'], false, false, true),
  b('align-right', ['code:KeyD'], false, false, true),
  b('align-top', ['code:KeyW'], false, false, true),
  b('align-bottom', ['code:KeyS'], false, false, true),
  b('align-center', ['code:KeyH'], false, false, true),
  b('align-middle', ['code:KeyV'], false, false, true),
  b('distribute-horizontal', ['code:KeyH'], false, true, true),
  b('distribute-vertical', ['code:KeyV'], false, true, true),
  b('zoom-in', ['+', '='], false, 'any'),
  b('zoom-out', ['-', '_'], false, 'any'),
  b('zoom-fit', ['code:Digit1'], false, true),
  b('zoom-100', ['0', 'code:Digit0', 'code:Numpad0'], true),
];

/** Every shortcut, for the cheat sheet, in the order to list them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'undo', keys: 'Ctrl/⌘+Z', label: 'Undo', group: 'Edit' },
  { id: 'redo', keys: 'Ctrl/⌘+Shift+Z or Ctrl+Y', label: 'Redo', group: 'Edit' },
  { id: 'copy', keys: 'Ctrl/⌘+C', label: 'Copy', group: 'Edit' },
  { id: 'paste', keys: 'Ctrl/⌘+V', label: 'Paste', group: 'Edit' },
  { id: 'duplicate', keys: 'Ctrl/⌘+D', label: 'Duplicate', group: 'Edit' },
  { id: 'delete', keys: 'Delete or Backspace', label: 'Delete', group: 'Edit' },
  { id: 'select-all', keys: 'Ctrl/⌘+A', label: 'Select all on the panel', group: 'Selection' },
  { id: 'deselect', keys: 'Esc', label: 'Deselect', group: 'Selection' },
  { id: 'nudge-right', keys: '← ↑ → ↓', label: 'Nudge 1 mm', group: 'Selection' },
  { id: 'nudge-right-10', keys: 'Shift+← ↑ → ↓', label: 'Nudge 10 mm', group: 'Selection' },
  { id: 'forward', keys: ']', label: 'Bring forward', group: 'Arrange' },
  { id: 'backward', keys: '[', label: 'Send backward', group: 'Arrange' },
  { id: 'front', keys: 'Ctrl/⌘+]', label: 'Bring to front', group: 'Arrange' },
  { id: 'back', keys: 'Ctrl/⌘+[', label: 'Send to back', group: 'Arrange' },
  { id: 'align-left', keys: 'Alt+A', label: 'Align left', group: 'Align' },
  { id: 'align-right', keys: 'Alt+D', label: 'Align right', group: 'Align' },
  { id: 'align-top', keys: 'Alt+W', label: 'Align top', group: 'Align' },
  { id: 'align-bottom', keys: 'Alt+S', label: 'Align bottom', group: 'Align' },
  { id: 'align-center', keys: 'Alt+H', label: 'Align horizontal centres', group: 'Align' },
  { id: 'align-middle', keys: 'Alt+V', label: 'Align vertical centres', group: 'Align' },
  { id: 'distribute-horizontal', keys: 'Alt+Shift+H', label: 'Distribute horizontally (3 or more)', group: 'Align' },
  { id: 'distribute-vertical', keys: 'Alt+Shift+V', label: 'Distribute vertically (3 or more)', group: 'Align' },
  { id: 'zoom-in', keys: '+', label: 'Zoom in', group: 'View' },
  { id: 'zoom-out', keys: '-', label: 'Zoom out', group: 'View' },
  { id: 'zoom-fit', keys: 'Shift+1', label: 'Zoom to fit', group: 'View' },
  { id: 'zoom-100', keys: 'Ctrl/⌘+0', label: 'Zoom to 100 %', group: 'View' },
  { id: 'zoom-pointer', keys: 'Ctrl/⌘+wheel or pinch', label: 'Zoom about the pointer', group: 'View' },
  { id: 'pan', keys: 'Wheel, Space+drag, middle button or two fingers', label: 'Pan', group: 'View' },
];

/** The parts of a KeyboardEvent the matcher reads. */
export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The shortcut a key press means, or null. */
export function matchShortcut(e: KeyLike): ShortcutId | null {
  const mod = e.ctrlKey || e.metaKey;
  for (const bind of BINDINGS) {
    if (bind.mod !== mod || bind.alt !== e.altKey) continue;
    if (bind.shift !== 'any' && bind.shift !== e.shiftKey) continue;
    if (bind.keys.some((k) => (k.startsWith('code:') ? e.code === k.slice(5) : e.key === k))) return bind.id;
  }
  return null;
}

/** Whether a key event comes from somewhere people type (inputs, text areas, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as { tagName?: unknown }).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return el.isContentEditable === true;
}

import { useState, type KeyboardEvent } from 'react';

export interface ComboboxList<T> {
  open: boolean;
  setOpen(open: boolean): void;
  /** Index of the highlighted option, -1 for none. */
  active: number;
  setActive(active: number): void;
  /** The list is open and has something to show. */
  expanded: boolean;
  optionId(index: number): string;
  /** The listbox's id. */
  listId: string;
  /** The combobox role and states the field carries (ARIA 1.2), and its open-on-focus / close-on-blur. */
  comboboxProps: {
    role: 'combobox';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-autocomplete': 'list';
    'aria-activedescendant': string | undefined;
    autoComplete: 'off';
    onFocus(): void;
    onBlur(): void;
  };
  pick(item: T): void;
  /**
   * The keys every suggestion list shares (ARIA 1.2 combobox, focus stays in the field): ↓/↑ move, from
   * "nothing highlighted" to the first or last, wrapping at the ends; Escape closes an open list; Enter
   * picks the highlighted option. Answers whether it handled the key, so a field can add its own
   * (a second Escape clearing it, Enter searching what is typed).
   */
  onListKey(e: KeyboardEvent<HTMLInputElement>): boolean;
}

/** The open/highlight state and keyboard of a combobox's suggestion list (the ideas search, the ingredient field). */
export function useComboboxList<T>({ id, items, ready, onPick }: { id: string; items: readonly T[]; ready: boolean; onPick(item: T): void }): ComboboxList<T> {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && ready;
  const pick = (item: T) => {
    setOpen(false);
    setActive(-1);
    onPick(item);
  };
  const onListKey = (e: KeyboardEvent<HTMLInputElement>): boolean => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return false;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (!expanded || i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length));
      return true;
    }
    if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
      return true;
    }
    if (e.key === 'Enter' && expanded && active >= 0) {
      const item = items[active];
      if (item !== undefined) {
        e.preventDefault();
        pick(item);
        return true;
      }
    }
    return false;
  };
  const optionId = (i: number) => `${id}-opt-${i}`;
  const listId = `${id}-list`;
  const comboboxProps = {
    role: 'combobox' as const,
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    autoComplete: 'off' as const,
    onFocus: () => setOpen(true),
    // The list closes after a click on it has been handled (the options' mousedown keeps focus).
    onBlur: () => setOpen(false),
  };
  return { open, setOpen, active, setActive, expanded, optionId, listId, comboboxProps, pick, onListKey };
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** Where focus lands when the menu opens: its first or its last item. */
type OpenAt = 'first' | 'last';

/**
 * The WAI-ARIA menu button's behaviour, shared by every small menu: Enter, Space or ArrowDown on the
 * button open the menu on its first item, ArrowUp on its last; arrows (wrapping), Home and End move;
 * Escape closes it with focus back on the button; Tab or a pointer outside closes it. Disabled items
 * are skipped. The caller renders the button and the menu with the props and refs this answers.
 */
export function useMenuButton() {
  const [openAt, setOpenAt] = useState<OpenAt | false>(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const open = openAt !== false;

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];

  useEffect(() => {
    if (!openAt) return;
    const all = items();
    (openAt === 'last' ? all.at(-1) : all[0])?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpenAt(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openAt]);

  const close = (refocus: boolean) => {
    setOpenAt(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(all.length - 1);
    else if (e.key === 'Tab') close(false);
  };

  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => setOpenAt((o) => (o ? false : 'first')),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setOpenAt(e.key === 'ArrowUp' ? 'last' : 'first');
      }
    },
  };
  const menuProps = { ref: menu, id, role: 'menu' as const, onKeyDown: onMenuKey };

  return { open, close, buttonProps, menuProps };
}

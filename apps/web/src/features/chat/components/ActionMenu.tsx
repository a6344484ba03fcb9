import type { ReactNode } from 'react';
import { useMenuButton } from '../../../components/useMenuButton';

export interface MenuAction {
  label: string;
  icon?: ReactNode;
  onSelect(): void;
  disabled?: boolean;
}

/**
 * A small menu button (WAI-ARIA menu button pattern): Enter/Space/ArrowDown open it on the first item,
 * arrows, Home and End move, Escape closes and focus returns to the button, a click outside closes it (useMenuButton).
 */
export function ActionMenu({ label, icon, actions, align = 'right' }: { label: string; icon: ReactNode; actions: MenuAction[]; align?: 'left' | 'right' }) {
  const { open, close, buttonProps, menuProps } = useMenuButton();

  return (
    <div className="relative">
      <button
        {...buttonProps}
        aria-label={label}
        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        {icon}
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label={label}
          className={`absolute bottom-full z-20 mb-1 w-44 overflow-hidden sm:w-52 rounded-xl border border-slate-200 bg-white py-1 shadow-xl ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              role="menuitem"
              disabled={a.disabled}
              onClick={() => {
                close(false);
                a.onSelect();
              }}
              className="flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm text-slate-700 hover:bg-violet-50 hover:text-violet-800 focus:bg-violet-50 focus:text-violet-800 focus:outline-none disabled:opacity-50"
            >
              <span className="text-slate-400" aria-hidden="true">
                {a.icon}
              </span>
              {a.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

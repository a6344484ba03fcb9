import { useMenuButton } from '../../components/useMenuButton';

export interface ProjectMenuItem {
  label: string;
  onSelect(): void;
  tone?: 'danger';
}

/**
 * A project card's menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and focus returns to the button;
 * Tab or a click outside closes it. It opens downwards, inside the card's width, so it fits a phone.
 */
export function ProjectMenu({ label, items }: { label: string; items: readonly ProjectMenuItem[] }) {
  const { open, close, buttonProps, menuProps } = useMenuButton();

  return (
    <div className="relative">
      <button
        {...buttonProps}
        aria-label={label}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-violet-500"
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
          <circle cx="4.5" cy="10" r="1.6" fill="currentColor" />
          <circle cx="10" cy="10" r="1.6" fill="currentColor" />
          <circle cx="15.5" cy="10" r="1.6" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label={label}
          className="absolute right-0 top-full z-20 mt-1 w-40 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                // Focus goes back to the button first: a dialog opened by the item returns it there.
                close(true);
                item.onSelect();
              }}
              className={`flex w-full items-center px-3 py-2 text-left text-sm focus:outline-none ${
                item.tone === 'danger'
                  ? 'text-rose-700 hover:bg-rose-50 focus:bg-rose-50'
                  : 'text-slate-700 hover:bg-violet-50 focus:bg-violet-50 focus:text-violet-800'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

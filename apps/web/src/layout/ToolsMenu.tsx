import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/AppLink';
import { ToolIcon } from '../components/ToolIcon';
import { TOOLS } from '../navigation/tools';
import { useUiStore } from '../stores/ui.store';

/** The header's Tools menu (the headerMenu flag of SPEC §2). */
export function ToolsMenu() {
  const open = useUiStore((s) => s.headerMenu);
  const ui = useUiStore.getState;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => ui().close('headerMenu'), [location.pathname, ui]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) ui().close('headerMenu');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        ui().close('headerMenu');
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, ui]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="nav-link inline-flex items-center gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => ui().toggle('headerMenu')}
      >
        Tools
        <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
          <path d="M6 8l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div id={panelId} className="absolute left-0 top-full z-40 mt-3 w-[36rem] rounded-2xl border border-slate-200 bg-white p-3 shadow-xl">
          <ul className="grid grid-cols-2 gap-1">
            {TOOLS.map((t) => (
              <li key={t.name}>
                <AppLink to={t.href} className="flex gap-3 rounded-xl p-3 hover:bg-violet-50 focus-visible:bg-violet-50">
                  <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
                    <ToolIcon name={t.name} />
                  </span>
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{t.label}</span>
                    <span className="block text-xs leading-snug text-slate-500">{t.blurb}</span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

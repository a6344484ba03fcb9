import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/AppLink';
import { Avatar } from '../components/Avatar';
import { signOut } from '../features/account/session-actions';
import { isSignedIn, useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';

/** Sign-in button for visitors; avatar menu with the account and sign out for users. */
export function AccountMenu() {
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn);
  const openLogin = () => useUiStore.getState().open('loginModal');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (signedIn && !user) {
    // A stored account token whose user is still loading: hold the place instead of flashing "Sign in".
    return <span className="block h-8 w-8 animate-pulse rounded-full bg-slate-200" aria-hidden="true" />;
  }
  if (!signedIn || !user || user.type !== 'user') {
    return (
      <button type="button" onClick={openLogin} className="btn-primary h-9 px-4 text-sm">
        Sign in
      </button>
    );
  }
  const display = user.name || user.email || 'Account';
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-slate-100"
      >
        <Avatar name={display} src={user.avatar} size={32} />
        <span className="sr-only">Account menu for {display}</span>
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-slate-500" aria-hidden="true">
          <path d="M6 8l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 top-full z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
          <div className="border-b border-slate-100 px-3 pb-3 pt-2">
            <p className="truncate text-sm font-medium text-slate-900" data-testid="account-name">
              {display}
            </p>
            {user.email && user.email !== display && <p className="truncate text-xs text-slate-500">{user.email}</p>}
          </div>
          <nav aria-label="Account" className="py-1">
            <AppLink to="/my_project" className="menu-item">
              My projects
            </AppLink>
            <AppLink to="/billing" className="menu-item">
              Billing
            </AppLink>
            <AppLink to="/pricing" className="menu-item">
              Plans and prices
            </AppLink>
            {user.is_admin && (
              <AppLink to="/admin" className="menu-item">
                Admin
              </AppLink>
            )}
            <button type="button" className="menu-item w-full text-left" onClick={() => void signOut()}>
              Sign out
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/AppLink';
import { Avatar } from '../components/Avatar';
import { Dialog } from '../components/Dialog';
import { ToolIcon } from '../components/ToolIcon';
import { signOut } from '../features/account/session-actions';
import { TOOLS } from '../navigation/tools';
import { isSignedIn, useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { PlanBadge } from './PlanBadge';

/** The navigation sheet on small screens (the mobileMenu flag of SPEC §2). */
export function MobileMenu() {
  const open = useUiStore((s) => s.mobileMenu);
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn) && user?.type === 'user';
  const close = () => useUiStore.getState().close('mobileMenu');
  const location = useLocation();
  useEffect(() => useUiStore.getState().close('mobileMenu'), [location.pathname]);

  return (
    <Dialog open={open} onClose={close} title="Menu" placement="side">
      <div id="mobile-menu" className="flex flex-col gap-6">
        <section aria-label="Account" className="rounded-xl bg-slate-50 p-4">
          {signedIn && user ? (
            <div className="flex items-center gap-3">
              <Avatar name={user.name || user.email} src={user.avatar} size={40} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{user.name || user.email}</p>
                <PlanBadge />
              </div>
            </div>
          ) : (
            <div className="flex items-center justify-between gap-3">
              <PlanBadge />
              <button
                type="button"
                className="btn-primary h-9 px-4 text-sm"
                onClick={() => {
                  close();
                  useUiStore.getState().open('loginModal');
                }}
              >
                Sign in
              </button>
            </div>
          )}
        </section>
        <nav aria-label="Mobile" className="flex flex-col">
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">Tools</p>
          {TOOLS.map((t) => (
            <AppLink key={t.name} to={t.href} className="menu-item flex items-center gap-3" onClick={close}>
              <ToolIcon name={t.name} className="h-5 w-5 text-violet-600" />
              {t.label}
            </AppLink>
          ))}
          <p className="px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wider text-slate-400">Account</p>
          <AppLink to="/my_project" className="menu-item" onClick={close}>
            My projects
          </AppLink>
          <AppLink to="/pricing" className="menu-item" onClick={close}>
            Pricing
          </AppLink>
          {signedIn && user?.is_admin && (
            <AppLink to="/admin" className="menu-item" onClick={close}>
              Admin
            </AppLink>
          )}
          {signedIn && (
            <AppLink to="/billing" className="menu-item" onClick={close}>
              Billing
            </AppLink>
          )}
          {signedIn && (
            <button
              type="button"
              className="menu-item text-left"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Sign out
            </button>
          )}
        </nav>
      </div>
    </Dialog>
  );
}

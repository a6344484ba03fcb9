import { AppNavLink } from '../components/AppLink';
import { useUiStore } from '../stores/ui.store';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { PlanBadge } from './PlanBadge';
import { ToolsMenu } from './ToolsMenu';

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? 'text-slate-900' : ''}`;

export function Header() {
  const mobileOpen = useUiStore((s) => s.mobileMenu);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="page-container flex h-16 items-center gap-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ToolsMenu />
          <AppNavLink to="/design-ideas" className={navClass}>
            Design ideas
          </AppNavLink>
          <AppNavLink to="/pricing" className={navClass}>
            Pricing
          </AppNavLink>
          <AppNavLink to="/my_project" className={navClass}>
            My projects
          </AppNavLink>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <PlanBadge />
          <div className="hidden md:block">
            <AccountMenu />
          </div>
          <button
            type="button"
            className="btn-icon md:hidden"
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => useUiStore.getState().open('mobileMenu')}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}

import { AppLink } from '../components/AppLink';
import { TOOLS } from '../navigation/tools';

export function Footer() {
  return (
    <footer className="mt-24 border-t border-slate-200 bg-slate-50/60">
      <div className="page-container grid gap-10 py-12 sm:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-xs">
          <p className="font-semibold tracking-tight text-slate-900">Packsmith</p>
          <p className="mt-2 text-sm leading-relaxed text-slate-500">Packaging design, product photos, mockups and quotes — from one brief.</p>
        </div>
        <nav aria-label="Tools in footer">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Tools</p>
          <ul className="mt-3 grid gap-2 text-sm">
            {TOOLS.slice(0, 5).map((t) => (
              <li key={t.name}>
                <AppLink to={t.href} className="text-slate-600 hover:text-violet-700">
                  {t.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="More">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">More</p>
          <ul className="mt-3 grid gap-2 text-sm">
            {TOOLS.slice(5).map((t) => (
              <li key={t.name}>
                <AppLink to={t.href} className="text-slate-600 hover:text-violet-700">
                  {t.label}
                </AppLink>
              </li>
            ))}
            <li>
              <AppLink to="/pricing" className="text-slate-600 hover:text-violet-700">
                Pricing
              </AppLink>
            </li>
            <li>
              <AppLink to="/print" className="text-slate-600 hover:text-violet-700">
                Print
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="page-container border-t border-slate-200 py-6 text-xs text-slate-400">© {new Date().getFullYear()} Packsmith</div>
    </footer>
  );
}

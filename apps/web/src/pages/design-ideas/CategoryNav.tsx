import { AppNavLink } from '../../components/AppLink';
import { IDEA_CATEGORIES, categoryHref } from './categories';

export function CategoryNav() {
  return (
    <nav aria-label="Design idea categories" className="-mx-5 overflow-x-auto px-5 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1">
        <li>
          <AppNavLink end to="/design-ideas" className={({ isActive }) => `chip ${isActive ? 'chip-active' : ''}`}>
            All
          </AppNavLink>
        </li>
        {IDEA_CATEGORIES.map((c) => (
          <li key={c}>
            <AppNavLink to={categoryHref(c)} className={({ isActive }) => `chip ${isActive ? 'chip-active' : ''}`}>
              {c}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

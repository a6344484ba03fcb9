import { MOCKUP_CATEGORY_NAMES, type MockupCategoryName } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { libraryHref } from '../mockup-url';
import type { CategoryCounts } from '../queries';

interface CategoryTabsProps {
  active: MockupCategoryName | null;
  counts: CategoryCounts | undefined;
  keyword: string;
  projectId: string | null;
}

/**
 * The eight mockup categories (SPEC §3) with how many templates each holds, as links: a category is a
 * place (/aimockup/{name}) that can be shared. The search goes along; one row that scrolls on phones.
 */
export function CategoryTabs({ active, counts, keyword, projectId }: CategoryTabsProps) {
  const countOf = (name: MockupCategoryName) => counts?.list.find((c) => c.name === name)?.count;
  const tab = (name: MockupCategoryName | null, label: string, count: number | undefined) => {
    const current = active === name;
    return (
      <li key={label}>
        <AppLink
          to={libraryHref({ category: name, keyword, projectId })}
          aria-current={current ? 'page' : undefined}
          className={`chip gap-1.5 ${current ? 'chip-active' : ''}`}
          data-testid="category-tab"
          data-category={name ?? ''}
        >
          {label}
          {count !== undefined && (
            <span className={`tabular-nums ${current ? 'text-violet-100' : 'text-slate-400'}`} aria-label={`${count} templates`}>
              {count}
            </span>
          )}
        </AppLink>
      </li>
    );
  };
  return (
    <nav aria-label="Mockup categories" className="-mx-5 overflow-x-auto px-5 sm:mx-0 sm:overflow-visible sm:px-0">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {tab(null, 'All', counts?.total)}
        {MOCKUP_CATEGORY_NAMES.map((name) => tab(name, name, countOf(name)))}
      </ul>
    </nav>
  );
}

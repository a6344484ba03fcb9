import { AppLink } from '../../../components/AppLink';
import { libraryHref, type MockupLocation } from '../mockup-url';
import type { OnProject } from '../controller/studio-project';
import { useTemplateCategories } from '../queries';
import { CategoryTabs } from './CategoryTabs';
import { CustomTemplatePanel } from './CustomTemplatePanel';
import { TemplateGrid } from './TemplateGrid';
import { TemplateSearch } from './TemplateSearch';

interface MockupLibraryProps {
  location: MockupLocation;
  /** The mockup project the visitor is working in, carried into the templates they open. */
  projectId: string | null;
  /** Goes to another library view (search typed: replaces the history entry). */
  go(to: string, replace?: boolean): void;
  onProject: OnProject;
  onTemplate(templateId: string): void;
}

/** The template library: category tabs, search, "Library" and "My templates", and the grid. */
export function MockupLibrary({ location, projectId, go, onProject, onTemplate }: MockupLibraryProps) {
  const categories = useTemplateCategories();
  const { category, keyword, mine } = location;
  const here = (over: { keyword?: string; mine?: boolean }) => libraryHref({ category, keyword, mine, projectId, ...over });
  const view = (isMine: boolean, label: string) => (
    <AppLink
      to={here({ mine: isMine })}
      aria-current={mine === isMine ? 'page' : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${mine === isMine ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
      data-testid={isMine ? 'my-templates-tab' : 'library-tab'}
    >
      {label}
    </AppLink>
  );

  return (
    <div className="space-y-6 pb-16" data-testid="mockup-library">
      {location.unknownCategory && (
        <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          There is no mockup category called “{location.unknownCategory}”. Here is the whole library; pick a category below.
        </p>
      )}
      <CategoryTabs active={category} counts={categories.data} keyword={keyword} projectId={projectId} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Whose templates" className="inline-flex w-fit rounded-lg bg-slate-100 p-1">
          {view(false, 'Library')}
          {view(true, 'My templates')}
        </nav>
        <TemplateSearch value={keyword} onSearch={(k) => go(here({ keyword: k }), true)} />
      </div>
      {mine && <CustomTemplatePanel onProject={onProject} onTemplate={onTemplate} />}
      {categories.isError && !mine && (
        <p role="alert" className="text-sm text-rose-700">
          The category counts could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </p>
      )}
      <TemplateGrid
        filter={{ category, keyword, mine }}
        projectId={projectId}
        rendering={categories.rendering}
        onClearSearch={() => go(here({ keyword: '' }), true)}
      />
      {!mine && <CustomTemplatePanel onProject={onProject} onTemplate={onTemplate} compact />}
    </div>
  );
}

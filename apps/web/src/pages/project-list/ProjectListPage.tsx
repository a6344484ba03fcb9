import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectListItem } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { Dialog } from '../../components/Dialog';
import { touchLocalHistory } from '../../features/chat/local-history';
import { PrintRequestList } from '../../features/print/PrintRequestList';
import { ProjectCard } from '../../features/projects/ProjectCard';
import {
  SORT_OPTIONS,
  TYPE_FILTERS,
  filtersFromSearch,
  hasFilters,
  projectTitle,
  searchWithFilters,
  type ProjectFilters,
  type ProjectSort,
} from '../../features/projects/project-links';
import { failureText, useProjectActions, useProjectList, type DeletedProject } from '../../features/projects/project-queries';
import { UndoToast } from '../../features/projects/UndoToast';
import { PageFrame } from '../../layout/PageFrame';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

/** Typing pauses this long before the search goes into the URL and the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

function noMatchText(f: ProjectFilters): string {
  const label = TYPE_FILTERS.find((t) => t.value === f.type)?.label;
  if (f.q) return `No project's name, brand or product contains “${f.q}”${label ? ` in ${label}` : ''}.`;
  return `Nothing in ${label ?? 'your projects'} yet.`;
}

function useFilters(): [ProjectFilters, (patch: Partial<ProjectFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  // Filters replace the entry: Back leaves the screen rather than stepping through every keystroke.
  const set = (patch: Partial<ProjectFilters>) => setParams((current) => searchWithFilters(current, patch), { replace: true });
  return [filters, set];
}

/** The search box: what is typed goes into ?q= after a pause; a change of ?q= from elsewhere (clear, Back) shows in the box. */
function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const pushed = useRef(value);
  const id = useId();

  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = q;
      onSearch(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search projects by name
      </label>
      <input
        id={id}
        type="search"
        className="field-input h-10 w-full px-3"
        placeholder="Search by name, brand or product"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

function Toolbar({ filters, setFilters }: { filters: ProjectFilters; setFilters(patch: Partial<ProjectFilters>): void }) {
  const sortId = useId();
  // Stable across renders, so the search box's debounce is not restarted by an unrelated render.
  const setRef = useRef(setFilters);
  setRef.current = setFilters;
  const onSearch = useMemo(() => (q: string) => setRef.current({ q }), []);
  return (
    <div className="mb-6 space-y-4">
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <div role="group" aria-label="Project type" className="flex gap-2 pb-1 sm:flex-wrap">
          {TYPE_FILTERS.map((f) => {
            const active = filters.type === f.value;
            return (
              <button
                key={f.label}
                type="button"
                aria-pressed={active}
                className={`chip shrink-0 ${active ? 'chip-active' : 'hover:border-violet-300 hover:text-violet-700'}`}
                onClick={() => setFilters({ type: f.value })}
              >
                {f.label}
              </button>
            );
          })}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox value={filters.q} onSearch={onSearch} />
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="shrink-0 text-sm text-slate-600">
            Sort by
          </label>
          <select
            id={sortId}
            className="field-input h-10 flex-1 px-3 sm:flex-none"
            value={filters.sort}
            onChange={(e) => setFilters({ sort: e.target.value as ProjectSort })}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

function DeleteDialog({ project, onCancel, onConfirm }: { project: ProjectListItem | null; onCancel(): void; onConfirm(p: ProjectListItem): void }) {
  const count = project?.children.length ?? 0;
  return (
    <Dialog open={project !== null} onClose={onCancel} title="Delete this project?">
      {project && (
        <>
          <p className="text-sm text-slate-700">
            “<span className="font-medium">{projectTitle(project)}</span>” will be deleted. You can undo this for a few seconds.
          </p>
          {count > 0 && (
            <p className="mt-2 text-sm text-slate-600">
              Its {count} {count === 1 ? 'variation stays' : 'variations stay'} in your projects.
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary h-10 px-4" onClick={onCancel} data-autofocus>
              Cancel
            </button>
            <button type="button" className="btn-primary h-10 bg-rose-600 px-4 hover:bg-rose-700" onClick={() => onConfirm(project)}>
              Delete
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/**
 * /projectList and /my_project (SPEC §2, the same screen): every project of the visitor — guest or
 * account — from GET /api/project/list, with variations under their parent. Type, search and sort
 * live in the URL. Rename and delete (with an undo) patch the list at once and keep the local
 * project history in step; the server's list is what is shown, never the history.
 */
function ProjectListPage() {
  const signedIn = useSessionStore(isSignedIn);
  const [filters, setFilters] = useFilters();
  const query = useProjectList(filters);
  const actions = useProjectActions();
  const [confirming, setConfirming] = useState<ProjectListItem | null>(null);
  const [undo, setUndo] = useState<(DeletedProject & { key: number }) | null>(null);
  const undoKey = useRef(0);
  const projects = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const say = (text: string) => useUiStore.getState().showMessage(text, 'error');

  const rename = async (id: string, name: string) => {
    try {
      await actions.rename(id, name);
    } catch (err) {
      say(failureText(err, 'The project could not be renamed.'));
      throw err;
    }
  };

  const confirmDelete = async (project: ProjectListItem) => {
    setConfirming(null);
    try {
      const deleted = await actions.remove(project);
      undoKey.current += 1;
      setUndo({ ...deleted, key: undoKey.current });
    } catch (err) {
      say(failureText(err, 'The project could not be deleted.'));
    }
  };

  const filtered = hasFilters(filters);

  return (
    <PageFrame
      route="myProject"
      description="Everything you have made — designs, photo shoots, mockups, quotes and edits — in one place."
      actions={
        <AppLink to="/design-chat" className="btn-primary h-10 px-5">
          New design
        </AppLink>
      }
    >
      {!signedIn && (
        <div className="mb-6 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 text-sm text-violet-900 sm:flex-row sm:items-center sm:justify-between">
          <p>You are working as a guest. Create an account to keep these projects on any device.</p>
          <button type="button" className="btn-primary h-9 shrink-0 px-4" onClick={() => useUiStore.getState().open('loginModal')}>
            Sign in or register
          </button>
        </div>
      )}
      <Toolbar filters={filters} setFilters={setFilters} />
      {query.isPending ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading projects" data-testid="project-skeletons">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-2xl border border-slate-100">
              <div className="aspect-[4/3] animate-pulse bg-slate-100" />
              <div className="space-y-2 p-4">
                <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
                <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6">
          <p className="font-medium text-rose-900">Your projects could not be loaded.</p>
          <p className="mt-1 text-sm text-rose-800">{query.error.message}</p>
          <button type="button" className="btn-secondary mt-4 h-9 px-4" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : projects.length === 0 && filtered ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center" data-testid="no-match">
          <p className="text-lg font-semibold">No project matches</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">{noMatchText(filters)}</p>
          <button type="button" className="btn-secondary mt-6 h-10 px-5" onClick={() => setFilters({ type: null, q: '' })}>
            Clear filters
          </button>
        </div>
      ) : projects.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center" data-testid="no-projects">
          <p className="text-lg font-semibold">No projects yet</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">Start a design chat, a photo shoot or a mockup; each one is saved here as a project.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AppLink to="/design-chat" className="btn-primary h-10 px-5">
              Start a design
            </AppLink>
            <AppLink to="/photoshoot" className="btn-secondary h-10 px-5">
              Photo shoot
            </AppLink>
          </div>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-500" aria-live="polite">
            {total} {total === 1 ? 'project' : 'projects'}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="project-list">
            {projects.map((p) => (
              <li key={p.project_id}>
                <ProjectCard project={p} onRename={rename} onDelete={setConfirming} onOpen={(id) => touchLocalHistory(id)} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <button type="button" className="btn-secondary h-10 px-5" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      )}
      {signedIn && (
        <div className="mt-10">
          <PrintRequestList hideWhenEmpty />
        </div>
      )}
      <DeleteDialog project={confirming} onCancel={() => setConfirming(null)} onConfirm={(p) => void confirmDelete(p)} />
      {undo && (
        <UndoToast
          key={undo.key}
          name={projectTitle(undo.project)}
          onUndo={() => actions.restore(undo)}
          onClose={() => setUndo((u) => (u?.key === undo.key ? null : u))}
        />
      )}
    </PageFrame>
  );
}

export { ProjectListPage as Component };

import { useInfiniteQuery } from '@tanstack/react-query';
import { projectCalls, type ProjectSummary, type ProjectType } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { AppLink } from '../../components/AppLink';
import { PrintRequestList } from '../../features/print/PrintRequestList';
import { PageFrame } from '../../layout/PageFrame';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

const PAGE_SIZE = 24;

const TYPE_LABEL: Record<ProjectType, string> = {
  design: 'Design',
  childDesign: 'Design variation',
  photoshoot: 'Photo shoot',
  mockup: 'Mockup',
  pricing_tool: 'Quotation',
  ai_editor: 'AI editor',
};

/** Where a project opens again. */
function projectHref(p: ProjectSummary): string {
  const id = encodeURIComponent(p.project_id);
  if (p.type === 'design' || p.type === 'childDesign') return `/design-chat?pid=${id}`;
  if (p.type === 'pricing_tool') return `/aiquotation?project_id=${id}`;
  return `/chat?id=${id}`;
}

function projectTitle(p: ProjectSummary): string {
  return p.name || [p.brand, p.product].filter(Boolean).join(' · ') || 'Untitled project';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function ProjectListPage() {
  const token = useSessionStore((s) => s.token);
  const signedIn = useSessionStore(isSignedIn);
  const query = useInfiniteQuery({
    queryKey: ['projects', token],
    enabled: token !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => apiCall(projectCalls.list, { page_index: pageParam, page_size: PAGE_SIZE }, { signal }),
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total ? pages.length + 1 : undefined),
  });
  const projects = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <PageFrame
      route="myProject"
      description="Everything you have made — designs, photo shoots, mockups and quotes — newest first."
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
      {query.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading projects">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-40 animate-pulse rounded-2xl bg-slate-100" />
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
      ) : projects.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center">
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
          <p className="mb-4 text-sm text-slate-500">
            {total} {total === 1 ? 'project' : 'projects'}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="project-list">
            {projects.map((p) => (
              <li key={p.project_id}>
                <AppLink
                  to={projectHref(p)}
                  className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-violet-300 hover:shadow-md"
                >
                  <div className="aspect-[4/3] bg-slate-100">
                    {p.cover ? (
                      <img src={p.cover} alt="" loading="lazy" className="h-full w-full object-cover" />
                    ) : (
                      <div className="flex h-full items-center justify-center text-sm text-slate-400">No image yet</div>
                    )}
                  </div>
                  <div className="p-4">
                    <p className="truncate font-medium text-slate-900" data-testid="project-title">
                      {projectTitle(p)}
                    </p>
                    <p className="mt-1 text-xs text-slate-500">
                      {TYPE_LABEL[p.type]} · {dateFormat.format(new Date(p.update_at))}
                    </p>
                  </div>
                </AppLink>
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
    </PageFrame>
  );
}

export { ProjectListPage as Component };

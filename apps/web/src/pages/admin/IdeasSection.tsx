import { useId, useState, type FormEvent } from 'react';
import type { IdeaItem } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { ideaHref, ideaTitle } from '../../features/ideas/IdeaTile';
import { useAdminIdeas, useSetIdea } from './admin-queries';
import { FormNote, ListState, Pager, Table, td } from './admin-ui';

type AdminIdea = IdeaItem & { hidden: boolean };

/**
 * Curating the design-idea gallery: find an idea, feature it (it leads its lists) or hide it (it
 * leaves every list and search, and its page says it is not available); both are undone the same way.
 */
export function IdeasSection() {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const ideas = useAdminIdeas(keyword, page);
  const setIdea = useSetIdea();
  const [done, setDone] = useState<string | null>(null);
  const searchId = useId();

  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim());
    setPage(1);
  };

  const toggle = (idea: AdminIdea, change: { featured: boolean } | { hidden: boolean }) => {
    setDone(null);
    setIdea.mutate(
      { project_id: idea.project_id, ...change },
      {
        onSuccess: (r) =>
          setDone(
            'featured' in change
              ? `${ideaTitle(idea)} is ${r.featured ? 'featured' : 'no longer featured'}.`
              : `${ideaTitle(idea)} is ${r.hidden ? 'hidden from the gallery' : 'back in the gallery'}.`,
          ),
      },
    );
  };

  return (
    <section aria-labelledby={`${searchId}-h`}>
      <h2 id={`${searchId}-h`} className="sr-only">
        Design ideas
      </h2>
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="field-label">
            Find an idea
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input"
            placeholder="Brand, product or name"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={100}
          />
        </div>
        <button type="submit" className="btn-primary h-11 px-5">
          Search
        </button>
      </form>
      <div className="mt-3">
        <FormNote error={setIdea.error} done={done} />
      </div>
      <div className="mt-4">
        <ListState
          loading={ideas.isPending}
          error={ideas.error}
          empty={ideas.data?.items.length === 0}
          emptyText={keyword ? `No idea matches “${keyword}”.` : 'No public ideas yet.'}
          onRetry={() => void ideas.refetch()}
        >
          <p className="mb-3 text-sm text-slate-500">{ideas.data?.total ?? 0} in all.</p>
          <Table caption="Design ideas" head={['Idea', 'Category', 'Likes', 'Views', 'Featured', 'Hidden']}>
            {ideas.data?.items.map((idea) => {
              const title = ideaTitle(idea);
              const busy = setIdea.isPending && setIdea.variables?.project_id === idea.project_id;
              return (
                <tr key={idea.project_id} className={idea.hidden ? 'bg-slate-50 text-slate-400' : undefined}>
                  <td className={td}>
                    <div className="flex items-center gap-3">
                      <span
                        className="h-12 w-12 shrink-0 overflow-hidden rounded-lg border border-slate-200"
                        style={{ backgroundColor: idea.palette[0] ?? '#f1f5f9' }}
                      >
                        {idea.cover_url && <img src={idea.cover_url} alt="" loading="lazy" className="h-full w-full object-cover" />}
                      </span>
                      <span>
                        <AppLink to={ideaHref(idea.project_id)} className="font-medium text-slate-900 hover:text-violet-700">
                          {title}
                        </AppLink>
                        <span className="block text-xs text-slate-500">{idea.made_by_packsmith ? 'by Packsmith' : 'published by a user'}</span>
                      </span>
                    </div>
                  </td>
                  <td className={td}>{idea.category ?? '—'}</td>
                  <td className={`${td} tabular-nums`}>{idea.like_count.toLocaleString()}</td>
                  <td className={`${td} tabular-nums`}>{idea.view_count.toLocaleString()}</td>
                  <td className={td}>
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={idea.featured}
                        disabled={busy}
                        onChange={(e) => toggle(idea, { featured: e.target.checked })}
                        aria-label={`Feature ${title}`}
                        className="h-4 w-4 accent-violet-600"
                      />
                      <span className="sr-only sm:not-sr-only">{idea.featured ? 'Yes' : 'No'}</span>
                    </label>
                  </td>
                  <td className={td}>
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={idea.hidden}
                        disabled={busy}
                        onChange={(e) => toggle(idea, { hidden: e.target.checked })}
                        aria-label={`Hide ${title}`}
                        className="h-4 w-4 accent-rose-600"
                      />
                      <span className="sr-only sm:not-sr-only">{idea.hidden ? 'Yes' : 'No'}</span>
                    </label>
                  </td>
                </tr>
              );
            })}
          </Table>
          <Pager page={page} total={ideas.data?.total ?? 0} onPage={setPage} label="Design ideas" />
        </ListState>
      </div>
    </section>
  );
}

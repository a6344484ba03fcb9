import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../layout/PageFrame';
import { CategoryPreviews } from '../../features/ideas/CategoryPreviews';
import { IdeaFiltersBar } from '../../features/ideas/IdeaFiltersBar';
import { IdeaGrid } from '../../features/ideas/IdeaGrid';
import { filtersFromParams, hasNarrowingFilter, withFilter, withoutFilters } from '../../features/ideas/filters';
import { loadedIdeas, useCategoryPreviews, useIdeaPages } from '../../features/ideas/idea-queries';
import { useDocumentMeta } from '../../features/ideas/useDocumentMeta';
import { categoryOfParam } from './categories';
import { CategoryNav } from './CategoryNav';

const DESCRIPTION = 'Packaging designs made with Packsmith, sorted by category. Open one to see how it was made, or redesign it for your product.';

function CategoryPage() {
  const slug = useParams()['*'] ?? '';
  const category = slug ? categoryOfParam(slug) : undefined;
  const unknown = Boolean(slug) && !category;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const narrowing = hasNarrowingFilter(filters);
  const pages = useIdeaPages({ kind: 'category', cate: category ?? null, filters }, !unknown);
  const showPreviews = !slug && !narrowing;
  // Only /design-ideas shows the rows: a category page must not pay for them on its first paint.
  const previews = useCategoryPreviews(showPreviews);
  const ideas = loadedIdeas(pages.data);

  useDocumentMeta({
    title: `Design ideas — ${unknown ? 'Not found' : (category ?? 'All categories')} | Packsmith`,
    description: category ? `${category} packaging design ideas made with Packsmith: browse, like and redesign them for your product.` : DESCRIPTION,
  });

  const clear = () => setParams(withoutFilters(params), { replace: true });

  return (
    <PageFrame
      route="category"
      eyebrow={category}
      description={DESCRIPTION}
      actions={
        <AppLink to="/design-ideas/search" className="btn-secondary h-10 px-5">
          Search ideas
        </AppLink>
      }
    >
      <CategoryNav />
      <div className="mt-8">
        {unknown ? (
          <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            There is no category called “{slug}”. Pick one of the categories above.
          </p>
        ) : (
          <>
            {showPreviews && (
              <div className="mb-12">
                <CategoryPreviews list={previews.data?.list} status={previews.status} error={previews.error} onRetry={() => void previews.refetch()} />
              </div>
            )}
            {showPreviews && <h2 className="mb-4 text-xl font-semibold text-slate-900">All ideas</h2>}
            <IdeaFiltersBar filters={filters} onChange={(key, value) => setParams(withFilter(params, key, value), { replace: true })} onClear={clear} />
            <div className="mt-6">
              <IdeaGrid
                label={category ? `${category} ideas` : 'All ideas'}
                ideas={ideas}
                total={pages.data?.pages.at(-1)?.total}
                status={pages.data ? 'success' : pages.status}
                error={pages.error}
                onRetry={() => void pages.refetch()}
                hasNextPage={pages.hasNextPage}
                isFetchingNextPage={pages.isFetchingNextPage}
                nextPageError={pages.isFetchNextPageError ? pages.error : undefined}
                fetchNextPage={() => void pages.fetchNextPage()}
                empty={
                  <div role="status" className="rounded-2xl border border-dashed border-slate-300 bg-slate-50/70 p-8 text-center">
                    <p className="text-base font-medium text-slate-900">{narrowing ? 'No ideas match these filters' : 'No ideas in this category yet'}</p>
                    {narrowing && (
                      <button type="button" className="btn-primary mt-4 h-10 px-5" onClick={clear}>
                        Clear filters
                      </button>
                    )}
                  </div>
                }
              />
            </div>
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { CategoryPage as Component };

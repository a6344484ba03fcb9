import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STYLE_TAGS } from '@packsmith/contracts';
import { useAppNavigate } from '../../components/AppLink';
import { PageFrame } from '../../layout/PageFrame';
import { IdeaGrid } from '../../features/ideas/IdeaGrid';
import { ImageSearch } from '../../features/ideas/ImageSearch';
import { SearchBox } from '../../features/ideas/SearchBox';
import { tagLabel } from '../../features/ideas/filters';
import { loadedIdeas, useIdeaPages, type IdeaSource } from '../../features/ideas/idea-queries';
import type { Suggestion } from '../../features/ideas/suggestions';
import { useDocumentMeta } from '../../features/ideas/useDocumentMeta';
import { categoryHref } from './categories';
import { CategoryNav } from './CategoryNav';

/** Tags offered before anything is typed, and when a search finds nothing. */
const STARTER_TAGS = STYLE_TAGS.slice(0, 8).map((s) => s.slug);

function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useAppNavigate();
  const keyword = params.get('keyword')?.trim() ?? '';
  const tag = params.get('tag')?.trim() ?? '';
  const byImage = params.get('by') === 'image';
  const [typed, setTyped] = useState(tag ? tagLabel(tag) : keyword);
  // Back and forward (or a shared link) change the URL: the field shows what is searched.
  useEffect(() => setTyped(tag ? tagLabel(tag) : keyword), [keyword, tag]);

  const source: IdeaSource | null = tag ? { kind: 'tag', tag } : keyword ? { kind: 'search', keyword, filters: {} } : null;
  const pages = useIdeaPages(source ?? { kind: 'search', keyword: '', filters: {} }, source !== null);
  const ideas = loadedIdeas(pages.data);
  const total = pages.data?.pages.at(-1)?.total;
  const what = tag ? tagLabel(tag) : keyword;

  useDocumentMeta({ title: what ? `Design ideas — “${what}” | Packsmith` : 'Search design ideas | Packsmith' });

  const go = (next: { keyword?: string; tag?: string }) => {
    const q = new URLSearchParams(params);
    q.delete('keyword');
    q.delete('tag');
    q.delete('by');
    // SPEC §5: an empty keyword is dropped from the search.
    if (next.keyword) q.set('keyword', next.keyword);
    if (next.tag) q.set('tag', next.tag);
    setParams(q);
  };
  const pick = (s: Suggestion) => {
    if (s.kind === 'category') navigate(categoryHref(s.value));
    else {
      setTyped(s.label);
      go({ keyword: s.label });
    }
  };

  const tagChips = (slugs: readonly string[]) => (
    <div className="flex flex-wrap gap-2">
      {slugs.map((slug) => (
        <button key={slug} type="button" className="chip hover:border-violet-300" onClick={() => go({ tag: slug })}>
          {tagLabel(slug)}
        </button>
      ))}
    </div>
  );

  return (
    <PageFrame route="searchCategory" description="Search public packaging designs by brand, product, style, colour or element.">
      <SearchBox value={typed} onValueChange={setTyped} onSearch={(k) => go({ keyword: k })} onPick={pick} />
      <div className="mt-3">
        <button
          type="button"
          className="text-sm font-medium text-violet-700 hover:underline"
          aria-expanded={byImage}
          onClick={() => {
            const q = new URLSearchParams(params);
            if (byImage) q.delete('by');
            else q.set('by', 'image');
            setParams(q, { replace: true });
          }}
        >
          {byImage ? 'Search by words' : 'Search by image'}
        </button>
      </div>
      <div className="mt-6">
        <CategoryNav />
      </div>
      <div className="mt-8">
        {byImage ? (
          <ImageSearch />
        ) : !source ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">Type a brand, a product or a look — or start from a style:</p>
            {tagChips(STARTER_TAGS)}
          </div>
        ) : (
          <>
            {pages.data && (
              <h2 className="mb-4 text-lg font-semibold text-slate-900" aria-live="polite">
                {total === 1 ? '1 idea' : `${total ?? 0} ideas`} {tag ? 'tagged' : 'for'} “{what}”
              </h2>
            )}
            <IdeaGrid
              label={`Ideas for ${what}`}
              ideas={ideas}
              total={total}
              status={pages.data ? 'success' : pages.status}
              error={pages.error}
              onRetry={() => void pages.refetch()}
              hasNextPage={pages.hasNextPage}
              isFetchingNextPage={pages.isFetchingNextPage}
              nextPageError={pages.isFetchNextPageError ? pages.error : undefined}
              fetchNextPage={() => void pages.fetchNextPage()}
              empty={
                <div role="status" className="space-y-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/70 p-6">
                  <p className="text-base font-medium text-slate-900">No ideas for “{what}”.</p>
                  <p className="text-sm text-slate-600">Try another word, a category above, or one of these styles:</p>
                  {tagChips(STARTER_TAGS)}
                </div>
              }
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { SearchPage as Component };

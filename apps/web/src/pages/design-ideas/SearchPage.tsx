import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../layout/PageFrame';
import { CategoryNav } from './CategoryNav';

function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const current = params.get('keyword') ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    // SPEC §5: an empty keyword is dropped from the search.
    if (keyword.trim()) next.set('keyword', keyword.trim());
    else next.delete('keyword');
    setParams(next);
  };
  return (
    <PageFrame route="searchCategory" description="Search public packaging designs by keyword, style or colour.">
      <form role="search" onSubmit={submit} className="flex max-w-xl gap-2">
        <label htmlFor="idea-search" className="sr-only">
          Search design ideas
        </label>
        <input
          id="idea-search"
          type="search"
          className="field-input mt-0 flex-1"
          placeholder="e.g. coffee pouch, minimal, green"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit" className="btn-primary h-11 px-5">
          Search
        </button>
      </form>
      <div className="mt-8">
        <CategoryNav />
      </div>
      <p className="mt-8 text-sm text-slate-500" role="status">
        {current
          ? `Search results for “${current}” appear here once the gallery opens.`
          : 'Type a keyword to search; results appear here once the gallery opens.'}
      </p>
    </PageFrame>
  );
}

export { SearchPage as Component };

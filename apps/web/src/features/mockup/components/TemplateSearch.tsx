import { useEffect, useId, useRef, useState } from 'react';

/** How long typing pauses before the search runs (and goes into the URL). */
export const SEARCH_DEBOUNCE_MS = 350;

interface TemplateSearchProps {
  /** The search in the URL. */
  value: string;
  /** A new search (debounced while typing; at once on Enter or clear). */
  onSearch(keyword: string): void;
}

/** The template search box: by name and keywords, any case. Escape or the × clears it. */
export function TemplateSearch({ value, onSearch }: TemplateSearchProps) {
  const [text, setText] = useState(value);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The URL changed another way (a link, back and forward): the box follows it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const keyword = text.trim();
    if (keyword === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = keyword;
      onSearchRef.current(keyword);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const now = (keyword: string) => {
    setText(keyword);
    sent.current = keyword.trim();
    onSearchRef.current(keyword.trim());
  };

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-xs"
      onSubmit={(e) => {
        e.preventDefault();
        now(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search templates
      </label>
      <svg viewBox="0 0 24 24" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true">
        <path d="M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14z M20 20l-4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder="Search templates, e.g. kraft, bottle"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text !== '') {
            e.preventDefault();
            now('');
          }
        }}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-9 text-sm shadow-sm placeholder:text-slate-400 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-100 [&::-webkit-search-cancel-button]:hidden"
        data-testid="template-search"
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Clear the search"
          onClick={() => {
            now('');
            input.current?.focus();
          }}
          className="absolute right-1.5 top-1/2 inline-flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </form>
  );
}

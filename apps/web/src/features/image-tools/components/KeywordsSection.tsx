import { useEffect, useState } from 'react';
import { useImageTools, useImageToolsController } from '../image-tools-context';
import { currentStep } from '../step-history';
import type { ImageKeywords } from '../tool-requests';
import { KEYWORDS_EMPTY_TEXT } from '../tools';

type Loaded = { url: string; data: ImageKeywords; error: null } | { url: string; data: null; error: string };

const KEYWORDS_FAILED_TEXT = 'The keywords could not be read.';

/**
 * The current step's keywords (GET /api/vector/search/keyword, free): its colours as swatches with
 * their names and shares, and keyword chips that search the mockup library. Loaded when the step changes.
 */
export function KeywordsSection({ onFindTemplates }: { onFindTemplates?(keyword: string): void }) {
  const ctl = useImageToolsController();
  const url = useImageTools((s) => (s.history ? currentStep(s.history).url : null));
  const projectId = useImageTools((s) => s.projectId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!url || !projectId) return;
    const abort = new AbortController();
    ctl.keywords(url, abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setLoaded({ url, data, error: null });
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setLoaded({ url, data: null, error: err instanceof Error && err.message ? err.message : KEYWORDS_FAILED_TEXT });
      },
    );
    return () => abort.abort();
  }, [ctl, url, projectId]);

  if (!url || !projectId) return null;
  const current = loaded?.url === url ? loaded : null;
  const copy = async () => {
    if (!current?.data) return;
    try {
      await navigator.clipboard.writeText(current.data.keywords.join(', '));
      setCopiedUrl(url);
    } catch {
      setCopiedUrl(null);
    }
  };

  return (
    <section aria-labelledby="keywords-heading" aria-live="polite" className="space-y-2 border-t border-slate-200 pt-3" data-testid="keywords">
      <div className="flex items-center justify-between gap-2">
        <h3 id="keywords-heading" className="text-sm font-semibold text-slate-900">
          Keywords <span className="font-normal text-slate-500">· free</span>
        </h3>
        {current?.data && current.data.keywords.length > 0 && (
          <button type="button" className="text-sm font-medium text-violet-700 hover:text-violet-900" onClick={() => void copy()} data-testid="keywords-copy">
            {copiedUrl === url ? 'Copied' : 'Copy'}
            <span className="sr-only"> all keywords</span>
          </button>
        )}
      </div>
      {!current && (
        <div aria-busy="true" aria-label="Loading the keywords" data-testid="keywords-loading" className="space-y-2">
          <div className="h-6 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-6 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
      )}
      {current?.error !== null && current?.error !== undefined && (
        <p className="text-sm text-rose-700" data-testid="keywords-error">
          {current.error}
        </p>
      )}
      {current?.data && <KeywordsList data={current.data} onFindTemplates={onFindTemplates} />}
    </section>
  );
}

function KeywordsList({ data, onFindTemplates }: { data: ImageKeywords; onFindTemplates?(keyword: string): void }) {
  if (data.keywords.length === 0 && data.colors.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="keywords-empty">
        {KEYWORDS_EMPTY_TEXT}
      </p>
    );
  }
  return (
    <>
      {data.colors.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Colours">
          {data.colors.map((c) => (
            <li
              key={`${c.name}-${c.hex}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white py-0.5 pl-1 pr-2 text-xs text-slate-700"
              data-testid="keyword-color"
            >
              <span className="h-4 w-4 rounded-full border border-slate-300" style={{ backgroundColor: c.hex }} aria-hidden="true" />
              {c.name} <span className="text-slate-500">{Math.round(c.share * 100)}%</span>
            </li>
          ))}
        </ul>
      )}
      {data.keywords.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Keywords">
          {data.keywords.map((k) => (
            <li key={k}>
              <button
                type="button"
                className="rounded-full bg-violet-50 px-2.5 py-1 text-xs font-medium text-violet-800 hover:bg-violet-100 disabled:opacity-60"
                disabled={!onFindTemplates}
                onClick={() => onFindTemplates?.(k)}
                aria-label={`Find templates: ${k}`}
                title="Find templates"
                data-testid="keyword-chip"
              >
                {k}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500" data-testid="keywords-empty">
          {KEYWORDS_EMPTY_TEXT}
        </p>
      )}
      {data.keywords.length > 0 && onFindTemplates && <p className="text-xs text-slate-500">Choose a keyword to find templates like it.</p>}
    </>
  );
}

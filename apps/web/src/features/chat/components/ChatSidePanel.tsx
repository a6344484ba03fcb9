import { useEffect, useId, useRef, useState } from 'react';
import { useChatState } from '../chat-context';
import { BoxPanel } from './BoxPanel';
import { BriefPanel } from './BriefPanel';
import { ResultHistory } from './ResultHistory';

const TABS = [
  { id: 'brief', label: 'Brief' },
  { id: 'boxes', label: 'Box' },
  { id: 'results', label: 'Results' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The side panel (desktop) or sheet (mobile): live brief, box panel, result history as tabs. */
export function ChatSidePanel() {
  const [tab, setTab] = useState<TabId>('brief');
  const suggested = useChatState((s) => s.suggestedBoxes);
  // While a chat loads its history nothing is news; only what arrives afterwards earns a dot.
  const live = useChatState((s) => s.status === 'ready');
  const resultCount = useChatState((s) => s.project?.result_list.reduce((n, l) => n + l.length, 0) ?? 0);
  const [fresh, setFresh] = useState<Record<TabId, boolean>>({ brief: false, boxes: false, results: false });
  const seenSuggestions = useRef(suggested);
  const seenResults = useRef(resultCount);
  const id = useId();
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ brief: null, boxes: null, results: null });

  // A tab that gained something while another was open gets a dot until it is opened. What a chat
  // loads with (its history) is not news: values seen up to the render that made it ready only set the baseline.
  const wasLive = useRef(live);
  useEffect(() => {
    const baseline = !wasLive.current;
    wasLive.current = live;
    if (!baseline) {
      if (suggested !== seenSuggestions.current && suggested.length > 0 && tab !== 'boxes') setFresh((f) => ({ ...f, boxes: true }));
      if (resultCount > seenResults.current && tab !== 'results') setFresh((f) => ({ ...f, results: true }));
    }
    seenSuggestions.current = suggested;
    seenResults.current = resultCount;
  }, [suggested, resultCount, tab, live]);

  const choose = (next: TabId) => {
    setTab(next);
    setFresh((f) => ({ ...f, [next]: false }));
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label="Project panel" className="mx-4 mt-4 grid shrink-0 grid-cols-3 rounded-xl bg-slate-100 p-1">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              e.preventDefault();
              const next = TABS[(i + step + TABS.length) % TABS.length];
              if (next) {
                choose(next.id);
                tabRefs.current[next.id]?.focus();
              }
            }}
            className={`relative rounded-lg py-1.5 text-sm font-medium transition ${tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800'}`}
          >
            {t.label}
            {t.id === 'results' && resultCount > 0 && <span className="ml-1 text-xs text-slate-400">{resultCount}</span>}
            {fresh[t.id] && (
              <>
                <span className="absolute right-2 top-1.5 h-2 w-2 rounded-full bg-fuchsia-500" aria-hidden="true" />
                <span className="sr-only"> (new)</span>
              </>
            )}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${id}-${t.id}-panel`}
          aria-labelledby={`${id}-${t.id}-tab`}
          hidden={tab !== t.id}
          className="min-h-0 flex-1 overflow-y-auto px-4 py-4"
        >
          {tab === t.id && (t.id === 'brief' ? <BriefPanel /> : t.id === 'boxes' ? <BoxPanel /> : <ResultHistory />)}
        </div>
      ))}
    </div>
  );
}

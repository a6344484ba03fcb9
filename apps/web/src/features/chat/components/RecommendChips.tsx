import { useState } from 'react';
import { lookupColour } from '@packsmith/contracts';
import { useChatController, useChatState } from '../chat-context';
import type { RecommendData } from '../chat-data';

function toggle(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((i) => i !== item) : [...list, item];
}

/** Recommended styles and colours as chips: pick some, then "Use these" sends them as one message. */
export function RecommendChips({ data }: { data: RecommendData }) {
  const [styles, setStyles] = useState<string[]>([]);
  const [colors, setColors] = useState<string[]>([]);
  const chat = useChatController();
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  const count = styles.length + colors.length;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="recommend-chips">
      {data.styles.length > 0 && (
        <fieldset>
          <legend className="text-xs font-semibold uppercase tracking-wider text-slate-500">Styles</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {data.styles.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={styles.includes(s)}
                onClick={() => setStyles((l) => toggle(l, s))}
                className={`chip ${styles.includes(s) ? 'chip-active' : 'hover:border-violet-300 hover:text-violet-700'}`}
              >
                {s}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {data.colors.length > 0 && (
        <fieldset className={data.styles.length > 0 ? 'mt-4' : ''}>
          <legend className="text-xs font-semibold uppercase tracking-wider text-slate-500">Colours</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {data.colors.map((c) => {
              const hex = lookupColour(c)?.hex;
              return (
                <button
                  key={c}
                  type="button"
                  aria-pressed={colors.includes(c)}
                  onClick={() => setColors((l) => toggle(l, c))}
                  className={`chip items-center gap-2 ${colors.includes(c) ? 'chip-active' : 'hover:border-violet-300 hover:text-violet-700'}`}
                >
                  {hex && <span className="h-3.5 w-3.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: hex }} aria-hidden="true" />}
                  {c}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="mt-4 flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500">{count === 0 ? 'Pick any that fit your brand.' : `${count} selected`}</p>
        <button
          type="button"
          className="btn-primary h-9 px-4 text-sm"
          disabled={count === 0 || busy}
          onClick={() => void chat.sendRecommendation(styles, colors)}
        >
          Use these
        </button>
      </div>
    </div>
  );
}

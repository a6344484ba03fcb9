import { useChatController, useChatState } from '../chat-context';
import { AssistantBubble, AssistantRow } from './Bubbles';
import { LazyImage } from './LazyImage';
import { SparkleIcon } from './icons';

export const SUGGESTIONS = [
  'Organic green tea called Leaf & Co, in a tuck-end box',
  'A craft IPA can for Hop Theory brewery, bold and retro',
  'Luxury face serum by Lumière in a glass dropper bottle',
] as const;

export function Suggestions({ onPick }: { onPick(text: string): void }) {
  return (
    <div className="pl-0 sm:pl-11" data-testid="suggestions">
      <p className="text-xs font-medium uppercase tracking-wider text-slate-400">Try one of these</p>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onPick(s)}
              className="w-full rounded-xl border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-700 shadow-sm transition hover:border-violet-300 hover:text-violet-800 sm:w-auto"
            >
              {s}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The top of a chat that has only the greeting: what this tool does, in three steps. */
export function Welcome() {
  const steps = ['Describe your product', 'Pick a box and a style', 'Get designs to refine'];
  return (
    <div className="flex flex-col items-center pb-2 pt-4 text-center sm:pt-8" data-testid="chat-welcome">
      <span
        className="flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-lg shadow-violet-200"
        aria-hidden="true"
      >
        <SparkleIcon className="h-7 w-7" filled />
      </span>
      <p className="mt-4 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">What are we packaging today?</p>
      <ol className="mt-4 flex flex-wrap justify-center gap-2 text-xs text-slate-600">
        {steps.map((step, i) => (
          <li key={step} className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 shadow-sm">
            <span className="flex h-4 w-4 items-center justify-center rounded-full bg-violet-100 text-[0.65rem] font-semibold text-violet-700">{i + 1}</span>
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function Skeleton() {
  return (
    <div className="space-y-5" aria-hidden="true" data-testid="chat-skeleton">
      {[72, 48, 64].map((w, i) => (
        <div key={i} className={`flex gap-3 ${i === 1 ? 'justify-end' : ''}`}>
          {i !== 1 && <div className="hidden h-8 w-8 animate-pulse rounded-full bg-slate-200 sm:block" />}
          <div className="h-12 animate-pulse rounded-2xl bg-slate-200/80" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

/** What a child design started from (its parent image). */
export function OriginCard({ url }: { url: string }) {
  return (
    <AssistantRow>
      <div className="flex max-w-md items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="origin-card">
        <LazyImage src={url} alt="The design this child design starts from" className="h-16 w-16 shrink-0 rounded-xl" fit="contain" retryable={false} />
        <div>
          <p className="text-sm font-semibold text-slate-900">Child design</p>
          <p className="text-sm text-slate-600">Starting from this design. Tell the assistant what to change.</p>
        </div>
      </div>
    </AssistantRow>
  );
}

/** The chat could not open: why, and a way to try again. */
export function StartError({ onRetryStart }: { onRetryStart?(): void }) {
  const chat = useChatController();
  const error = useChatState((s) => s.error);
  const projectId = useChatState((s) => s.projectId);
  const surface = useChatState((s) => s.surface);
  return (
    <AssistantRow testId="chat-error">
      <div role="alert" className="w-fit max-w-full rounded-2xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 shadow-sm">
        <p className="font-medium">We couldn't open this chat.</p>
        {error && <p className="mt-0.5 text-rose-800">{error}</p>}
        {(projectId || onRetryStart) && (
          <button
            type="button"
            className="mt-2.5 inline-flex h-8 items-center rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100"
            onClick={() => (projectId ? void chat.openChat(projectId, { surface }) : onRetryStart?.())}
          >
            Try again
          </button>
        )}
      </div>
    </AssistantRow>
  );
}

export function CatchingUp() {
  return (
    <AssistantRow>
      <AssistantBubble tone="muted">
        <span className="text-sm">Catching up on this chat…</span>
      </AssistantBubble>
    </AssistantRow>
  );
}

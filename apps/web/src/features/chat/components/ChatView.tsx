import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage } from '@packsmith/contracts';
import { useChatStore } from '../../../stores/chat.store';
import { closePreview, openChat } from '../chat-controller';
import { recordIdOf } from '../chat-data';
import { useChatSession } from '../chat-session.store';
import { AssistantBubble, AssistantRow } from './Bubbles';
import { Composer, type ComposerHandle } from './Composer';
import { GenerationCard } from './GenerationCard';
import { ImageSwiper } from './ImageSwiper';
import { LazyImage } from './LazyImage';
import { SparkleIcon } from './icons';
import { MessageItem } from './MessageItem';
import { WaitingNotice } from './WaitingNotice';

export const SUGGESTIONS = [
  'Organic green tea called Leaf & Co, in a tuck-end box',
  'A craft IPA can for Hop Theory brewery, bold and retro',
  'Luxury face serum by Lumière in a glass dropper bottle',
] as const;

function Suggestions({ onPick }: { onPick(text: string): void }) {
  return (
    <div className="pl-0 sm:pl-11" data-testid="suggestions">
      <p className="text-xs font-medium uppercase tracking-wider text-slate-400">Try one of these</p>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <button type="button" onClick={() => onPick(s)} className="w-full rounded-xl border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-700 shadow-sm transition hover:border-violet-300 hover:text-violet-800 sm:w-auto">
              {s}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The top of a chat that has only the greeting: what this tool does, in three steps. */
function Welcome() {
  const steps = ['Describe your product', 'Pick a box and a style', 'Get designs to refine'];
  return (
    <div className="flex flex-col items-center pb-2 pt-4 text-center sm:pt-8" data-testid="chat-welcome">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-lg shadow-violet-200" aria-hidden="true">
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

function Skeleton() {
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
function OriginCard({ url }: { url: string }) {
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

/** The newest assistant message, read out once (the list itself is not a live region). */
function announcementOf(messages: readonly ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'assistant' && !m.isloading);
  if (!last) return '';
  const text = last.content.message.trim();
  if (last.content.type === 'answer') return `${text} New designs are ready.`.trim();
  if (last.content.type === 'updateOptions') return 'Brief updated.';
  return text;
}

/**
 * The conversation and the composer: the design-chat page's centre and the chat drawer's body.
 * Every message kind is drawn; running generations show progress; a slow answer shows the waiting message.
 */
export function ChatView({ compact = false, onRetryStart }: { compact?: boolean; /** Retries a start that failed before a project existed. */ onRetryStart?(): void }) {
  const messages = useChatStore((s) => s.messages);
  const status = useChatSession((s) => s.status);
  const error = useChatSession((s) => s.error);
  const projectId = useChatSession((s) => s.projectId);
  const surface = useChatSession((s) => s.surface);
  const generations = useChatSession((s) => s.generations);
  const pendingSince = useChatSession((s) => s.pendingSince);
  const sending = useChatSession((s) => s.sending);
  const origin = useChatSession((s) => (s.project?.type === 'childDesign' && typeof s.project.data.origin_image === 'string' ? s.project.data.origin_image : null));
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  const shownRecords = useMemo(() => new Set(messages.filter((m) => m.isloading).map(recordIdOf).filter((id): id is string => id !== null)), [messages]);
  const looseGenerations = Object.values(generations).filter((g) => !shownRecords.has(g.recordId));
  const announcement = announcementOf(messages);
  const onlyHello = messages.length > 0 && messages.every((m) => m.role === 'assistant') && status === 'ready' && !sending;

  // Follows the conversation while the reader is at the bottom; leaves them alone when they scrolled up.
  useLayoutEffect(() => {
    const el = scroller.current;
    // The visitor's own new message always brings the conversation back to the bottom.
    if (messages.at(-1)?.role === 'user') pinned.current = true;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, looseGenerations.length, pendingSince, sending]);
  // A preview left open belongs to this view: it must not reappear when the chat is shown again.
  useEffect(() => () => closePreview(), []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="chat-scroller">
        <div className={`mx-auto w-full max-w-3xl space-y-5 ${compact ? 'px-3 py-4' : 'px-4 py-6 sm:px-6'}`}>
          {onlyHello && !compact && <Welcome />}
          <ol className="space-y-5" aria-label="Conversation">
            {origin && (
              <li>
                <OriginCard url={origin} />
              </li>
            )}
            {messages.map((m) => (
              <li key={m.msg_id}>
                <MessageItem m={m} />
              </li>
            ))}
          </ol>
          {messages.length === 0 && status === 'starting' && <Skeleton />}
          {status === 'error' && (
            <AssistantRow testId="chat-error">
              <div role="alert" className="w-fit max-w-full rounded-2xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 shadow-sm">
                <p className="font-medium">We couldn't open this chat.</p>
                {error && <p className="mt-0.5 text-rose-800">{error}</p>}
                {(projectId || onRetryStart) && (
                  <button
                    type="button"
                    className="mt-2.5 inline-flex h-8 items-center rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100"
                    onClick={() => (projectId ? void openChat(projectId, { surface }) : onRetryStart?.())}
                  >
                    Try again
                  </button>
                )}
              </div>
            </AssistantRow>
          )}
          {onlyHello && !compact && (
            <Suggestions
              onPick={(text) => {
                useChatStore.getState().setDraft(text);
                composer.current?.focus();
              }}
            />
          )}
          {looseGenerations.map((g) => (
            <AssistantRow key={g.recordId}>
              <GenerationCard recordId={g.recordId} />
            </AssistantRow>
          ))}
          <WaitingNotice since={pendingSince} showDots={sending} />
          {status === 'starting' && messages.length > 0 && (
            <AssistantRow>
              <AssistantBubble tone="muted">
                <span className="text-sm">Catching up on this chat…</span>
              </AssistantBubble>
            </AssistantRow>
          )}
        </div>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {announcement}
      </p>
      <div className={`shrink-0 border-t border-slate-200/80 bg-white/90 backdrop-blur ${compact ? 'px-3 pb-3 pt-2' : 'px-4 pb-4 pt-3 sm:px-6'}`}>
        <div className="mx-auto w-full max-w-3xl">
          <Composer ref={composer} compact={compact} />
        </div>
      </div>
      <ImageSwiper />
    </div>
  );
}

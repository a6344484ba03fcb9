import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { ChatMessage } from '@packsmith/contracts';
import { useChatController, useChatState } from '../chat-context';
import { answerOf, recordIdOf } from '../chat-data';
import type { Generation } from '../chat.store';
import { AssistantRow } from './Bubbles';
import { CatchingUp, OriginCard, Skeleton, StartError, Suggestions, Welcome } from './ChatViewParts';
import { Composer, type ComposerHandle } from './Composer';
import { GenerationCard } from './GenerationCard';
import { ImageSwiper } from './ImageSwiper';
import { MessageItem } from './MessageItem';
import { WaitingNotice } from './WaitingNotice';

/** The newest assistant message, read out once (the list itself is not a live region). */
function announcementOf(messages: readonly ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'assistant' && !m.isloading);
  if (!last) return '';
  const text = last.content.message.trim();
  // Only a design answer brings designs (a quotation answer carries a quote instead).
  if (last.content.type === 'answer' && answerOf(last) !== null) return `${text} New designs are ready.`.trim();
  if (last.content.type === 'updateOptions') return 'Brief updated.';
  return text;
}

/** Running generations no loading message shows yet: they get a card of their own. */
function useLooseGenerations(messages: readonly ChatMessage[]): Generation[] {
  const generations = useChatState((s) => s.generations);
  const shownRecords = useMemo(
    () =>
      new Set(
        messages
          .filter((m) => m.isloading)
          .map(recordIdOf)
          .filter((id): id is string => id !== null),
      ),
    [messages],
  );
  return Object.values(generations).filter((g) => !shownRecords.has(g.recordId));
}

/** Follows the conversation while the reader is at the bottom; leaves them alone when they scrolled up. */
function useFollowConversation(
  scroller: RefObject<HTMLDivElement | null>,
  messages: readonly ChatMessage[],
  looseCount: number,
  pendingSince: number | null,
  sending: boolean,
): void {
  const pinned = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    // The visitor's own new message always brings the conversation back to the bottom.
    if (messages.at(-1)?.role === 'user') pinned.current = true;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [scroller, messages, looseCount, pendingSince, sending]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);
}

function Conversation({ messages }: { messages: readonly ChatMessage[] }) {
  const origin = useChatState((s) =>
    s.project?.type === 'childDesign' && typeof s.project.data.origin_image === 'string' ? s.project.data.origin_image : null,
  );
  return (
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
  );
}

/**
 * The conversation and the composer: the design-chat page's centre and the chat drawer's body.
 * Every message kind is drawn; running generations show progress; a slow answer shows the waiting message.
 */
export function ChatView({
  compact = false,
  onRetryStart,
}: {
  compact?: boolean;
  /** Retries a start that failed before a project existed. */ onRetryStart?(): void;
}) {
  const chat = useChatController();
  const messages = useChatState((s) => s.messages);
  const status = useChatState((s) => s.status);
  const pendingSince = useChatState((s) => s.pendingSince);
  const sending = useChatState((s) => s.sending);
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const looseGenerations = useLooseGenerations(messages);
  const onlyHello = messages.length > 0 && messages.every((m) => m.role === 'assistant') && status === 'ready' && !sending;
  useFollowConversation(scroller, messages, looseGenerations.length, pendingSince, sending);
  // A preview left open belongs to this view: it must not reappear when the chat is shown again.
  useEffect(() => () => chat.closePreview(), [chat]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="chat-scroller">
        <div className={`mx-auto w-full max-w-3xl space-y-5 ${compact ? 'px-3 py-4' : 'px-4 py-6 sm:px-6'}`}>
          {onlyHello && !compact && <Welcome />}
          <Conversation messages={messages} />
          {messages.length === 0 && status === 'starting' && <Skeleton />}
          {status === 'error' && <StartError onRetryStart={onRetryStart} />}
          {onlyHello && !compact && (
            <Suggestions
              onPick={(text) => {
                chat.store.getState().setDraft(text);
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
          {status === 'starting' && messages.length > 0 && <CatchingUp />}
        </div>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {announcementOf(messages)}
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

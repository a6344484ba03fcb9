import { useEffect, useState } from 'react';
import { nextWaitingChangeIn, waitingMessageAt } from '../waiting';
import { AssistantBubble, AssistantRow, TypingDots } from './Bubbles';

/** The waiting message for an answer awaited since `since` (SPEC §4 Waiting), re-rendered only when it changes. */
export function useWaitingMessage(since: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        nextWaitingChangeIn(Date.now() - since) + 5,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [since]);
  return since === null ? null : waitingMessageAt(now - since);
}

/** While an answer is awaited: typing dots, and after 20 s the alternating queue / high-demand message. */
export function WaitingNotice({ since, showDots }: { since: number | null; showDots: boolean }) {
  const message = useWaitingMessage(since);
  if (since === null || (!message && !showDots)) return null;
  return (
    <AssistantRow testId="waiting-notice">
      <AssistantBubble tone="muted">
        {message ? (
          <span className="flex items-center gap-3">
            <TypingDots />
            <span data-testid="waiting-message">{message}</span>
          </span>
        ) : (
          <span className="flex h-6 items-center" aria-label="The assistant is typing">
            <TypingDots />
          </span>
        )}
      </AssistantBubble>
    </AssistantRow>
  );
}

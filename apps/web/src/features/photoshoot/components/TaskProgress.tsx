import { useChatState } from '../../chat/chat-context';
import { useWaitingMessage } from '../../chat/components/WaitingNotice';

/** The progress (0–100) of a generate record the chat follows, or null when it follows none. */
export function useRecordProgress(recordId: string | null): number | null {
  // A primitive selection: zustand re-renders only when the number changes.
  return useChatState((s) => (recordId ? (s.generations[recordId]?.progress ?? null) : null));
}

interface TaskProgressProps {
  label: string;
  /** 0–100, or null while it is not known yet. */
  progress: number | null;
  detail?: string;
  testId?: string;
}

/**
 * A progress bar with its words read out politely (aria-live): what is happening, how far, and after
 * 20 s the alternating queue / high-demand message (SPEC §4 Waiting).
 */
export function TaskProgress({ label, progress, detail, testId }: TaskProgressProps) {
  const since = useChatState((s) => s.pendingSince);
  const waiting = useWaitingMessage(since);
  const value = progress === null ? null : Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        {/* Only the words are live: a percentage read out at every step would drown everything else. */}
        <p className="text-sm font-medium text-slate-800" role="status" aria-live="polite">
          {label}
        </p>
        {value !== null && (
          <span className="text-sm font-semibold tabular-nums text-violet-700" aria-hidden="true">
            {value}%
          </span>
        )}
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-violet-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(value !== null ? { 'aria-valuenow': value } : {})}
      >
        {value === null ? (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-violet-400" />
        ) : (
          <div
            className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-500 ease-out"
            style={{ width: `${Math.max(value, 3)}%` }}
          />
        )}
      </div>
      {(waiting ?? detail) && (
        <p className="mt-2 text-xs text-slate-500" aria-live="polite" data-testid={waiting ? 'waiting-message' : undefined}>
          {waiting ?? detail}
        </p>
      )}
    </div>
  );
}

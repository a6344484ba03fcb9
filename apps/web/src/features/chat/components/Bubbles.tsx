import type { ReactNode } from 'react';
import { SparkleIcon } from './icons';

export function AssistantAvatar() {
  return (
    <span
      aria-hidden="true"
      className="mt-0.5 hidden h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-sm ring-4 ring-white sm:flex"
    >
      <SparkleIcon className="h-4 w-4" filled />
    </span>
  );
}

/** An assistant turn: avatar, then the bubble and whatever the message carries (cards, chips, designs). */
export function AssistantRow({ children, testId, kind }: { children: ReactNode; testId?: string; kind?: string }) {
  return (
    <div className="flex gap-3" data-testid={testId} data-kind={kind} data-role="assistant">
      <AssistantAvatar />
      <div className="min-w-0 flex-1 space-y-3">{children}</div>
    </div>
  );
}

export function AssistantBubble({ children, tone = 'default' }: { children: ReactNode; tone?: 'default' | 'error' | 'muted' }) {
  const tones = {
    default: 'border-slate-200 bg-white text-slate-800',
    error: 'border-rose-200 bg-rose-50 text-rose-900',
    muted: 'border-slate-200 bg-white/70 text-slate-600',
  } as const;
  return (
    <div
      className={`w-fit max-w-full whitespace-pre-line break-words rounded-2xl rounded-tl-md border px-4 py-2.5 text-[0.95rem] leading-relaxed shadow-sm sm:max-w-[85%] ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

/** Three dots that pulse while the assistant is working. */
export function TypingDots() {
  return (
    <span className="inline-flex items-center gap-1" aria-hidden="true">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="h-1.5 w-1.5 animate-bounce rounded-full bg-violet-400" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}

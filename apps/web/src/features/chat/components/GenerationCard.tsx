import { useChatState } from '../chat-context';
import { SparkleIcon } from './icons';

const STATUS_TEXT = {
  queued: 'Waiting for a free designer…',
  running: 'Designing your packaging…',
  done: 'Finishing up…',
  failed: 'This run stopped.',
} as const;
const PHOTO_TEXT = { queued: 'Waiting in the queue…', running: 'Working on your photo…', done: 'Finishing up…', failed: 'This run stopped.' } as const;

/** The progress bar of one generation, fed by generate:progress and by polling the record. */
export function GenerationCard({ recordId }: { recordId: string }) {
  const g = useChatState((s) => s.generations[recordId]);
  const progress = g ? Math.round(g.progress) : 0;
  const status = g?.status ?? 'queued';
  const photoShoot = useChatState((s) => s.project?.type === 'photoshoot');
  const text = photoShoot ? PHOTO_TEXT : STATUS_TEXT;
  return (
    <div className="max-w-md rounded-2xl border border-violet-200 bg-white p-4 shadow-sm" data-testid="generation-progress">
      <div className="flex items-center gap-3">
        <span className="relative flex h-9 w-9 items-center justify-center rounded-xl bg-violet-100 text-violet-700" aria-hidden="true">
          <SparkleIcon className="h-5 w-5 animate-pulse" filled />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{text[status]}</p>
          <p className="text-xs text-slate-500">{photoShoot ? 'Photos' : 'Designs'} appear here when they are ready.</p>
        </div>
        <span className="text-sm font-semibold tabular-nums text-violet-700">{progress}%</span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-violet-100"
        role="progressbar"
        aria-label={photoShoot ? 'Photo progress' : 'Design progress'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-500 ease-out"
          style={{ width: `${Math.max(progress, 3)}%` }}
        />
      </div>
      <div className="mt-3 grid grid-cols-4 gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="aspect-square animate-pulse rounded-lg bg-gradient-to-br from-slate-100 to-violet-50"
            style={{ animationDelay: `${i * 120}ms` }}
          />
        ))}
      </div>
    </div>
  );
}

import { useChatController, useChatState } from '../chat-context';
import { marksOf } from '../image-likes';
import { ImageIcon, StarIcon, ThumbDownIcon, ThumbUpIcon } from './icons';
import { LazyImage } from './LazyImage';

const NO_ROUNDS: readonly string[][] = [];

/** The project's results (result_list), newest round first, with liked, disliked and best marks. */
export function ResultHistory() {
  const chat = useChatController();
  const rounds = useChatState((s) => s.project?.result_list ?? NO_ROUNDS);
  const likes = useChatState((s) => s.likes);
  const nonEmpty = rounds.map((images, i) => ({ images: images.filter((u) => u.trim() !== ''), round: i + 1 })).filter((r) => r.images.length > 0);
  return (
    <section aria-labelledby="results-heading" data-testid="result-history">
      <h2 id="results-heading" className="text-sm font-semibold text-slate-900">
        Results
      </h2>
      {nonEmpty.length === 0 ? (
        <div className="mt-3 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <ImageIcon className="h-8 w-8 text-slate-300" />
          <p className="mt-2 text-sm text-slate-500">Your designs will collect here.</p>
        </div>
      ) : (
        <div className="mt-3 space-y-4">
          {[...nonEmpty].reverse().map(({ images, round }) => (
            <div key={round}>
              <p className="text-xs font-medium text-slate-500">Round {round}</p>
              <ul className="mt-1.5 grid grid-cols-3 gap-2">
                {images.map((url, i) => {
                  const m = marksOf(likes, url);
                  const marks = [m.best && 'best', m.liked && 'liked', m.disliked && 'disliked'].filter(Boolean).join(', ');
                  return (
                    <li key={url} className="relative">
                      <button
                        type="button"
                        onClick={() => chat.openPreview(images, i)}
                        aria-label={`Round ${round}, design ${i + 1}${marks ? ` (${marks})` : ''}`}
                        className={`block w-full overflow-hidden rounded-lg border ${m.best ? 'border-amber-400 ring-2 ring-amber-100' : 'border-slate-200'} ${m.disliked ? 'opacity-50' : ''}`}
                      >
                        <LazyImage src={url} alt="" className="aspect-square" retryable={false} />
                      </button>
                      <span className="pointer-events-none absolute bottom-1 right-1 flex gap-0.5" aria-hidden="true">
                        {m.best && (
                          <span className="flex h-5 w-5 items-center justify-center rounded-full bg-amber-400 text-amber-950">
                            <StarIcon className="h-3 w-3" filled />
                          </span>
                        )}
                        {m.liked && (
                          <span className="flex h-5 w-5 items-center justify-center rounded-full bg-violet-600 text-white">
                            <ThumbUpIcon className="h-3 w-3" filled />
                          </span>
                        )}
                        {m.disliked && (
                          <span className="flex h-5 w-5 items-center justify-center rounded-full bg-slate-700 text-white">
                            <ThumbDownIcon className="h-3 w-3" filled />
                          </span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

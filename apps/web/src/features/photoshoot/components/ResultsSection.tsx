import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { useProjectStore } from '../../../stores/project.store';
import { useChatController, useChatState } from '../../chat/chat-context';
import { ActionMenu } from '../../chat/components/ActionMenu';
import { CompareIcon, DownloadIcon, ExpandIcon, MoreIcon, StarIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { downloadImage } from '../../chat/download';
import { useShootState } from '../shoot-context';
import { PhotoLikeButtons } from './PhotoLikeButtons';

/** The result beside the photo it was made from. */
function CompareDialog({ url, onClose }: { url: string | null; onClose(): void }) {
  const original = useShootState((s) => s.photoShootInfo.photoUrl);
  return (
    <Dialog open={url !== null} onClose={onClose} title="Compare with the original" size="lg">
      {url && (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="compare-dialog">
          <figure>
            <LazyImage src={original} alt="Your original product photo" fit="contain" className="aspect-square rounded-xl border border-slate-200" />
            <figcaption className="mt-2 text-center text-sm text-slate-600">Original</figcaption>
          </figure>
          <figure>
            <LazyImage src={url} alt="The photo shoot result" fit="contain" className="aspect-square rounded-xl border border-slate-200" />
            <figcaption className="mt-2 text-center text-sm text-slate-600">Photo shoot</figcaption>
          </figure>
        </div>
      )}
    </Dialog>
  );
}

/**
 * The results (photoResultList), newest first: like and best, compare with the original, full-screen
 * preview (← → Esc), and download gated by plan (SPEC §6, the design chat's rule).
 */
export function ResultsSection() {
  const chat = useChatController();
  const results = useProjectStore((s) => s.photoResultList);
  const latest = useShootState((s) => s.latestRun);
  const best = useChatState((s) => s.likes.like_best);
  const [compare, setCompare] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  if (results.length === 0) return null;
  const shown = [...results].reverse();
  const download = async (url: string, n: number) => {
    setDownloading(url);
    try {
      await downloadImage(url, ['photo', 'shoot'], n);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="results-heading" className="mt-8" data-testid="results">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="results-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Your photos <span className="text-sm font-normal text-slate-500">({results.length})</span>
        </h2>
        <p className="hidden text-sm text-slate-500 sm:block">Like the ones you want; star your favourite.</p>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photo shoot results">
        {shown.map((url, i) => {
          const label = `photo ${i + 1}`;
          const isBest = best === url;
          const isNew = latest.includes(url);
          return (
            <li
              key={url}
              data-testid="result-card"
              className={`relative rounded-2xl border bg-white shadow-sm ${isBest ? 'border-amber-300 ring-2 ring-amber-100' : 'border-slate-200'}`}
            >
              <button
                type="button"
                className="block w-full overflow-hidden rounded-t-2xl"
                onClick={() => chat.openPreview(shown, i)}
                aria-label={`Open ${label} full screen`}
              >
                <LazyImage src={url} alt={`Photo shoot result ${i + 1}`} className="aspect-square" fit="cover" />
              </button>
              <div className="pointer-events-none absolute left-2 top-2 flex gap-1">
                {isBest && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-[0.7rem] font-semibold text-amber-950 shadow-sm">
                    <StarIcon className="h-3 w-3" filled />
                    Best
                  </span>
                )}
                {isNew && !isBest && <span className="rounded-full bg-violet-600 px-2 py-0.5 text-[0.7rem] font-semibold text-white shadow-sm">New</span>}
              </div>
              <div className="flex items-center justify-between gap-1 border-t border-slate-100 px-1.5 py-1">
                <PhotoLikeButtons url={url} label={label} />
                <ActionMenu
                  label={`More actions for ${label}`}
                  icon={<MoreIcon className="h-5 w-5" />}
                  actions={[
                    { label: 'Compare with the original', icon: <CompareIcon className="h-4 w-4" />, onSelect: () => setCompare(url) },
                    { label: 'View full screen', icon: <ExpandIcon className="h-4 w-4" />, onSelect: () => chat.openPreview(shown, i) },
                    { label: 'Download', icon: <DownloadIcon className="h-4 w-4" />, onSelect: () => void download(url, i + 1), disabled: downloading === url },
                  ]}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <CompareDialog url={compare} onClose={() => setCompare(null)} />
    </section>
  );
}

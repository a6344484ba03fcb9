import { LazyImage } from '../../chat/components/LazyImage';
import { useLandingScenes } from '../use-scenes';
import { PhotoPicker } from './PhotoPicker';
import { UploadStatus } from './ProductCard';

const STEPS = [
  { title: 'Upload a product photo', text: 'Any plain shot will do: a phone photo on a table is fine.' },
  { title: 'We cut it out', text: 'The product is lifted cleanly from its background, edges and glass included.' },
  { title: 'Pick a scene and place it', text: 'Recommended scenes come first. Move, resize and turn the product.' },
  { title: 'Get studio photos', text: 'Light, shadow and colour are matched to the scene. Like, compare, download.' },
] as const;

/** Before any photo: the drop zone, what will happen, and a few scenes as samples. */
export function EmptyState({ onFile, busy }: { onFile(file: File): void; busy: boolean }) {
  const samples = useLandingScenes().slice(0, 4);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]" data-testid="photoshoot-empty">
      <div>
        <PhotoPicker label="Upload your product photo" onFile={onFile} busy={busy} />
        <div className="mt-4 min-h-6" aria-live="polite">
          <UploadStatus />
        </div>
      </div>
      <div>
        <h2 className="text-base font-semibold text-slate-900">How it works</h2>
        <ol className="mt-4 space-y-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-3">
              <span
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-700"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <p className="text-sm font-medium text-slate-900">{s.title}</p>
                <p className="text-sm text-slate-600">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        {samples.length > 0 && (
          <div className="mt-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Scenes your product could stand in</p>
            <ul className="mt-2 grid grid-cols-4 gap-2" aria-label="Sample scenes">
              {samples.map((t) => (
                <li key={t.id}>
                  <LazyImage src={t.thumbnail_url || t.image_url} alt={t.name} className="aspect-square rounded-lg border border-slate-200" retryable={false} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

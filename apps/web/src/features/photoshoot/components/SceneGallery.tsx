import { useId, useState } from 'react';
import { SCENE_FAMILIES, type SceneCategory, type SceneFamily } from '@packsmith/contracts';
import { ApiError } from '../../../api/error-catalogue';
import { UploadRejected } from '../../../api/upload-rules';
import { useUiStore } from '../../../stores/ui.store';
import { CheckIcon, RetryIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { familyLabel, swatchColour } from '../photoshoot-data';
import type { Scene } from '../photoshoot.store';
import { useShootController, useShootState } from '../shoot-context';
import { NO_FILTERS, useSceneList, useSceneVocabulary, type SceneFilters } from '../use-scenes';
import { PhotoPicker } from './PhotoPicker';
import { TaskProgress } from './TaskProgress';

const CATEGORY_LABEL: Record<SceneCategory, string> = { studio: 'Studio', surface: 'Surfaces', nature: 'Nature', seasonal: 'Seasonal' };

function SceneThumb({ scene, selected, badge }: { scene: Scene; selected: boolean; badge?: string }) {
  const shoot = useShootController();
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`${scene.name}${badge ? ` (${badge.toLowerCase()})` : ''}`}
        onClick={() => shoot.chooseScene(scene.url)}
        className={`group relative block w-full overflow-hidden rounded-xl border text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 ${selected ? 'border-violet-600 ring-2 ring-violet-600' : 'border-slate-200 hover:border-violet-300'}`}
        data-testid="scene-option"
        data-url={scene.url}
      >
        <LazyImage src={scene.thumbnailUrl} alt="" className="aspect-[4/3]" retryable={false} />
        <span className="block truncate px-2 py-1.5 text-xs font-medium text-slate-700">{scene.name}</span>
        {badge && (
          <span className="pointer-events-none absolute left-1.5 top-1.5 rounded-full bg-violet-600 px-1.5 py-0.5 text-[0.65rem] font-semibold text-white">
            {badge}
          </span>
        )}
        {selected && (
          <span
            className="pointer-events-none absolute right-1.5 top-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-violet-600 text-white shadow"
            aria-hidden="true"
          >
            <CheckIcon className="h-4 w-4" />
          </span>
        )}
      </button>
    </li>
  );
}

function OwnBackground() {
  const shoot = useShootController();
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const take = (file: File) => {
    setState({ kind: 'uploading', progress: 0 });
    shoot
      .uploadBackground(file, (progress) => setState({ kind: 'uploading', progress }))
      .then(() => setState({ kind: 'idle' }))
      .catch((err: unknown) => {
        const message = err instanceof UploadRejected || err instanceof ApiError ? err.message : 'The upload failed. Please try again.';
        if (err instanceof UploadRejected) useUiStore.getState().showMessage(message);
        setState({ kind: 'error', message });
      });
  };
  return (
    <div className="space-y-2">
      <PhotoPicker
        variant="button"
        label="Use my own background"
        buttonText="Use my own background"
        onFile={take}
        busy={state.kind === 'uploading'}
        testId="background-input"
      />
      {state.kind === 'uploading' && <TaskProgress label="Uploading your background…" progress={state.progress * 100} />}
      {state.kind === 'error' && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="background-error">
          {state.message}
        </p>
      )}
    </div>
  );
}

function Filters({ filters, onChange }: { filters: SceneFilters; onChange(f: SceneFilters): void }) {
  const vocab = useSceneVocabulary();
  const familyId = useId();
  const any = filters.category !== null || filters.color !== null || filters.family !== null;
  return (
    <div className="space-y-3" data-testid="scene-filters">
      <div role="group" aria-label="Scene type" className="flex flex-wrap gap-1.5">
        <button
          type="button"
          aria-pressed={filters.category === null}
          className={`chip ${filters.category === null ? 'chip-active' : ''}`}
          onClick={() => onChange({ ...filters, category: null })}
        >
          All
        </button>
        {vocab.categories.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={filters.category === c}
            className={`chip ${filters.category === c ? 'chip-active' : ''}`}
            onClick={() => onChange({ ...filters, category: filters.category === c ? null : c })}
          >
            {CATEGORY_LABEL[c]}
          </button>
        ))}
      </div>
      {vocab.colors.length > 0 && (
        <div role="group" aria-label="Colour" className="flex flex-wrap gap-2">
          {vocab.colors.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={filters.color === c}
              aria-label={`Colour: ${c}`}
              title={c}
              onClick={() => onChange({ ...filters, color: filters.color === c ? null : c })}
              className={`h-7 w-7 rounded-full border shadow-sm transition ${filters.color === c ? 'border-violet-600 ring-2 ring-violet-600 ring-offset-2' : 'border-slate-300 hover:scale-110'}`}
              style={{ background: swatchColour(c) }}
            />
          ))}
        </div>
      )}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={familyId} className="text-xs font-medium text-slate-600">
            Style
          </label>
          <select
            id={familyId}
            value={filters.family ?? ''}
            onChange={(e) => onChange({ ...filters, family: (e.target.value || null) as SceneFamily | null })}
            className="mt-1 block h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-100"
          >
            <option value="">Any style</option>
            {SCENE_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {familyLabel(f)}
              </option>
            ))}
          </select>
        </div>
        {any && (
          <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={() => onChange(NO_FILTERS)}>
            Clear
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Step 3: the scene. Recommended scenes first (from the photoshootRecommend message), the visitor's
 * own backgrounds, then every curated scene with category, colour and style filters.
 */
export function SceneGallery() {
  const shoot = useShootController();
  const projectId = useShootState((s) => s.projectId);
  const scenes = useShootState((s) => s.scenes);
  const recommended = useShootState((s) => s.recommended);
  const chosen = useShootState((s) => s.photoShootInfo.backgroundUrl);
  const [filters, setFilters] = useState<SceneFilters>(NO_FILTERS);
  const list = useSceneList(shoot.store, projectId, filters);
  const recommendedScenes = recommended.map((u) => scenes[u]).filter((s): s is Scene => s !== undefined);
  const own = Object.values(scenes).filter((s) => s.template === null && !recommended.includes(s.url));
  const recommendedSet = new Set(recommended);

  return (
    <section
      aria-labelledby="scenes-heading"
      className="card p-4 sm:p-5 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:overscroll-contain"
      data-testid="scene-gallery"
    >
      <h2 id="scenes-heading" className="text-base font-semibold text-slate-900">
        <span
          className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-700"
          aria-hidden="true"
        >
          2
        </span>
        Choose a scene
      </h2>

      {recommendedScenes.length > 0 && (
        <div className="mt-4">
          <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">Recommended for your product</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2" aria-label="Recommended scenes" data-testid="recommended-scenes">
            {recommendedScenes.map((s, i) => (
              <SceneThumb key={s.url} scene={s} selected={s.url === chosen} badge={i === 0 ? 'Best match' : undefined} />
            ))}
          </ul>
        </div>
      )}

      <div className="mt-4">
        {own.length > 0 && (
          <ul className="mb-2 grid grid-cols-2 gap-2" aria-label="Your backgrounds">
            {own.map((s) => (
              <SceneThumb key={s.url} scene={s} selected={s.url === chosen} />
            ))}
          </ul>
        )}
        <OwnBackground />
      </div>

      <div className="mt-5 border-t border-slate-100 pt-4">
        <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">All scenes</h3>
        <div className="mt-2">
          <Filters filters={filters} onChange={setFilters} />
        </div>
        <div className="mt-3" aria-busy={list.status === 'loading'}>
          {list.status === 'error' && (
            <div role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              <p>{list.message}</p>
              <button type="button" className="mt-2 inline-flex items-center gap-1 font-medium underline" onClick={list.retry}>
                <RetryIcon className="h-4 w-4" />
                Try again
              </button>
            </div>
          )}
          {list.status === 'ready' && list.list.length === 0 && (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-500">
              {filters === NO_FILTERS ? 'No scenes yet. Use your own background meanwhile.' : 'No scenes match these filters.'}
            </p>
          )}
          <ul className="grid grid-cols-2 gap-2" aria-label="Scenes" data-testid="all-scenes">
            {list.list.map((t) => {
              const scene = scenes[t.image_url];
              if (!scene) return null;
              return <SceneThumb key={t.id} scene={scene} selected={t.image_url === chosen} badge={recommendedSet.has(t.image_url) ? 'Match' : undefined} />;
            })}
            {list.status === 'loading' &&
              [0, 1, 2, 3].map((i) => (
                <li key={`s${i}`} aria-hidden="true">
                  <div className="aspect-[4/3] animate-pulse rounded-xl bg-slate-100" />
                </li>
              ))}
          </ul>
          {list.hasMore && list.status === 'ready' && (
            <button type="button" className="btn-secondary mt-3 h-9 w-full text-sm" onClick={list.loadMore}>
              More scenes
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

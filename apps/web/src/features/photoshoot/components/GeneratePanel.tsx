import { PHOTOSHOOT_RUN_COST } from '@packsmith/contracts';
import { useChatState } from '../../chat/chat-context';
import { CheckIcon, RetryIcon, SparkleIcon } from '../../chat/components/icons';
import { useShootController, useShootState } from '../shoot-context';
import { TaskProgress, useRecordProgress } from './TaskProgress';

/**
 * Generate: the product composited onto the scene where it was placed, a few variants a run. The bar
 * follows generate:progress and the record's polling; a failure says so with "Try again"; a limit
 * (450) shows its message and the pay modal (the API client's error catalogue).
 */
export function GeneratePanel() {
  const shoot = useShootController();
  const transparentUrl = useShootState((s) => s.photoShootInfo.transparentUrl);
  const backgroundUrl = useShootState((s) => s.photoShootInfo.backgroundUrl);
  const isCutting = useShootState((s) => s.isCutting);
  const shootRecordId = useShootState((s) => s.shootRecordId);
  const shootError = useShootState((s) => s.shootError);
  const placed = useShootState((s) => s.placementEdit !== null && s.placementEdit.sceneUrl === backgroundUrl);
  const chatReady = useChatState((s) => s.status === 'ready');
  const sending = useChatState((s) => s.sending);
  const progress = useRecordProgress(shootRecordId);
  const fresh = useShootState((s) => s.latestRun.length);
  const running = shootRecordId !== null;
  const canGenerate = chatReady && !sending && !running && !isCutting && transparentUrl !== '' && backgroundUrl !== '' && placed;
  const hint = !transparentUrl
    ? 'First, upload your product photo.'
    : !backgroundUrl
      ? 'Choose a scene for your product.'
      : `Each run makes several photos and uses ${PHOTOSHOOT_RUN_COST} credits.`;

  return (
    <div className="mt-4 space-y-3" data-testid="generate-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className="btn-primary h-11 px-6"
          disabled={!canGenerate}
          onClick={() => void shoot.generateShoot()}
          data-testid="generate-button"
        >
          <SparkleIcon className="h-4 w-4" filled />
          {running || (sending && !isCutting) ? 'Generating…' : 'Generate photos'}
        </button>
        <p className="text-sm text-slate-500">{hint}</p>
      </div>
      {running && (
        <TaskProgress
          label="Shooting your product on the scene…"
          progress={progress}
          detail="Lighting, shadows and colour are matched to the scene."
          testId="shoot-progress"
        />
      )}
      {fresh > 0 && !running && !shootError && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-emerald-700" data-testid="shoot-done">
          <CheckIcon className="h-4 w-4" />
          {fresh === 1 ? 'Your new photo is ready.' : `${fresh} new photos are ready.`}
          <a href="#results-heading" className="font-medium text-violet-700 underline underline-offset-2">
            See them
          </a>
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {fresh > 0 && !running ? `${fresh} new photos are ready.` : ''}
      </p>
      {shootError && !running && (
        <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900" data-testid="shoot-error">
          <p>{shootError}</p>
          <button
            type="button"
            disabled={!canGenerate}
            className="mt-2 inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100 disabled:opacity-60"
            onClick={() => void shoot.generateShoot()}
          >
            <RetryIcon className="h-4 w-4" />
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

import { MOCKUP_RESULT_COST } from '@packsmith/contracts';
import { useChatState } from '../../chat/chat-context';
import { CheckIcon, RetryIcon, SparkleIcon } from '../../chat/components/icons';
import { TaskProgress, useRecordProgress } from '../../photoshoot/components/TaskProgress';
import type { OnProject } from '../controller/studio-project';
import { useMockupController, useStudioState } from '../mockup-context';

/**
 * Step 3, Generate (mockupConfig.generateText): the design rendered onto the template at full size.
 * The bar follows generate:progress and the record's polling; a failure says so with "Try again"; a
 * limit (450) shows its message, closes the drawer and opens the pay modal (the API client's catalogue).
 */
export function MockupGenerate({ onProject }: { onProject: OnProject }) {
  const ctl = useMockupController();
  const template = useStudioState((s) => s.template);
  const design = useStudioState((s) => s.design);
  const recordId = useStudioState((s) => s.resultRecordId);
  const error = useStudioState((s) => s.resultError);
  const generating = useStudioState((s) => s.mockupConfig.isGenerate);
  const label = useStudioState((s) => s.mockupConfig.generateText);
  const fresh = useStudioState((s) => s.latestRun.length);
  const chatBusy = useChatState((s) => s.sending || s.status === 'starting');
  const progress = useRecordProgress(recordId);
  const running = recordId !== null || generating;
  const canGenerate = template !== null && design !== null && !running && !chatBusy;
  const hint = !design ? 'First, choose or upload your design.' : `Each mockup uses ${MOCKUP_RESULT_COST} credits; a failed one is refunded.`;

  return (
    <div className="space-y-3" data-testid="generate-panel">
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn-primary h-11 w-full px-6"
          disabled={!canGenerate}
          onClick={() => void ctl.generate(onProject)}
          data-testid="generate-button"
        >
          <SparkleIcon className="h-4 w-4" filled />
          {running ? 'Generating…' : label}
        </button>
        <p className="text-center text-xs text-slate-500">{hint}</p>
      </div>
      {running && (
        <TaskProgress
          label="Putting your design on the template…"
          progress={progress}
          detail="Your design is wrapped through the template's surfaces and lit like the scene."
          testId="generate-progress"
        />
      )}
      {fresh > 0 && !running && !error && (
        <p className="flex items-center gap-2 text-sm text-emerald-700" data-testid="generate-done">
          <CheckIcon className="h-4 w-4" />
          Your mockup is ready.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {fresh > 0 && !running && !error ? 'Your mockup is ready.' : ''}
      </p>
      {error && !running && (
        <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900" data-testid="generate-error">
          <p>{error}</p>
          <button
            type="button"
            disabled={!canGenerate}
            className="mt-2 inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100 disabled:opacity-60"
            onClick={() => void ctl.generate(onProject)}
          >
            <RetryIcon className="h-4 w-4" />
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

import { useImageTools, useImageToolsController } from '../image-tools-context';
import { canGoBack, canGoForward, currentStep } from '../step-history';
import { stepLabel } from '../tools';

/** Back and Forward between steps, the steps as thumbnails (the original first), and Download. */
export function StepStrip() {
  const { store } = useImageToolsController();
  const history = useImageTools((s) => s.history);
  const running = useImageTools((s) => s.run !== null);
  if (!history) return null;
  const step = currentStep(history);
  const ext = /\.(png|jpe?g|webp)(?=$|\?)/i.exec(step.url)?.[0] ?? '.png';
  const fileName = `packsmith-step-${history.current}${ext}`;
  return (
    <div className="space-y-2" data-testid="step-strip">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary h-9 px-3 text-sm"
          disabled={running || !canGoBack(history)}
          onClick={() => store.getState().back()}
          data-testid="step-back"
        >
          ← Back
        </button>
        <button
          type="button"
          className="btn-secondary h-9 px-3 text-sm"
          disabled={running || !canGoForward(history)}
          onClick={() => store.getState().forward()}
          data-testid="step-forward"
        >
          Forward →
        </button>
        <span className="text-sm text-slate-500" aria-live="polite" data-testid="step-position">
          Step {history.current + 1} of {history.steps.length}: {stepLabel(step.tool)}
        </span>
        <a
          href={step.url}
          download={fileName}
          className="btn-primary ml-auto h-9 px-3 text-sm"
          data-testid="download-step"
          aria-label={`Download step ${history.current + 1} (${stepLabel(step.tool)})`}
        >
          Download
        </a>
      </div>
      {step.note && (
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="step-note">
          <span className="font-medium text-slate-800">What changed:</span> {step.note}
        </p>
      )}
      <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="Steps">
        {history.steps.map((s, i) => {
          const current = i === history.current;
          return (
            <li key={`${i}-${s.url}`} className="shrink-0">
              <button
                type="button"
                disabled={running}
                aria-current={current ? 'step' : undefined}
                aria-label={`Step ${i + 1}: ${stepLabel(s.tool)}`}
                onClick={() => store.getState().goToStep(i)}
                data-testid="step-thumb"
                className={`block overflow-hidden rounded-lg border-2 disabled:opacity-60 ${current ? 'border-violet-600' : 'border-transparent hover:border-slate-300'}`}
              >
                <img src={s.url} alt="" className="h-14 w-14 bg-slate-100 object-cover" loading="lazy" />
                <span className="block max-w-14 truncate px-1 text-[0.65rem] text-slate-600">{stepLabel(s.tool)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

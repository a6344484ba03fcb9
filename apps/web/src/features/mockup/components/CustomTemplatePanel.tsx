import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RetryIcon } from '../../chat/components/icons';
import { PhotoPicker } from '../../photoshoot/components/PhotoPicker';
import { TaskProgress, useRecordProgress } from '../../photoshoot/components/TaskProgress';
import { useMockupController, useStudioState } from '../mockup-context';
import type { OnProject } from '../controller/studio-project';

interface CustomTemplatePanelProps {
  onProject: OnProject;
  /** The new template is ready: the screen opens it. */
  onTemplate(templateId: string): void;
  compact?: boolean;
}

/**
 * "Make a mockup from your own photo": a photo of the visitor's own blank pack (a box face or a label
 * band) becomes a private template. Upload (SPEC §5) → progress → the template opens; a photo where no
 * pack or face is found gets the server's words, with "Try again" and another photo.
 */
export function CustomTemplatePanel({ onProject, onTemplate, compact = false }: CustomTemplatePanelProps) {
  const ctl = useMockupController();
  const client = useQueryClient();
  const custom = useStudioState((s) => s.custom);
  const progress = useRecordProgress(custom.recordId);
  const busy = custom.status === 'uploading' || custom.status === 'running';

  useEffect(() => {
    if (custom.readyTemplateId) {
      const id = custom.readyTemplateId;
      ctl.clearCustom();
      // "My templates" lists it from now on.
      void client.invalidateQueries({ queryKey: ['mockup', 'templates'] });
      onTemplate(id);
    }
  }, [ctl, client, custom.readyTemplateId, onTemplate]);

  return (
    <section
      aria-labelledby="custom-heading"
      className={`rounded-2xl border border-violet-200 bg-gradient-to-br from-violet-50 to-white ${compact ? 'p-4' : 'p-5 sm:p-6'}`}
      data-testid="custom-template"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-xl">
          <h2 id="custom-heading" className="text-base font-semibold text-slate-900">
            Make a mockup from your own photo
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Photograph your blank box, bottle or jar in good light. We find its printable face and turn the photo into a template only you can use, with its own
            folds and light.
          </p>
        </div>
        <PhotoPicker
          variant="button"
          label="Upload a photo of your blank pack"
          buttonText={busy ? 'Working…' : 'Use a photo of your blank pack'}
          busy={busy}
          onFile={(file) => void ctl.startCustom(file, onProject)}
          testId="custom-upload-input"
        />
      </div>
      <div className="mt-3 empty:hidden" aria-live="polite">
        {custom.status === 'uploading' && <TaskProgress label="Uploading your photo…" progress={custom.progress * 100} testId="custom-progress" />}
        {custom.status === 'running' && (
          <TaskProgress
            label="Finding the printable face of your pack…"
            progress={progress}
            detail="This takes a few seconds; the template opens when it is ready."
            testId="custom-progress"
          />
        )}
        {custom.status === 'failed' && custom.message && (
          <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900" data-testid="custom-error">
            <p>{custom.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {custom.photoUrl && (
                <button
                  type="button"
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100"
                  onClick={() => void ctl.retryCustom(onProject)}
                >
                  <RetryIcon className="h-4 w-4" />
                  Try again
                </button>
              )}
              <button
                type="button"
                className="inline-flex h-8 items-center rounded-lg px-3 font-medium text-rose-700 hover:bg-rose-100"
                onClick={ctl.clearCustom}
              >
                Dismiss
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

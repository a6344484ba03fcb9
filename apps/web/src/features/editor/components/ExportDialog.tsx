import { isBusiness, type EditorExportResult } from '@packsmith/contracts';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { Dialog } from '../../../components/Dialog';
import { useSessionStore } from '../../../stores/session.store';
import { targetPanel } from '../editor-actions';
import { exportDocument, type ExportRequest } from '../editor-api';
import type { EditorDialogProps } from './dialog-props';
import { panelLabel } from './PanelMenu';

type Choice = 'pdf' | 'pdf-preview' | 'svg' | 'png-sheet' | 'png-panel';

const CHOICES: ReadonlyArray<{ id: Choice; title: string; detail: string }> = [
  {
    id: 'pdf',
    title: 'Print-ready PDF',
    detail: 'Trim, 3 mm bleed, crop and registration marks; the cut and crease lines as CutContour and Crease spot colours. Business.',
  },
  { id: 'pdf-preview', title: 'PDF preview', detail: 'The same file with a watermark, to check it or share it: free with the editor.' },
  { id: 'svg', title: 'SVG of the sheet', detail: 'The flat sheet with its cut and fold lines, in millimetres.' },
  { id: 'png-sheet', title: 'PNG of the sheet', detail: 'The whole flat sheet with bleed, 300 dpi.' },
  { id: 'png-panel', title: 'PNG of this panel', detail: 'The active panel with bleed, 300 dpi.' },
];

function requestOf(choice: Choice, panelId: string | null): ExportRequest {
  switch (choice) {
    case 'pdf':
      return { format: 'pdf' };
    case 'pdf-preview':
      return { format: 'pdf', watermark: true };
    case 'svg':
      return { format: 'svg' };
    case 'png-sheet':
      return { format: 'png' };
    case 'png-panel':
      return { format: 'png', ...(panelId ? { panel_id: panelId } : {}) };
  }
}

const kb = (bytes: number) => (bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

type Run = { kind: 'idle' } | { kind: 'running'; progress: number } | { kind: 'done'; result: EditorExportResult } | { kind: 'failed'; message: string };

/** Export: the print-ready PDF (Business), its watermarked preview, SVG, PNGs at 300 dpi. */
export function ExportDialog({ open, onClose, store, projectId, flush }: EditorDialogProps) {
  const user = useSessionStore((s) => s.user);
  const business = user ? isBusiness(user) : false;
  const [choice, setChoice] = useState<Choice>(business ? 'pdf' : 'pdf-preview');
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const active = useStore(store, (s) => s.activePanelId);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    setRun({ kind: 'running', progress: 0 });
    try {
      // The export reads the stored document: what is on screen is saved first.
      if (!(await flush())) throw new Error('Your latest changes could not be saved, so they would be missing from the file. Please try again.');
      const result = await exportDocument(projectId, requestOf(choice, targetPanel(store)?.id ?? null), {
        signal: ctl.signal,
        onProgress: (progress) => setRun({ kind: 'running', progress }),
      });
      setRun({ kind: 'done', result });
    } catch (e) {
      if (!ctl.signal.aborted) setRun({ kind: 'failed', message: e instanceof Error ? e.message : 'The export failed.' });
    }
  };

  const close = () => {
    abort.current?.abort();
    setRun({ kind: 'idle' });
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="Export">
      <fieldset className="space-y-2" disabled={run.kind === 'running'}>
        <legend className="sr-only">What to export</legend>
        {CHOICES.map((c) => (
          <label
            key={c.id}
            className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${choice === c.id ? 'border-violet-500 bg-violet-50' : 'border-slate-200'}`}
          >
            <input type="radio" name="export" className="mt-1" checked={choice === c.id} onChange={() => setChoice(c.id)} />
            <span>
              <span className="text-sm font-medium text-slate-900">
                {c.title}
                {c.id === 'png-panel' && active ? ` (${panelLabel(active)})` : ''}
                {c.id === 'pdf' && !business && (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-amber-800">Business</span>
                )}
              </span>
              <span className="block text-xs text-slate-600">{c.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-4" aria-live="polite">
        {run.kind === 'running' && (
          <div role="status">
            <p className="text-sm text-slate-700">Making the file… {run.progress} %</p>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full bg-violet-600 transition-all" style={{ width: `${Math.max(5, run.progress)}%` }} />
            </div>
          </div>
        )}
        {run.kind === 'failed' && (
          <p role="alert" className="text-sm text-rose-600">
            {run.message}
          </p>
        )}
        {run.kind === 'done' && (
          <div
            className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
            data-testid="export-result"
            data-format={run.result.format}
            data-watermarked={String(run.result.watermarked)}
          >
            <p>
              Your {run.result.format.toUpperCase()} is ready: {run.result.width_mm.toFixed(1)} × {run.result.height_mm.toFixed(1)} mm, {kb(run.result.bytes)}
              {run.result.watermarked ? ', watermarked' : ''}.
            </p>
            <a
              className="btn-primary mt-2 h-9 px-3 text-sm"
              href={run.result.imageUrls[0]}
              download
              target="_blank"
              rel="noreferrer"
              data-testid="export-download"
            >
              Download
            </a>
          </div>
        )}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn-secondary h-10 px-4" onClick={close}>
          Close
        </button>
        <button type="button" className="btn-primary h-10 px-4" onClick={() => void start()} disabled={run.kind === 'running'} data-testid="export-start">
          {run.kind === 'running' ? 'Exporting…' : 'Export'}
        </button>
      </div>
    </Dialog>
  );
}

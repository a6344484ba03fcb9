import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE, type UploadedFile } from '@packsmith/contracts';
import { ApiError } from '../../api/error-catalogue';
import { uploadImage } from '../../api/upload';
import { UPLOAD_ACCEPT_ATTR, UploadRejected } from '../../api/upload-rules';
import { useUiStore } from '../../stores/ui.store';
import { UploadIcon } from './UploadIcon';

type State =
  { kind: 'idle' } | { kind: 'uploading'; progress: number; name: string } | { kind: 'done'; file: UploadedFile } | { kind: 'rejected'; message: string };

interface UploadDropZoneProps {
  label: string;
  onUploaded?(file: UploadedFile): void;
}

/** Pick or drop one product photo; checks it in the browser (SPEC §5) and uploads it with progress. */
export function UploadDropZone({ label, onUploaded }: UploadDropZoneProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();

  const handle = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'uploading', progress: 0, name: file.name });
    try {
      const uploaded = await uploadImage(file, (progress) => setState({ kind: 'uploading', progress, name: file.name }));
      setState({ kind: 'done', file: uploaded });
      onUploaded?.(uploaded);
    } catch (err) {
      if (err instanceof UploadRejected) {
        setState({ kind: 'rejected', message: err.message });
        useUiStore.getState().showMessage(err.message);
      } else {
        // ApiError: the catalogue already showed it; keep it next to the drop zone too.
        setState({ kind: 'rejected', message: err instanceof ApiError ? err.message : 'The upload failed. Please try again.' });
      }
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void handle(e.dataTransfer.files[0]);
  };

  const busy = state.kind === 'uploading';
  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`relative flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-12 text-center transition-colors ${dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50/60'}`}
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-violet-100 text-violet-700" aria-hidden="true">
          <UploadIcon className="h-6 w-6" />
        </span>
        <label htmlFor={inputId} className="mt-4 text-base font-medium text-slate-900">
          {label}
        </label>
        <p id={helpId} className="mt-1 text-sm text-slate-500">
          JPG or PNG, at least {UPLOAD_MIN_SIDE} pixels on each side. Larger images are scaled to {UPLOAD_MAX_SIDE}.
        </p>
        <button type="button" className="btn-primary mt-5 h-10 px-5" onClick={() => input.current?.click()} disabled={busy}>
          {busy ? 'Uploading…' : 'Choose a photo'}
        </button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT_ATTR}
          aria-describedby={helpId}
          className="sr-only"
          onChange={(e) => void handle(e.target.files?.[0])}
          data-testid="upload-input"
        />
      </div>
      <div className="mt-4 min-h-6" aria-live="polite">
        {state.kind === 'uploading' && (
          <div>
            <p className="text-sm text-slate-600">Uploading {state.name}…</p>
            <div
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(state.progress * 100)}
              aria-label="Upload progress"
            >
              <div className="h-full bg-violet-600 transition-[width]" style={{ width: `${Math.round(state.progress * 100)}%` }} />
            </div>
          </div>
        )}
        {state.kind === 'rejected' && (
          <p role="alert" data-testid="upload-error" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && (
          <div className="flex items-center gap-4 rounded-xl border border-slate-200 p-3" data-testid="upload-done">
            <img src={state.file.url} alt="Your uploaded photo" className="h-16 w-16 rounded-lg object-cover" />
            <p className="text-sm text-slate-600">
              Uploaded, {state.file.width} × {state.file.height} pixels{state.file.resized ? ' (scaled down)' : ''}.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

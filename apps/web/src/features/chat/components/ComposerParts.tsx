import { CloseIcon, PaperclipIcon, SendIcon, SparkleIcon } from './icons';
import type { Reference } from './useReferenceImage';

/** The reference image above the text: uploading, ready to send, or refused with why. */
export function ReferencePreview({ reference, onClear }: { reference: Reference; onClear(): void }) {
  if (reference.kind === 'none') return null;
  return (
    <div className="flex items-center gap-3 px-3 pt-3" aria-live="polite">
      {reference.kind === 'uploading' && (
        <>
          <img src={reference.preview} alt="" className="h-12 w-12 rounded-lg object-cover opacity-60" />
          <div className="min-w-0 flex-1">
            <p className="text-xs text-slate-600">Uploading reference image…</p>
            <div
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(reference.progress * 100)}
            >
              <div className="h-full bg-violet-600 transition-[width]" style={{ width: `${Math.round(reference.progress * 100)}%` }} />
            </div>
          </div>
        </>
      )}
      {reference.kind === 'ready' && (
        <span className="relative" data-testid="reference-ready">
          <img src={reference.url} alt="Reference image to send" className="h-14 w-14 rounded-lg border border-slate-200 object-cover" />
          <button
            type="button"
            aria-label="Remove the reference image"
            onClick={onClear}
            className="absolute -right-2 -top-2 flex h-5 w-5 items-center justify-center rounded-full bg-slate-900 text-white shadow"
          >
            <CloseIcon className="h-3 w-3" />
          </button>
        </span>
      )}
      {reference.kind === 'rejected' && (
        <p
          role="alert"
          data-testid="upload-error"
          className="flex flex-1 items-center justify-between gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700"
        >
          {reference.message}
          <button type="button" aria-label="Dismiss" onClick={onClear} className="rounded p-0.5 hover:bg-rose-100">
            <CloseIcon className="h-4 w-4" />
          </button>
        </p>
      )}
    </div>
  );
}

export function AttachButton({ disabled, onClick }: { disabled: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className="btn-icon h-9 w-9"
      aria-label="Attach a reference image"
      title="Attach a reference image"
      disabled={disabled}
      onClick={onClick}
    >
      <PaperclipIcon className="h-5 w-5" />
    </button>
  );
}

/** Generate (design chats only) and Send. */
export function SendButtons({
  showGenerate,
  canGenerate,
  canSend,
  genHintId,
  onGenerate,
}: {
  showGenerate: boolean;
  canGenerate: boolean;
  canSend: boolean;
  genHintId: string;
  onGenerate(): void;
}) {
  return (
    <div className="ml-auto flex items-center gap-2">
      <span id={genHintId} className="sr-only">
        {canGenerate
          ? 'Generates designs from your brief; anything not said yet is filled in and named in the reply.'
          : 'Describe your product first, then press Generate.'}
      </span>
      {showGenerate && (
        <button
          type="button"
          className="btn-secondary h-9 px-3 text-sm"
          disabled={!canGenerate}
          aria-describedby={genHintId}
          title={canGenerate ? 'Generate designs from your brief' : 'Describe your product first'}
          onClick={onGenerate}
        >
          <SparkleIcon className="h-4 w-4 text-violet-600" />
          Generate
        </button>
      )}
      <button type="submit" className="btn-primary h-9 w-9 rounded-xl" aria-label="Send message" disabled={!canSend}>
        <SendIcon className="h-5 w-5" />
      </button>
    </div>
  );
}

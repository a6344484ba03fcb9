import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE } from '@packsmith/contracts';
import { UPLOAD_ACCEPT_ATTR } from '../../../api/upload-rules';
import { UploadIcon } from '../../upload/UploadIcon';

interface PhotoPickerProps {
  onFile(file: File): void;
  /** The visible name of the picker (the file input's label). */
  label: string;
  busy?: boolean;
  /** 'hero': a large drop zone; 'button': a button that also takes a dropped file. */
  variant?: 'hero' | 'button';
  buttonText?: string;
  testId?: string;
}

export const UPLOAD_HINT = `JPG or PNG, at least ${UPLOAD_MIN_SIDE} pixels on each side. Larger photos are scaled to ${UPLOAD_MAX_SIDE}.`;

/** Pick or drop one image (jpeg, jpg, png). The checks and the upload are the caller's. */
export function PhotoPicker({ onFile, label, busy = false, variant = 'hero', buttonText = 'Choose a photo', testId = 'upload-input' }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const helpId = useId();
  const take = (file: File | undefined) => {
    if (file && !busy) onFile(file);
    if (input.current) input.current.value = '';
  };
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      if (!busy) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      take(e.dataTransfer.files[0]);
    },
  };
  const fileInput = (
    <input
      ref={input}
      id={inputId}
      type="file"
      accept={UPLOAD_ACCEPT_ATTR}
      aria-describedby={helpId}
      className="sr-only"
      disabled={busy}
      onChange={(e) => take(e.target.files?.[0])}
      data-testid={testId}
    />
  );

  if (variant === 'button') {
    return (
      <div {...dropProps} className={`inline-flex rounded-lg ${dragging ? 'ring-2 ring-violet-500 ring-offset-2' : ''}`}>
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <span id={helpId} className="sr-only">
          {UPLOAD_HINT}
        </span>
        <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={busy} onClick={() => input.current?.click()} title={UPLOAD_HINT}>
          {buttonText}
        </button>
        {fileInput}
      </div>
    );
  }

  return (
    <div
      {...dropProps}
      className={`relative flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-5 py-10 text-center transition-colors sm:px-8 sm:py-14 ${dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50/60'}`}
      data-testid="photo-drop"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-700" aria-hidden="true">
        <UploadIcon className="h-7 w-7" />
      </span>
      <label htmlFor={inputId} className="mt-4 text-lg font-semibold text-slate-900">
        {label}
      </label>
      <p className="mt-1 text-sm text-slate-600">Drag and drop it here, or choose a file.</p>
      <p id={helpId} className="mt-1 text-sm text-slate-500">
        {UPLOAD_HINT}
      </p>
      <button type="button" className="btn-primary mt-5 h-11 px-6" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? 'Uploading…' : buttonText}
      </button>
      {fileInput}
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { DESIGN_REQUEST_MAX_ATTACHMENTS, UPLOAD_MIN_SIDE } from '@packsmith/contracts';
import { ApiError } from '../../api/error-catalogue';
import { uploadImage } from '../../api/upload';
import { UPLOAD_ACCEPT_ATTR, UploadRejected } from '../../api/upload-rules';
import type { ReferenceImage } from './design-request-form';

interface ReferenceImagesProps {
  id: string;
  images: readonly ReferenceImage[];
  onChange(images: ReferenceImage[]): void;
  error?: string;
}

/**
 * Up to five style references, uploaded one by one with the app's upload flow (the SPEC §5 checks
 * run in the browser first, then the server's). Each shows a thumbnail with a remove button.
 */
export function ReferenceImages({ id, images, onChange, error }: ReferenceImagesProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const helpId = useId();
  const room = DESIGN_REQUEST_MAX_ATTACHMENTS - images.length;
  const latest = useRef(images);
  latest.current = images;

  const upload = async (files: File[]) => {
    setProblem(null);
    for (const file of files.slice(0, Math.max(0, DESIGN_REQUEST_MAX_ATTACHMENTS - latest.current.length))) {
      setUploading({ name: file.name, progress: 0 });
      try {
        const up = await uploadImage(file, (progress) => setUploading({ name: file.name, progress }));
        const next = [...latest.current, { url: up.url, width: up.width, height: up.height }];
        latest.current = next;
        onChange(next);
      } catch (err) {
        setProblem(`${file.name}: ${err instanceof UploadRejected || err instanceof ApiError ? err.message : 'the upload failed. Please try again.'}`);
        break;
      }
    }
    setUploading(null);
    if (input.current) input.current.value = '';
  };

  const describedBy = [helpId, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <p id={helpId} className="text-sm text-slate-500">
        Up to {DESIGN_REQUEST_MAX_ATTACHMENTS} images, JPG or PNG, at least {UPLOAD_MIN_SIDE} pixels on each side.
      </p>
      {images.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Reference images">
          {images.map((img, i) => (
            <li key={img.url} className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
              <img src={img.url} alt={`Reference ${i + 1}`} className="aspect-square w-full object-cover" />
              <button
                type="button"
                className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white hover:text-rose-600"
                aria-label={`Remove reference ${i + 1}`}
                onClick={() => onChange(images.filter((x) => x.url !== img.url))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          id={id}
          type="button"
          className="btn-secondary h-10 px-4"
          onClick={() => input.current?.click()}
          disabled={room <= 0 || uploading !== null}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        >
          {uploading ? 'Uploading…' : room <= 0 ? 'Five images added' : 'Add images'}
        </button>
        <span className="text-sm text-slate-500">
          {images.length} of {DESIGN_REQUEST_MAX_ATTACHMENTS}
        </span>
        <input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT_ATTR}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void upload([...(e.target.files ?? [])])}
          data-testid="reference-input"
        />
      </div>
      <div aria-live="polite" className="min-h-0">
        {uploading && (
          <div className="mt-3">
            <p className="text-sm text-slate-600">Uploading {uploading.name}…</p>
            <div
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(uploading.progress * 100)}
              aria-label="Upload progress"
            >
              <div className="h-full bg-violet-600 transition-[width]" style={{ width: `${Math.round(uploading.progress * 100)}%` }} />
            </div>
          </div>
        )}
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

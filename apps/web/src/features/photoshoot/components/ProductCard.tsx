import { useChatState } from '../../chat/chat-context';
import { RetryIcon } from '../../chat/components/icons';
import { useShootController, useShootState } from '../shoot-context';
import { cutoutFrame } from '../placement';
import { useImageSize } from '../use-image-size';
import { BeforeAfter, CHECKERBOARD } from './BeforeAfter';
import { PhotoPicker } from './PhotoPicker';
import { TaskProgress, useRecordProgress } from './TaskProgress';

/** The upload's outcome under the photo: its size, or what was wrong with it. */
export function UploadStatus() {
  const upload = useShootState((s) => s.upload);
  if (upload.kind === 'rejected') {
    return (
      <p role="alert" data-testid="upload-error" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
        {upload.message}
      </p>
    );
  }
  if (upload.kind === 'done') {
    return (
      <p className="text-xs text-slate-500" data-testid="upload-done">
        Uploaded, {upload.width} × {upload.height} pixels{upload.resized ? ' (scaled down)' : ''}.
      </p>
    );
  }
  return null;
}

/**
 * Step 1–2: the product photo. While it uploads and is cut out, the photo shows with progress; a
 * failed cut-out says why with "Try again" and "Upload another"; a cut-out is compared with the
 * original on a before/after slider over a checkerboard.
 */
export function ProductCard({ onFile }: { onFile(file: File): void }) {
  const shoot = useShootController();
  const info = useShootState((s) => s.photoShootInfo);
  const isCutting = useShootState((s) => s.isCutting);
  const upload = useShootState((s) => s.upload);
  const localPreview = useShootState((s) => s.localPreview);
  const cutError = useShootState((s) => s.cutError);
  const cutRecordId = useShootState((s) => s.cutRecordId);
  const coordinates = useShootState((s) => s.coordinates);
  const chatReady = useChatState((s) => s.status === 'ready' && !s.sending);
  const cutProgress = useRecordProgress(cutRecordId);
  const photoUrl = info.photoUrl || localPreview || '';
  const loaded = useImageSize(photoUrl || null);
  const ratio =
    coordinates && coordinates.totalWidth > 0 && coordinates.totalHeight > 0
      ? coordinates.totalWidth / coordinates.totalHeight
      : loaded
        ? loaded.width / loaded.height
        : 1;
  const uploading = upload.kind === 'uploading';
  const canRetry = !!info.photoUrl && !info.photoUrl.startsWith('blob:') && chatReady;

  return (
    <section aria-labelledby="product-heading" className="card p-4 sm:p-5" data-testid="product-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="product-heading" className="text-base font-semibold text-slate-900">
          <span
            className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-700"
            aria-hidden="true"
          >
            1
          </span>
          Your product
        </h2>
        <PhotoPicker variant="button" label="Upload another product photo" buttonText="Upload another" onFile={onFile} busy={uploading || isCutting} />
      </div>

      <div className="mt-4">
        {info.transparentUrl && !isCutting ? (
          photoUrl ? (
            <BeforeAfter
              before={photoUrl}
              after={info.transparentUrl}
              ratio={ratio}
              afterFrame={coordinates ? cutoutFrame(coordinates) : null}
              maxHeightRem={22}
            />
          ) : (
            <div className="mx-auto aspect-square max-h-[22rem] rounded-xl border border-slate-200" style={CHECKERBOARD}>
              <img src={info.transparentUrl} alt="Cut-out" className="h-full w-full object-contain" />
            </div>
          )
        ) : (
          <div
            className="relative mx-auto overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
            style={{ aspectRatio: String(ratio), width: `min(100%, ${(22 * ratio).toFixed(3)}rem)` }}
          >
            {photoUrl && (
              <img
                src={photoUrl}
                alt="Your product photo"
                className={`h-full w-full object-contain ${isCutting ? 'opacity-70' : cutError ? 'opacity-50 grayscale' : ''}`}
              />
            )}
            {isCutting && <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-gradient-to-br from-white/0 via-violet-200/40 to-white/0" />}
          </div>
        )}
      </div>

      <div className="mt-4 space-y-3">
        {uploading && <TaskProgress label={`Uploading ${upload.name}…`} progress={upload.progress * 100} testId="upload-progress" />}
        {!uploading && isCutting && (
          <TaskProgress
            label="Cutting out your product…"
            progress={cutProgress}
            detail="Finding the product and refining its edges. This takes a few seconds."
            testId="cutout-progress"
          />
        )}
        {!isCutting && cutError && (
          <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900" data-testid="cutout-error">
            <p className="font-medium">The product could not be cut out.</p>
            <p className="mt-0.5 text-rose-800">{cutError}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {canRetry && (
                <button
                  type="button"
                  className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 font-medium text-rose-700 hover:bg-rose-100"
                  onClick={() => void shoot.retryCutout()}
                >
                  <RetryIcon className="h-4 w-4" />
                  Try again
                </button>
              )}
              <PhotoPicker
                variant="button"
                label="Upload a different product photo"
                buttonText="Upload another photo"
                onFile={onFile}
                testId="upload-input-retry"
              />
            </div>
          </div>
        )}
        {info.transparentUrl && !isCutting && !cutError && (
          <p className="text-sm text-slate-600" data-testid="cutout-ready">
            Cut out. Drag the slider to compare it with your photo.
          </p>
        )}
        <UploadStatus />
      </div>
    </section>
  );
}

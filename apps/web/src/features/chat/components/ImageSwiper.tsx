import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { PhotoLikeButtons } from '../../photoshoot/components/PhotoLikeButtons';
import { useChatController, useChatState } from '../chat-context';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, DownloadIcon } from './icons';
import { LazyImage } from './LazyImage';
import { LikeButtons } from './LikeButtons';
import { useDesignActions } from './useDesignActions';

/**
 * Full-screen preview (the imageSwiper flag): arrows or ←/→ move between the designs, Escape closes,
 * focus stays inside and returns to what opened it.
 */
export function ImageSwiper() {
  const open = useUiStore((s) => s.imageSwiper);
  const chat = useChatController();
  const preview = useChatState((s) => s.preview);
  const resultUrls = useChatState((s) => s.project?.result_list);
  const projectType = useChatState((s) => s.project?.type);
  const photoShoot = projectType === 'photoshoot';
  const mockup = projectType === 'mockup';
  const photoResults = useProjectStore((s) => s.photoResultList);
  const panel = useRef<HTMLDivElement>(null);
  const { busy, download } = useDesignActions();
  const visible = open && preview !== null;

  useEffect(() => {
    if (!visible) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        chat.closePreview();
      } else if (e.key === 'ArrowLeft') chat.movePreview(-1);
      else if (e.key === 'ArrowRight') chat.movePreview(1);
      else if (e.key === 'Tab' && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [visible, chat]);

  if (!visible || !preview) return null;
  const url = preview.images[preview.index] ?? '';
  const many = preview.images.length > 1;
  const isResult = (resultUrls?.some((list) => list.includes(url)) ?? false) || photoResults.includes(url);
  const noun = photoShoot ? 'photo' : mockup ? 'mockup' : 'design';
  const label = `${noun} ${preview.index + 1}`;
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label={photoShoot ? 'Photo preview' : mockup ? 'Mockup preview' : 'Design preview'}
      className="fixed inset-0 z-[55] flex flex-col bg-slate-950/95 text-white backdrop-blur-sm"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="text-sm font-medium text-white/80" aria-live="polite">
          {many ? `${preview.index + 1} / ${preview.images.length}` : 'Preview'}
        </p>
        <button
          type="button"
          data-autofocus
          onClick={chat.closePreview}
          aria-label="Close preview"
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-white/80 hover:bg-white/10 hover:text-white"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20"
        onClick={(e) => e.target === e.currentTarget && chat.closePreview()}
      >
        <LazyImage
          key={url}
          src={url}
          alt={`Packaging ${label}, full screen`}
          fit="contain"
          className="h-full max-h-[78vh] w-full max-w-4xl rounded-2xl bg-white/5"
        />
        {many && (
          <>
            <button
              type="button"
              onClick={() => chat.movePreview(-1)}
              aria-label={`Previous ${noun}`}
              className="absolute left-2 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 sm:left-6"
            >
              <ChevronLeftIcon className="h-6 w-6" />
            </button>
            <button
              type="button"
              onClick={() => chat.movePreview(1)}
              aria-label={`Next ${noun}`}
              className="absolute right-2 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 sm:right-6"
            >
              <ChevronRightIcon className="h-6 w-6" />
            </button>
          </>
        )}
      </div>
      <div className="flex items-center justify-center gap-3 px-4 py-4">
        {isResult && !mockup && (
          <div className="rounded-full bg-white/10 px-2 py-1">
            {photoShoot ? <PhotoLikeButtons url={url} label={label} tone="dark" /> : <LikeButtons url={url} label={label} tone="dark" />}
          </div>
        )}
        <button
          type="button"
          disabled={busy === 'download'}
          onClick={() => void download(url, preview.index + 1)}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-slate-900 hover:bg-violet-50 disabled:opacity-60"
        >
          <DownloadIcon className="h-4 w-4" />
          Download
        </button>
      </div>
    </div>,
    document.body,
  );
}

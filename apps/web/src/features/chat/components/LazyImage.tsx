import { useCallback, useEffect, useState } from 'react';
import { Msg } from '@packsmith/contracts';
import { RetryIcon } from './icons';

/** SPEC §4 lazy images: loading, loaded, error. */
export type LazyImageState = 'loading' | 'loaded' | 'error';

interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  /** object-fit of the picture; packshots are shown whole ('contain'), thumbnails cropped. */
  fit?: 'cover' | 'contain';
  /** Decorative thumbnails pass false so a broken one shows a quiet placeholder, not a retry button. */
  retryable?: boolean;
}

function withAttempt(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * An image loaded when it nears the viewport (native lazy loading), with a shimmer while loading and
 * "Image load error" with a retry when it fails. The state is on data-state for tests and styles.
 */
export function LazyImage({ src, alt, className = '', fit = 'cover', retryable = true }: LazyImageProps) {
  const [state, setState] = useState<LazyImageState>(src ? 'loading' : 'error');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setAttempt(0);
    setState(src ? 'loading' : 'error');
  }, [src]);
  // A cached image can finish before React listens for load: check it once mounted.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setState('loaded');
  }, []);
  const url = withAttempt(src, attempt);
  return (
    <div data-state={state} className={`relative overflow-hidden bg-slate-100 ${className}`}>
      {state === 'loading' && (
        <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-gradient-to-br from-slate-100 via-slate-200/70 to-slate-100" />
      )}
      {state !== 'error' && (
        <img
          key={url}
          ref={ref}
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          className={`h-full w-full transition-opacity duration-300 ${fit === 'contain' ? 'object-contain' : 'object-cover'} ${state === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
        />
      )}
      {state === 'error' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2 text-center text-xs text-slate-500">
          <span role={retryable ? 'alert' : undefined}>{Msg.imageLoadError}</span>
          {retryable && src && (
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 hover:border-violet-400 hover:text-violet-700"
              onClick={(e) => {
                e.stopPropagation();
                setAttempt((a) => a + 1);
                setState('loading');
              }}
            >
              <RetryIcon className="h-3.5 w-3.5" />
              Retry
            </button>
          )}
        </div>
      )}
    </div>
  );
}

import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronIcon } from './icons';

export interface SwiperSlide {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** Shown while the image decodes. */
  color?: string;
}

/** How far (px) a drag must travel to count as a swipe rather than a tap. */
const SWIPE_PX = 40;

/**
 * The designs of an idea, one at a time: arrows, dots, ←/→ when it has focus, swipe by touch or
 * drag, and a "2 / 4" counter that screen readers hear as the slide changes.
 */
export function IdeaSwiper({ slides, label }: { slides: readonly SwiperSlide[]; label: string }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);
  const count = slides.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (i: number) => setIndex(((i % count) + count) % count);

  if (count === 0) {
    return <div className="flex aspect-square items-center justify-center rounded-2xl bg-slate-100 text-sm text-slate-500">No images yet</div>;
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(current + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(current - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      go(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      go(count - 1);
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, pointer: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start || start.pointer !== e.pointerId || count < 2) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    // A mostly vertical movement is the page scrolling, not a swipe.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div
        tabIndex={0}
        role="group"
        // Focus lands here so ←/→ work; what it says names the image on show.
        aria-label={`${label}: image ${current + 1} of ${count}, ${slides[current]?.alt ?? ''}`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        data-testid="idea-swiper"
        className="relative touch-pan-y select-none overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-200"
      >
        <div className="flex transition-transform duration-300 ease-out" style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((s, i) => (
            <div
              key={`${s.src}-${i}`}
              id={`${id}-slide-${i}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="flex aspect-square w-full shrink-0 items-center justify-center"
              style={{ backgroundColor: s.color }}
              aria-hidden={i !== current}
            >
              <img
                src={s.src}
                alt={s.alt}
                width={s.width ?? undefined}
                height={s.height ?? undefined}
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="h-full w-full object-contain"
              />
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="absolute left-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
              aria-label="Previous image"
              aria-controls={`${id}-slide-${current}`}
              onClick={() => go(current - 1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="absolute right-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
              aria-label="Next image"
              aria-controls={`${id}-slide-${current}`}
              onClick={() => go(current + 1)}
            >
              <ChevronIcon direction="right" />
            </button>
          </>
        )}
        <span
          className="absolute bottom-2 right-2 rounded-full bg-slate-900/70 px-2.5 py-0.5 text-xs font-medium text-white"
          aria-live="polite"
          data-testid="swiper-counter"
        >
          {current + 1} / {count}
        </span>
      </div>
      {count > 1 && (
        <div className="mt-3 flex justify-center gap-2" role="group" aria-label="Choose an image">
          {slides.map((s, i) => (
            <button
              key={`dot-${i}`}
              type="button"
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              className={`h-2.5 rounded-full transition-all ${i === current ? 'w-6 bg-violet-600' : 'w-2.5 bg-slate-300 hover:bg-slate-400'}`}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { Back } from '../placement';

/** The width the canvas is shown at: the container's, but never taller than most of the viewport. */
export function useDisplayWidth(el: HTMLDivElement | null, back: Back | null): number {
  const [width, setWidth] = useState(0);
  const [maxHeight, setMaxHeight] = useState(() => (typeof window === 'undefined' ? 640 : Math.max(240, Math.min(window.innerHeight * 0.65, 720))));
  useEffect(() => {
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setMaxHeight(Math.max(240, Math.min(window.innerHeight * 0.65, 720)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  if (!back) return width;
  const byHeight = (maxHeight * back.backW) / back.backH;
  return Math.max(0, Math.min(width || byHeight, byHeight));
}

/**
 * Whether this browser has WebGL 2 at all (three.js needs it). Cheap on purpose: opening a probe
 * context costs ~0.1 s on software WebGL; a context the GPU then refuses is caught by the
 * preview's error boundary and told in the same words.
 */
export function webgl2Available(): boolean {
  return typeof window !== 'undefined' && typeof window.WebGL2RenderingContext === 'function';
}

/** Whether the user asked the system for reduced motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const q = window.matchMedia('(prefers-reduced-motion: reduce)');
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
}

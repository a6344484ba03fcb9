import { useEffect, useState } from 'react';

/** Width over height of a tile's cover when the idea does not say (a portrait pack shot). */
export const DEFAULT_ASPECT = 4 / 5;
/** The caption under a cover, as a share of the column's width (brand, product, counts). */
const CAPTION_SHARE = 0.42;

export interface Sized {
  width: number | null;
  height: number | null;
}

/** Width over height of a cover, bounded so a freak image cannot make a tile a sliver. */
export function aspectOf(item: Sized): number {
  if (!item.width || !item.height || item.width <= 0 || item.height <= 0) return DEFAULT_ASPECT;
  return Math.min(2, Math.max(0.4, item.width / item.height));
}

/**
 * Masonry columns: each tile goes to the column that is shortest so far (heights known from each
 * cover's aspect ratio, so nothing has to load first). Tiles already placed never move when more
 * are appended, because placing tile n depends only on tiles 0…n-1; that is why this is done in
 * script rather than with CSS columns, which rebalance the whole list on every page.
 */
export function layoutColumns<T extends Sized>(items: readonly T[], columns: number): T[][] {
  const n = Math.max(1, Math.floor(columns));
  const cols: T[][] = Array.from({ length: n }, () => []);
  const heights = new Array<number>(n).fill(0);
  for (const item of items) {
    let target = 0;
    for (let c = 1; c < n; c++) if ((heights[c] ?? 0) < (heights[target] ?? 0) - 1e-9) target = c;
    cols[target]?.push(item);
    heights[target] = (heights[target] ?? 0) + 1 / aspectOf(item) + CAPTION_SHARE;
  }
  return cols;
}

/** Breakpoints of the grid: 2 columns on a phone, 3 from 640 px, 4 from 1024 px (Tailwind sm, lg). */
const QUERIES = [
  { query: '(min-width: 1024px)', columns: 4 },
  { query: '(min-width: 640px)', columns: 3 },
] as const;

function currentColumns(): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 2;
  return QUERIES.find((q) => window.matchMedia(q.query).matches)?.columns ?? 2;
}

/** How many masonry columns the window holds now, updated when it is resized across a breakpoint. */
export function useColumnCount(): number {
  const [columns, setColumns] = useState(currentColumns);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const lists = QUERIES.map((q) => window.matchMedia(q.query));
    const update = () => setColumns(currentColumns());
    lists.forEach((l) => l.addEventListener('change', update));
    return () => lists.forEach((l) => l.removeEventListener('change', update));
  }, []);
  return columns;
}

import { BOX_TYPES, COLOUR_TAGS, IDEA_SORTS, STYLE_TAGS, boxCatalog } from '@packsmith/contracts';

export type IdeaSort = (typeof IDEA_SORTS)[number];

/** The gallery's filters as the URL carries them (?box=&style=&color=&sort=), every one optional. */
export interface IdeaFilters {
  box?: string;
  style?: string;
  color?: string;
  sort?: IdeaSort;
}

export const FILTER_KEYS = ['box', 'style', 'color', 'sort'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const known: Record<FilterKey, (v: string) => boolean> = {
  box: (v) => BOX_TYPES.some((b) => b.slug === v),
  style: (v) => STYLE_TAGS.some((s) => s.slug === v),
  color: (v) => COLOUR_TAGS.some((c) => c.slug === v),
  sort: (v) => (IDEA_SORTS as readonly string[]).includes(v),
};

/**
 * The filters of a shared URL. A value the catalogue does not know is left out, so an old or
 * hand-edited link still opens a gallery rather than an error.
 */
export function filtersFromParams(params: URLSearchParams): IdeaFilters {
  const out: IdeaFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value || !known[key](value)) continue;
    if (key === 'sort') out.sort = value as IdeaSort;
    else out[key] = value;
  }
  return out;
}

/** The URL's query with one filter changed; an empty value removes it (SPEC §5), other keys are kept. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** The URL's query without any gallery filter (ref, utm_source and keyword stay). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** Whether any filter that narrows the list is set (sort alone narrows nothing). */
export function hasNarrowingFilter(filters: IdeaFilters): boolean {
  return Boolean(filters.box || filters.style || filters.color);
}

/** Box types for the filter's select, grouped by the catalogue's box categories. */
export const BOX_FILTER_GROUPS = boxCatalog().map((g) => ({
  label: g.category.name,
  options: g.boxes.map((b) => ({ value: b.slug, label: b.name })),
}));

export const SORT_LABELS: Record<IdeaSort, string> = { popular: 'Popular', newest: 'Newest' };

/** A human name for a tag slug (style, colour, keyword), or the slug itself. */
export function tagLabel(slug: string): string {
  return (
    STYLE_TAGS.find((s) => s.slug === slug)?.name ??
    COLOUR_TAGS.find((c) => c.slug === slug)?.name ??
    slug.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
  );
}

/** The swatch colour of a colour tag slug, if it is one. */
export function colourHex(slug: string): string | undefined {
  return COLOUR_TAGS.find((c) => c.slug === slug)?.hex;
}

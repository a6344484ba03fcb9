import { DESIGN_IDEA_CATEGORIES } from '@packsmith/contracts';

/** SPEC §3 design-idea categories, in the spec's order. */
export const IDEA_CATEGORIES: readonly string[] = DESIGN_IDEA_CATEGORIES.map((c) => c.name);

/** SPEC §2 /design-ideas/{name}: a category's link carries its name, URL-encoded. */
export function categoryHref(name: string): string {
  return `/design-ideas/${encodeURIComponent(name)}`;
}

/** Lower case, '&' as 'and', every other run of non-alphanumerics as one dash. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The category a URL segment names: its name however it was encoded or typed ("Food & Beverages",
 * "Food%20%26%20Beverages", "food & beverages"), the contracts' slug ("food-beverages") or the
 * dashed form earlier links used ("food-and-beverages").
 */
export function categoryOfParam(param: string): string | undefined {
  let text = param;
  try {
    text = decodeURIComponent(param);
  } catch {
    // A stray '%' is part of what was typed, not an escape.
  }
  const key = fold(text);
  if (!key) return undefined;
  return DESIGN_IDEA_CATEGORIES.find((c) => fold(c.name) === key || c.slug === key)?.name;
}

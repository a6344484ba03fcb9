import { MOCKUP_CATEGORIES, type MockupCategoryName } from '@packsmith/contracts';

/*
 * The mockup studio's URLs (SPEC §2 /aimockup and /aimockup/{name}). Everything a visitor sees is in
 * the URL, so a link can be shared or reloaded:
 *
 *   /aimockup                                   the library, every category
 *   /aimockup/{category name}                   one category, URL-encoded: /aimockup/Bottles%20%26%20Jugs
 *     ?q=kraft                                  search by keyword (name and keywords)
 *     ?mine=1                                   "My templates" (the visitor's own, made from photos)
 *     ?template=<id>                            the studio on that template (the category is the template's)
 *     ?project_id=<id>                          the mockup project the results go to (made on the first Generate)
 *
 * A category may also be given by its slug (/aimockup/bottles-jugs) or in another case; it is shown
 * under its name. An unknown name shows the whole library with a note.
 */

export const MOCKUP_BASE = '/aimockup';

export interface MockupLocation {
  /** The category of the path; null for /aimockup. */
  category: MockupCategoryName | null;
  /** The path named a category that does not exist (shown as the whole library with a note). */
  unknownCategory: string | null;
  keyword: string;
  mine: boolean;
  templateId: string | null;
  projectId: string | null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A category from a path segment: its exact name, its name in any case or spacing, or its slug. */
export function categoryFromParam(raw: string): MockupCategoryName | null {
  const value = safeDecode(raw).trim().replace(/\/+$/, '');
  if (value === '') return null;
  const key = squash(value);
  const found = MOCKUP_CATEGORIES.find((c) => c.name === value || c.slug === value.toLowerCase() || squash(c.name) === key);
  return found ? found.name : null;
}

/** Reads the path's tail (the router's `*` param) and the query. */
export function parseMockupLocation(splat: string | undefined, search: URLSearchParams): MockupLocation {
  const raw = safeDecode(splat ?? '').trim();
  const category = raw ? categoryFromParam(raw) : null;
  const nonEmpty = (v: string | null) => (v && v.trim() !== '' ? v.trim() : null);
  return {
    category,
    unknownCategory: raw && !category ? raw : null,
    keyword: (search.get('q') ?? '').trim(),
    mine: search.get('mine') === '1',
    templateId: nonEmpty(search.get('template')),
    projectId: nonEmpty(search.get('project_id')),
  };
}

/** The path of a category: /aimockup/Bottles%20%26%20Jugs; /aimockup for none. */
export function categoryPath(category: MockupCategoryName | null): string {
  return category ? `${MOCKUP_BASE}/${encodeURIComponent(category)}` : MOCKUP_BASE;
}

function withQuery(path: string, entries: readonly [string, string | null | undefined | false][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of entries) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** A library view: category, search, "My templates", and the project being worked on. */
export function libraryHref(opts: { category?: MockupCategoryName | null; keyword?: string; mine?: boolean; projectId?: string | null }): string {
  return withQuery(categoryPath(opts.category ?? null), [
    ['q', opts.keyword?.trim()],
    ['mine', opts.mine ? '1' : null],
    ['project_id', opts.projectId],
  ]);
}

/** The studio on one template (under the template's category). */
export function studioHref(opts: { category: MockupCategoryName | null; templateId: string; projectId?: string | null }): string {
  return withQuery(categoryPath(opts.category), [
    ['template', opts.templateId],
    ['project_id', opts.projectId],
  ]);
}

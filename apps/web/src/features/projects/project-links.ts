import { PROJECT_SORTS, PROJECT_TYPES, type ProjectSummary, type ProjectType } from '@packsmith/contracts';
import { libraryHref } from '../mockup/mockup-url';

/*
 * The projects screen's vocabulary: where each project type opens, how a project is titled, and the
 * filters that live in the URL (?type=, ?q=, ?sort=) so a filtered list can be reloaded or shared.
 */

export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const TYPE_LABEL: Record<ProjectType, string> = {
  design: 'Design',
  childDesign: 'Design variation',
  photoshoot: 'Photo shoot',
  mockup: 'Mockup',
  pricing_tool: 'Quotation',
  ai_editor: 'AI editor',
  nutrition: 'Nutrition label',
};

/** The type filter's chips, in the order shown; `null` is All. */
export const TYPE_FILTERS: readonly { value: ProjectType | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'design', label: 'Designs' },
  { value: 'childDesign', label: 'Design variations' },
  { value: 'photoshoot', label: 'Photo shoots' },
  { value: 'mockup', label: 'Mockups' },
  { value: 'pricing_tool', label: 'Quotations' },
  { value: 'ai_editor', label: 'AI editor' },
  { value: 'nutrition', label: 'Nutrition labels' },
];

export const SORT_OPTIONS: readonly { value: ProjectSort; label: string }[] = [
  { value: 'updated', label: 'Last edited' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'Name A–Z' },
];

export const DEFAULT_SORT: ProjectSort = 'updated';

export interface ProjectFilters {
  type: ProjectType | null;
  /** The search text as typed (trimmed); '' for none. */
  q: string;
  sort: ProjectSort;
}

/** The filters a URL's query holds; unknown values count as none (a hand-edited link still opens). */
export function filtersFromSearch(search: URLSearchParams): ProjectFilters {
  const type = search.get('type');
  const sort = search.get('sort');
  return {
    type: type && (PROJECT_TYPES as readonly string[]).includes(type) ? (type as ProjectType) : null,
    q: (search.get('q') ?? '').trim().slice(0, 100),
    sort: sort && (PROJECT_SORTS as readonly string[]).includes(sort) ? (sort as ProjectSort) : DEFAULT_SORT,
  };
}

/** The query with these filters applied; other values (ref, utm_source…) are kept, defaults left out. */
export function searchWithFilters(current: URLSearchParams, patch: Partial<ProjectFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('type' in patch) set('type', patch.type ?? null);
  if ('q' in patch) set('q', patch.q?.trim() || null);
  if ('sort' in patch) set('sort', patch.sort && patch.sort !== DEFAULT_SORT ? patch.sort : null);
  return next;
}

export const hasFilters = (f: ProjectFilters) => f.type !== null || f.q !== '';

/**
 * Where a project opens again: designs and their variations in the design chat, a photo shoot on
 * /photoshoot, a mockup in the mockup studio, a quotation in the quotation tool, an AI-editor project
 * in the editor.
 */
export function projectHref(p: Pick<ProjectSummary, 'project_id' | 'type'>): string {
  const id = encodeURIComponent(p.project_id);
  switch (p.type) {
    case 'design':
    case 'childDesign':
      return `/design-chat?pid=${id}`;
    case 'photoshoot':
      return `/photoshoot?project_id=${id}`;
    case 'mockup':
      return libraryHref({ projectId: p.project_id });
    case 'pricing_tool':
      return `/aiquotation?project_id=${id}`;
    case 'ai_editor':
      return `/editor?project_id=${id}`;
    case 'nutrition':
      return `/tools/nutrition-label-generator?project_id=${id}`;
  }
}

export function projectTitle(p: Pick<ProjectSummary, 'name' | 'brand' | 'product'>): string {
  return p.name || [p.brand, p.product].filter(Boolean).join(' · ') || 'Untitled project';
}

/** The brand and product under the title, when the name does not already say it. */
export function projectSubtitle(p: Pick<ProjectSummary, 'name' | 'brand' | 'product'>): string {
  const line = [p.brand, p.product].filter(Boolean).join(' · ');
  return line && line !== projectTitle(p) ? line : '';
}

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { mockupCalls, projectCalls, type CallData, type MockupCategoryName } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { useSessionStore } from '../../stores/session.store';

/* The studio's reads, through TanStack Query (cached per visit, refetched when stale). */

export const TEMPLATE_PAGE_SIZE = 24;
/** How often counts and lists are asked again while the library is still being rendered. */
export const RENDERING_REFRESH_MS = 4000;

type Categories = CallData<typeof mockupCalls.templateCategories>;

/** The counts, and when their total last grew (the library is rendered in the background after a fresh install). */
export interface CategoryCounts {
  list: Categories;
  total: number;
  grewAt: number;
  /** Fetches in a row that found the same total (a library still growing is only seen by asking again). */
  steady: number;
}

/** Counts are asked again until they have stayed the same this many times in a row. */
export const STEADY_CHECKS = 2;

/** Whether to ask for the counts again: while rendering, and until they were seen not to grow. */
export function countsUnsettled(counts: CategoryCounts | undefined, now: number = Date.now()): boolean {
  return counts !== undefined && (libraryRendering(counts, now) || counts.steady < STEADY_CHECKS);
}

/**
 * The library is still being rendered: some category is empty, or the total grew a moment ago. Lists
 * and counts are then asked again every few seconds, so they grow on screen.
 */
export function libraryRendering(counts: CategoryCounts | undefined, now: number = Date.now()): boolean {
  if (!counts) return false;
  return counts.list.some((c) => c.count === 0) || now - counts.grewAt < 3 * RENDERING_REFRESH_MS;
}

const CATEGORIES_KEY = ['mockup', 'categories'] as const;

/** GET /api/mockup/template/cate/list: the 8 categories with their counts (growing while rendering). */
export function useTemplateCategories() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: async ({ signal }): Promise<CategoryCounts> => {
      const list = await apiCall(mockupCalls.templateCategories, {}, { signal, silent: true });
      const total = list.reduce((n, c) => n + c.count, 0);
      const before = client.getQueryData<CategoryCounts>(CATEGORIES_KEY);
      const grew = before !== undefined && total > before.total;
      return { list, total, grewAt: grew ? Date.now() : (before?.grewAt ?? 0), steady: before && !grew ? before.steady + 1 : 0 };
    },
    staleTime: 10_000,
    refetchInterval: (q) => (countsUnsettled(q.state.data) ? RENDERING_REFRESH_MS : false),
  });
  return { ...query, rendering: libraryRendering(query.data) };
}

export interface TemplateFilter {
  category: MockupCategoryName | null;
  keyword: string;
  mine: boolean;
}

/** GET /api/mockup/template/list, a page at a time ("Load more" or scrolling to the end). */
export function useTemplates(filter: TemplateFilter, refreshMs: number | false) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['mockup', 'templates', filter.category, filter.keyword, filter.mine, filter.mine ? token : null],
    initialPageParam: 1,
    enabled: !filter.mine || token !== null,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        mockupCalls.templates,
        {
          ...(filter.category ? { category: filter.category } : {}),
          ...(filter.keyword ? { keyword: filter.keyword } : {}),
          ...(filter.mine ? { mine: 1 } : {}),
          page_index: pageParam,
          page_size: TEMPLATE_PAGE_SIZE,
        },
        { signal, silent: true },
      ),
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

/**
 * GET /api/mockup/template/info. Quiet: an unknown or not-yet-rendered template is said on the page
 * (with a way back to the library) instead of sending the visitor to /404.
 */
export function useTemplateInfo(id: string | null) {
  return useQuery({
    queryKey: ['mockup', 'template', id],
    enabled: id !== null,
    queryFn: ({ signal }) => apiCall(mockupCalls.templateInfo, { id: id ?? '' }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** The visitor's recent design-chat projects (GET /api/project/list type=design), newest first. */
export function useDesignProjects(enabled: boolean) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['projects', token, 'design', 'recent'],
    enabled: enabled && token !== null,
    queryFn: ({ signal }) => apiCall(projectCalls.list, { type: 'design', page_index: 1, page_size: 12 }, { signal, silent: true }),
  });
}

/** One project's designs (GET /api/project/info result_list), newest first. */
export function useProjectDesigns(projectId: string | null) {
  return useQuery({
    queryKey: ['project', projectId, 'designs'],
    enabled: projectId !== null,
    queryFn: async ({ signal }) => {
      const p = await apiCall(projectCalls.info, { project_id: projectId ?? '' }, { signal, silent: true });
      return [...new Set(p.result_list.flat().filter((u) => u.trim() !== ''))].reverse();
    },
  });
}

/** GET /api/mockup/design/faces: the panels a design paints on its pack (the 2D editor and the 3D preview). */
export function useDesignFaces(imageUrl: string | null) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['mockup', 'faces', imageUrl],
    enabled: imageUrl !== null && token !== null,
    queryFn: ({ signal }) => apiCall(mockupCalls.designFaces, { image_url: imageUrl ?? '' }, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
}

/** GET /api/composite/material/list: saved setups, newest first. */
export function useSavedSetups() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['mockup', 'composites', token],
    enabled: token !== null,
    queryFn: ({ signal }) => apiCall(mockupCalls.composites, {}, { signal, silent: true }),
  });
}

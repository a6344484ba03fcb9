import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ideaCalls, projectCalls, type IdeaDetail, type IdeaList } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import type { IdeaFilters } from './filters';

/** Ideas per page of every gallery grid (the contract's default). */
export const IDEA_GRID_PAGE_SIZE = 24;
/** Similar ideas shown under one idea. */
export const SIMILAR_IDEAS = 8;

const KEY = 'ideas';

/*
 * Every gallery read is `silent`: the screens show their own loading, empty, error and
 * "not available" states, so a missing idea must not send the visitor to /404 nor open a toast.
 */

/** What a grid lists: a category (or all) with filters, a text search, or one tag. */
export type IdeaSource =
  { kind: 'category'; cate: string | null; filters: IdeaFilters } | { kind: 'search'; keyword: string; filters: IdeaFilters } | { kind: 'tag'; tag: string };

/** The filter fields a list call takes: empty values left out (SPEC §5). */
function filterInput(filters: IdeaFilters) {
  return {
    ...(filters.box ? { box: filters.box } : {}),
    ...(filters.style ? { style: filters.style } : {}),
    ...(filters.color ? { color: filters.color } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
  };
}

function fetchPage(source: IdeaSource, page: number, signal: AbortSignal): Promise<IdeaList> {
  const paging = { page_index: page, page_size: IDEA_GRID_PAGE_SIZE };
  const opts = { silent: true, signal };
  switch (source.kind) {
    case 'category':
      return apiCall(ideaCalls.packageList, { ...paging, ...filterInput(source.filters), ...(source.cate ? { cate: source.cate } : {}) }, opts);
    case 'search':
      return apiCall(ideaCalls.search, { ...paging, ...filterInput(source.filters), ...(source.keyword ? { keyword: source.keyword } : {}) }, opts);
    case 'tag':
      return apiCall(ideaCalls.searchTag, { ...paging, keyword: source.tag }, opts);
  }
}

/** The next page to ask for, or none once every idea of the list is loaded. */
export function nextIdeaPage(last: IdeaList, pages: readonly IdeaList[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  // An empty page ends the list even if the total says more (ideas hidden meanwhile).
  return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

/** A grid's ideas page by page (infinite scroll and "Load more"). */
export function useIdeaPages(source: IdeaSource, enabled = true) {
  return useInfiniteQuery({
    queryKey: [KEY, 'list', source],
    queryFn: ({ pageParam, signal }) => fetchPage(source, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextIdeaPage,
    enabled,
  });
}

/** Flat list of a grid's loaded ideas, without the duplicates a shifting list can page twice. */
export function loadedIdeas(data: InfiniteData<IdeaList> | undefined): IdeaList['list'] {
  const seen = new Set<string>();
  const out: IdeaList['list'] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.list) {
      if (seen.has(item.project_id)) continue;
      seen.add(item.project_id);
      out.push(item);
    }
  }
  return out;
}

/** Every category with its previews and count, for /design-ideas. */
export function useCategoryPreviews(enabled = true) {
  return useQuery({
    queryKey: [KEY, 'previews'],
    queryFn: ({ signal }) => apiCall(ideaCalls.catePreviewList, {}, { silent: true, signal }),
    staleTime: 60_000,
    enabled,
  });
}

export const ideaKey = (id: string) => [KEY, 'idea', id] as const;

export function useIdea(id: string) {
  return useQuery({
    queryKey: ideaKey(id),
    queryFn: ({ signal }) => apiCall(ideaCalls.idea, { project_id: id }, { silent: true, signal }),
    enabled: id.length > 0,
  });
}

export function useSimilarIdeas(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'similar', id],
    queryFn: ({ signal }) => apiCall(projectCalls.others, { project_id: id, page_size: SIMILAR_IDEAS }, { silent: true, signal }),
    enabled: enabled && id.length > 0,
    staleTime: 60_000,
  });
}

/**
 * Like or undo a like at once on screen (optimistic), then take the server's answer as the truth;
 * on failure the idea shows what it showed before.
 */
export function useLikeIdea(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(projectCalls.like, { project_id: id }, { silent: true }),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: ideaKey(id) });
      const before = qc.getQueryData<IdeaDetail>(ideaKey(id));
      if (before) {
        qc.setQueryData<IdeaDetail>(ideaKey(id), {
          ...before,
          liked: !before.liked,
          like_count: Math.max(0, before.like_count + (before.liked ? -1 : 1)),
        });
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) qc.setQueryData(ideaKey(id), context.before);
    },
    onSuccess: (answer) => {
      qc.setQueryData<IdeaDetail>(ideaKey(id), (d) => (d ? { ...d, liked: answer.liked, like_count: answer.like_count } : d));
    },
  });
}

/**
 * Counts one view when an idea is opened: once per id while the page is mounted (the server counts
 * once per user anyway), and the answer's count replaces the one shown.
 */
export function useCountView(id: string, ready: boolean) {
  const qc = useQueryClient();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !id || counted.current === id) return;
    counted.current = id;
    apiCall(projectCalls.view, { project_id: id }, { silent: true })
      .then((answer) => qc.setQueryData<IdeaDetail>(ideaKey(id), (d) => (d ? { ...d, view_count: answer.view_count } : d)))
      .catch(() => {
        // A view that could not be counted changes nothing the visitor sees.
      });
  }, [id, ready, qc]);
}

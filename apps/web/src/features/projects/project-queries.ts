import { useCallback } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { projectCalls, type ProjectListItem } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { putBackLocalHistory, removeFromLocalHistory, renameInLocalHistory, type LocalHistoryRecord } from '../chat/local-history';
import { useSessionStore } from '../../stores/session.store';
import type { ProjectFilters } from './project-links';

export const PROJECT_PAGE_SIZE = 24;

export interface ProjectPage {
  list: ProjectListItem[];
  total: number;
}
type Pages = InfiniteData<ProjectPage, number>;

/** Every list of the projects screen, whatever its filters: renames and deletes patch them all. */
const listKey = (token: string | null) => ['projects', token, 'list'] as const;

export function useProjectList(filters: ProjectFilters) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: [...listKey(token), filters],
    enabled: token !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        projectCalls.list,
        {
          page_index: pageParam,
          page_size: PROJECT_PAGE_SIZE,
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.q ? { keyword: filters.q } : {}),
          sort: filters.sort,
        },
        { signal },
      ),
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined),
  });
}

function patchLists(client: QueryClient, token: string | null, change: (page: ProjectPage) => ProjectPage): () => void {
  const before = client.getQueriesData<Pages>({ queryKey: listKey(token) });
  client.setQueriesData<Pages>({ queryKey: listKey(token) }, (data) => (data ? { ...data, pages: data.pages.map(change) } : data));
  return () => {
    for (const [key, data] of before) client.setQueryData(key, data);
  };
}

const renamed =
  (id: string, name: string) =>
  (page: ProjectPage): ProjectPage => ({
    ...page,
    list: page.list.map((p) => ({
      ...(p.project_id === id ? { ...p, name } : p),
      children: p.children.map((c) => (c.project_id === id ? { ...c, name } : c)),
    })),
  });

const without =
  (id: string) =>
  (page: ProjectPage): ProjectPage => {
    const hit = page.list.some((p) => p.project_id === id);
    return {
      total: hit ? Math.max(0, page.total - 1) : page.total,
      list: page.list.filter((p) => p.project_id !== id).map((p) => ({ ...p, children: p.children.filter((c) => c.project_id !== id) })),
    };
  };

/** What a failed call says, for the screen's own message (these calls do not go through the catalogue). */
export const failureText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

export interface DeletedProject {
  project: Pick<ProjectListItem, 'project_id' | 'name' | 'brand' | 'product'>;
  /** The local history record the delete removed, put back on undo. */
  record: LocalHistoryRecord | null;
}

/**
 * The screen's edits. Each patches the cached lists at once (optimistic) and sets them back if the
 * server refuses; the calls are silent so a 404 (deleted in another tab) stays a message on this
 * screen instead of the catalogue's jump to /404.
 */
export function useProjectActions() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['projects', token] }), [client, token]);

  const rename = useCallback(
    async (id: string, name: string): Promise<void> => {
      const rollback = patchLists(client, token, renamed(id, name));
      try {
        const answer = await apiCall(projectCalls.rename, { project_id: id, name }, { silent: true });
        renameInLocalHistory(id, answer.name);
        client.setQueriesData<Pages>({ queryKey: listKey(token) }, (data) => (data ? { ...data, pages: data.pages.map(renamed(id, answer.name)) } : data));
      } catch (err) {
        rollback();
        throw err;
      }
    },
    [client, token],
  );

  const remove = useCallback(
    async (project: DeletedProject['project']): Promise<DeletedProject> => {
      const rollback = patchLists(client, token, without(project.project_id));
      try {
        await apiCall(projectCalls.remove, { project_id: project.project_id }, { silent: true });
      } catch (err) {
        rollback();
        throw err;
      }
      const record = removeFromLocalHistory(project.project_id);
      // Variations of a deleted project are listed on their own now: the lists are read again.
      void refresh();
      return { project, record };
    },
    [client, token, refresh],
  );

  const restore = useCallback(
    async (deleted: DeletedProject): Promise<void> => {
      await apiCall(projectCalls.restore, { project_id: deleted.project.project_id }, { silent: true });
      if (deleted.record) putBackLocalHistory(deleted.record);
      await refresh();
    },
    [refresh],
  );

  return { rename, remove, restore, refresh };
}

import { useEffect, useState } from 'react';
import { SCENE_CATEGORIES, photoshootCalls, type SceneCategory, type SceneFamily, type SceneTemplate } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { sceneOfTemplate, type ShootStoreApi } from './photoshoot.store';

export interface SceneFilters {
  category: SceneCategory | null;
  color: string | null;
  family: SceneFamily | null;
}

export const NO_FILTERS: SceneFilters = { category: null, color: null, family: null };
export const SCENE_PAGE_SIZE = 24;

export type SceneList =
  | { status: 'loading'; list: SceneTemplate[]; total: number }
  | { status: 'ready'; list: SceneTemplate[]; total: number }
  | { status: 'error'; list: SceneTemplate[]; total: number; message: string };

/**
 * GET /api/photoshoot/template/list for the project (its best matches first) with the gallery's
 * filters, a page at a time; the scenes it lists become known to the shoot. Failures stay in the
 * gallery (with a retry) instead of a toast.
 */
export function useSceneList(store: ShootStoreApi, projectId: string | null, filters: SceneFilters) {
  const { category, color, family } = filters;
  const key = `${projectId ?? ''}|${category ?? ''}|${color ?? ''}|${family ?? ''}`;
  // New filters start again from the first page.
  const [paging, setPaging] = useState({ key, pages: 1 });
  const pages = paging.key === key ? paging.pages : 1;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SceneList>({ status: 'loading', list: [], total: 0 });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', list: pages === 1 ? [] : s.list, total: s.total }));
    apiCall(
      photoshootCalls.templates,
      {
        ...(projectId ? { project_id: projectId } : {}),
        ...(category ? { category } : {}),
        ...(color ? { color } : {}),
        ...(family ? { family } : {}),
        page_index: pages,
        page_size: SCENE_PAGE_SIZE,
      },
      { silent: true, signal: controller.signal },
    )
      .then((data) => {
        if (controller.signal.aborted) return;
        store.getState().addScenes(data.list.map(sceneOfTemplate));
        setState((s) => {
          const list = pages === 1 ? data.list : [...s.list, ...data.list.filter((t) => !s.list.some((o) => o.id === t.id))];
          return { status: 'ready', list, total: data.total };
        });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => ({
          status: 'error',
          list: s.list,
          total: s.total,
          message: err instanceof ApiError ? err.message : 'The scenes could not be loaded.',
        }));
      });
    return () => controller.abort();
  }, [pages, attempt, store, projectId, category, color, family]);

  return {
    ...state,
    hasMore: state.list.length < state.total,
    loadMore: () => setPaging({ key, pages: pages + 1 }),
    retry: () => setAttempt((a) => a + 1),
  };
}

/** The filters' vocabulary (categories and colour names) from GET /api/photoshoot/public/list. */
export function useSceneVocabulary() {
  const [vocab, setVocab] = useState<{ categories: SceneCategory[]; colors: string[] }>({ categories: [...SCENE_CATEGORIES], colors: [] });
  useEffect(() => {
    let cancelled = false;
    apiCall(photoshootCalls.publicTemplates, { page_index: 1, page_size: 1 }, { silent: true })
      .then((d) => {
        if (!cancelled) setVocab({ categories: d.categories.length > 0 ? d.categories : [...SCENE_CATEGORIES], colors: d.colors });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return vocab;
}

/** A few showcase scenes for the empty state (GET /api/photoshoot/landing/template/list); none when it fails. */
export function useLandingScenes(): SceneTemplate[] {
  const [list, setList] = useState<SceneTemplate[]>([]);
  useEffect(() => {
    let cancelled = false;
    apiCall(photoshootCalls.landingTemplates, {}, { silent: true })
      .then((d) => !cancelled && setList(d.list))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return list;
}

import type { ChatMessage } from '@packsmith/contracts';
import { cleanImageList, useProjectStore } from '../../../stores/project.store';
import { FAILED_TEXT } from '../../chat/chat-data';
import type { ChatStoreApi, ProjectDetail } from '../../chat/chat.store';
import { CUTOUT_FAILURE_TEXT, SHOOT_FAILED_TEXT, photoshootEffectOf, recordEnded, type PhotoshootEffect } from '../photoshoot-data';
import { sceneOfTemplate, type PhotoShootInfo, type Scene, type ShootStoreApi } from '../photoshoot.store';
import { DEFAULT_FLOOR_Y } from '../placement';

interface ShootSyncDeps {
  store: ShootStoreApi;
  chat: { store: ChatStoreApi; followRecord(recordId: string): void };
}

/**
 * The photo shoot read from its chat (SPEC §4 Photo shoot messages) and from its project: each finished
 * message is applied once, in the order it was said, so a reload rebuilds the shoot from the history.
 */
export interface ShootSync {
  /** Starts following the chat (once; again after `stop`). */
  start(): void;
  stop(): void;
  /** Applies the messages not applied yet. */
  process(messages: readonly ChatMessage[]): void;
  /**
   * The project as the server has it: the photo, cut-out and background last used, the results and
   * the likes. The chosen background is taken from the project once, when it is opened.
   */
  hydrate(p: ProjectDetail): void;
  /** While a shoot opens its history is replayed: its results are not "new". */
  replay(on: boolean): void;
  /** Another shoot starts: what was applied for the last one no longer counts. */
  forget(): void;
}

export function createShootSync({ store, chat }: ShootSyncDeps): ShootSync {
  const seen = new Set<string>();
  let seenProject: string | null = null;
  let hydratedProject: string | null = null;
  let replaying = false;
  let unsubscribe: (() => void) | null = null;
  const shoot = () => store.getState();

  /** This screen's project is the chat's: only then do the chat's messages belong to it. */
  function ours(): string | null {
    const id = shoot().projectId;
    return id && chat.store.getState().projectId === id ? id : null;
  }

  function apply(e: PhotoshootEffect, messages: readonly ChatMessage[]): void {
    const s = shoot();
    switch (e.kind) {
      case 'taskStart': {
        const running = !recordEnded(e.recordId, messages);
        if (e.task === 'cutout') {
          s.patch({ cutRecordId: e.recordId });
          if (running) s.patch({ isCutting: true, cutError: null });
        } else if (running) {
          s.patch({ shootRecordId: e.recordId, shootError: null });
        }
        // After a reload the record is still running: follow its progress like one started here.
        if (running) chat.followRecord(e.recordId);
        return;
      }
      case 'cutout': {
        // A cut-out of a photo replaced meanwhile (another record is being cut) no longer applies.
        if (s.cutRecordId && s.cutRecordId !== e.recordId && s.isCutting) return;
        // A received cut-out stops the upload/cut loading state and sets transparentUrl.
        s.receiveCutout(e.transparentUrl);
        if (e.originImage) s.patchInfo({ photoUrl: e.originImage });
        s.patch({ coordinates: e.coordinates, cutError: null, cutRecordId: e.recordId });
        return;
      }
      case 'cutError': {
        if (s.cutRecordId && s.cutRecordId !== e.recordId && s.isCutting) return;
        // A cut-image error stops the loading state; the cut-out of an earlier photo no longer applies.
        s.setCutting(false);
        s.patchInfo({ transparentUrl: '' });
        s.patch({ cutError: e.message, placementEdit: null });
        return;
      }
      case 'recommend': {
        const templates = e.templates.map(sceneOfTemplate);
        const known = new Set(templates.map((t) => t.url));
        const bare: Scene[] = e.urls
          .filter((u) => !known.has(u))
          .map((url, i) => ({ url, thumbnailUrl: url, name: `Recommended scene ${i + 1}`, size: null, floorY: DEFAULT_FLOOR_Y, template: null }));
        s.addScenes([...templates, ...bare]);
        s.patch({ recommended: [...e.urls] });
        // The first recommendation becomes the chosen background when none is chosen yet.
        s.receiveRecommendations(e.urls);
        return;
      }
      case 'results': {
        const project = useProjectStore.getState();
        project.patch({ photoResultList: cleanImageList([...project.photoResultList, ...e.urls]) });
        s.patch({ ...(replaying ? {} : { latestRun: e.urls }), ...(s.shootRecordId === e.recordId ? { shootRecordId: null, shootError: null } : {}) });
        return;
      }
      case 'error': {
        if (e.recordId && e.recordId === s.cutRecordId && s.isCutting) {
          s.patch({ isCutting: false, cutError: e.message === FAILED_TEXT ? CUTOUT_FAILURE_TEXT.failed : e.message });
        } else if (e.recordId && e.recordId === s.shootRecordId) {
          s.patch({ shootRecordId: null, shootError: e.message === FAILED_TEXT ? SHOOT_FAILED_TEXT : e.message });
        }
        return;
      }
    }
  }

  function process(messages: readonly ChatMessage[]): void {
    const projectId = ours();
    if (!projectId) return;
    if (seenProject !== projectId) {
      seen.clear();
      seenProject = projectId;
    }
    for (const m of messages) {
      if (m.project_id !== projectId || m.isloading || seen.has(m.msg_id)) continue;
      seen.add(m.msg_id);
      const effect = photoshootEffectOf(m);
      if (effect) apply(effect, messages);
    }
  }

  function hydrate(p: ProjectDetail): void {
    const projectId = ours();
    if (!projectId || p.project_id !== projectId) return;
    const first = hydratedProject !== projectId;
    hydratedProject = projectId;
    const s = shoot();
    const info = s.photoShootInfo;
    const data = p.data;
    const str = (v: unknown): string => (typeof v === 'string' ? v : '');
    const next: Partial<PhotoShootInfo> = {};
    if (!info.photoUrl && str(data.origin_image)) next.photoUrl = str(data.origin_image);
    if (!info.transparentUrl && !s.isCutting && str(data.cutout_image)) next.transparentUrl = str(data.cutout_image);
    if (str(data.select_background) && (first || !info.backgroundUrl)) next.backgroundUrl = str(data.select_background);
    if (Object.keys(next).length > 0) s.patchInfo(next);
    // The background last used may be the visitor's own: the gallery lists it (a template's record replaces it when known).
    const background = str(data.select_background);
    if (background && !shoot().scenes[background])
      shoot().addScenes([{ url: background, thumbnailUrl: background, name: 'Your background', size: null, floorY: DEFAULT_FLOOR_Y, template: null }]);
    if (!shoot().coordinates && p.extracted_coordinates) shoot().patch({ coordinates: p.extracted_coordinates });
    const project = useProjectStore.getState();
    project.patch({
      photoResultList: cleanImageList([...project.photoResultList, ...p.result_list.flat()]),
      like_image_list: [...p.like_list],
      photoLikeBestUrl: p.like_best ?? '',
    });
  }

  /**
   * The chat stopped following one of this screen's records without a message saying how it ended (the
   * server refused the record): the loading state must not stay on for ever.
   */
  function settleUnanswered(recordId: string): void {
    if (recordEnded(recordId, chat.store.getState().messages)) return;
    const s = shoot();
    if (recordId === s.cutRecordId && s.isCutting) {
      s.patch({ isCutting: false, cutError: CUTOUT_FAILURE_TEXT.failed });
    } else if (recordId === s.shootRecordId) {
      s.patch({ shootRecordId: null, shootError: SHOOT_FAILED_TEXT });
    }
  }

  function start(): void {
    if (unsubscribe) return;
    unsubscribe = chat.store.subscribe((state, prev) => {
      // Closing or reopening a chat drops every record at once: that is not an ending.
      if (state.generations !== prev.generations && state.status === 'ready' && ours()) {
        const s = shoot();
        for (const id of [s.cutRecordId, s.shootRecordId]) {
          // A microtask: a local error message may follow the untracking in the same step.
          if (id && prev.generations[id] && !state.generations[id]) queueMicrotask(() => settleUnanswered(id));
        }
      }
      if (state.messages !== prev.messages) process(state.messages);
      if (state.project && state.project !== prev.project) hydrate(state.project);
    });
  }

  return {
    start,
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
    process,
    hydrate,
    replay(on) {
      replaying = on;
    },
    forget() {
      seenProject = null;
      hydratedProject = null;
    },
  };
}

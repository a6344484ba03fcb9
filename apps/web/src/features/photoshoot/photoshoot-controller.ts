import { Msg, photoshootCalls, type ChatMessage, type ExtractedCoordinates } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { prepareImage, uploadImage, uploadPrepared, type PreparedImage } from '../../api/upload';
import { UploadRejected } from '../../api/upload-rules';
import { useChatStore } from '../../stores/chat.store';
import { usePhotoShootStore, type PhotoShootInfo } from '../../stores/photo-shoot.store';
import { cleanImageList, useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';
import { ChatBusy, FAILED_TEXT, closeChat, createChatProject, followRecord, newChat, openChat, runTask } from '../chat/chat-controller';
import { endsRecord, recordIdOf } from '../chat/chat-data';
import { useChatSession, type ProjectDetail } from '../chat/chat-session.store';
import type { ImageLikes } from '../chat/image-likes';
import { CUTOUT_FAILURE_TEXT, SHOOT_FAILED_TEXT, photoshootEffectOf, type PhotoshootEffect } from './photoshoot-data';
import { sceneOfTemplate, usePhotoshootSession, type Scene } from './photoshoot-session.store';
import { DEFAULT_FLOOR_Y, commit, historyOf, initialBox, redo, refitBox, sameBox, toPlacement, undo, type Back, type Box, type Size } from './placement';

/*
 * The photo shoot flow (SPEC §4): upload → project → room and hello → cut-out → scene →
 * placement → composite → results. The chat controller runs the conversation, the room and the
 * records' progress; this module turns the photo shoot messages into the spec's stores and starts
 * the photo shoot calls through the chat, so their progress shows in both places.
 */

const shoot = () => usePhotoshootSession.getState();
const photo = () => usePhotoShootStore.getState();

export const START_FAILED_TEXT = 'We could not start a photo shoot. Please try again.';
export const OPEN_FAILED_TEXT = 'We could not open this photo shoot.';
export const NOT_A_SHOOT_TEXT = 'This project is not a photo shoot.';
export const BUSY_TEXT = 'Please wait for the current step to finish.';

// ---------------------------------------------------------------- messages → state

let syncing = false;
const seen = new Set<string>();
let seenProject: string | null = null;
let hydratedProject: string | null = null;
/** While a shoot opens, its history is replayed: its results are not "new". */
let replaying = false;

/** This screen's project is the chat's: only then do the chat's messages belong to it. */
function ours(): string | null {
  const id = shoot().projectId;
  return id && useChatSession.getState().projectId === id ? id : null;
}

function ended(recordId: string, messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => !m.isloading && m.role === 'assistant' && endsRecord(m) && recordIdOf(m) === recordId);
}

/** SPEC §4 Photo shoot messages, applied to photoShootInfo, the project state and this screen's state. */
export function applyEffect(e: PhotoshootEffect, messages: readonly ChatMessage[] = []): void {
  const s = shoot();
  switch (e.kind) {
    case 'taskStart': {
      const running = !ended(e.recordId, messages);
      if (e.task === 'cutout') {
        s.patch({ cutRecordId: e.recordId });
        if (running) {
          photo().setCutting(true);
          s.patch({ cutError: null });
        }
      } else if (running) {
        s.patch({ shootRecordId: e.recordId, shootError: null });
      }
      // After a reload the record is still running: follow its progress like one started here.
      if (running) followRecord(e.recordId);
      return;
    }
    case 'cutout': {
      // A cut-out of a photo replaced meanwhile (another record is being cut) no longer applies.
      if (s.cutRecordId && s.cutRecordId !== e.recordId && photo().isCutting) return;
      // A received cut-out stops the upload/cut loading state and sets transparentUrl.
      photo().receiveCutout(e.transparentUrl);
      if (e.originImage) photo().patchInfo({ photoUrl: e.originImage });
      s.patch({ coordinates: e.coordinates, cutError: null, cutRecordId: e.recordId });
      return;
    }
    case 'cutError': {
      if (s.cutRecordId && s.cutRecordId !== e.recordId && photo().isCutting) return;
      // A cut-image error stops the loading state; the cut-out of an earlier photo no longer applies.
      photo().setCutting(false);
      photo().patchInfo({ transparentUrl: '' });
      s.patch({ cutError: e.message, placement: null });
      return;
    }
    case 'recommend': {
      const templates = e.templates.map(sceneOfTemplate);
      const known = new Set(templates.map((t) => t.url));
      const bare: Scene[] = e.urls.filter((u) => !known.has(u)).map((url, i) => ({ url, thumbnailUrl: url, name: `Recommended scene ${i + 1}`, size: null, floorY: DEFAULT_FLOOR_Y, template: null }));
      s.addScenes([...templates, ...bare]);
      s.patch({ recommended: [...e.urls] });
      // The first recommendation becomes the chosen background when none is chosen yet.
      photo().receiveRecommendations(e.urls);
      return;
    }
    case 'results': {
      const project = useProjectStore.getState();
      project.patch({ photoResultList: cleanImageList([...project.photoResultList, ...e.urls]) });
      s.patch({ ...(replaying ? {} : { latestRun: e.urls }), ...(s.shootRecordId === e.recordId ? { shootRecordId: null, shootError: null } : {}) });
      return;
    }
    case 'error': {
      if (e.recordId && e.recordId === s.cutRecordId && photo().isCutting) {
        photo().setCutting(false);
        s.patch({ cutError: e.message === FAILED_TEXT ? CUTOUT_FAILURE_TEXT.failed : e.message });
      } else if (e.recordId && e.recordId === s.shootRecordId) {
        s.patch({ shootRecordId: null, shootError: e.message === FAILED_TEXT ? SHOOT_FAILED_TEXT : e.message });
      }
      return;
    }
  }
}

/** Each finished message is applied once, in the order it was said. */
function processMessages(messages: readonly ChatMessage[]): void {
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
    if (effect) applyEffect(effect, messages);
  }
}

/**
 * The project as the server has it: the photo, cut-out and background last used, the results and
 * the likes. The chosen background is taken from the project once, when it is opened.
 */
function hydrate(p: ProjectDetail): void {
  const projectId = ours();
  if (!projectId || p.project_id !== projectId) return;
  const first = hydratedProject !== projectId;
  hydratedProject = projectId;
  const info = photo().photoShootInfo;
  const data = p.data;
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const next: Partial<PhotoShootInfo> = {};
  if (!info.photoUrl && str(data.origin_image)) next.photoUrl = str(data.origin_image);
  if (!info.transparentUrl && !photo().isCutting && str(data.cutout_image)) next.transparentUrl = str(data.cutout_image);
  if (str(data.select_background) && (first || !info.backgroundUrl)) next.backgroundUrl = str(data.select_background);
  if (Object.keys(next).length > 0) photo().patchInfo(next);
  // The background last used may be the visitor's own: the gallery lists it (a template's record replaces it when known).
  const background = str(data.select_background);
  if (background && !shoot().scenes[background]) shoot().addScenes([{ url: background, thumbnailUrl: background, name: 'Your background', size: null, floorY: DEFAULT_FLOOR_Y, template: null }]);
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
  if (ended(recordId, useChatStore.getState().messages)) return;
  const s = shoot();
  if (recordId === s.cutRecordId && photo().isCutting) {
    photo().setCutting(false);
    s.patch({ cutError: CUTOUT_FAILURE_TEXT.failed });
  } else if (recordId === s.shootRecordId) {
    s.patch({ shootRecordId: null, shootError: SHOOT_FAILED_TEXT });
  }
}

function startSync(): void {
  if (syncing) return;
  syncing = true;
  useChatSession.subscribe((state, prev) => {
    // Closing or reopening a chat drops every record at once: that is not an ending.
    if (state.generations === prev.generations || state.status !== 'ready' || !ours()) return;
    const s = shoot();
    for (const id of [s.cutRecordId, s.shootRecordId]) {
      // A microtask: a local error message may follow the untracking in the same step.
      if (id && prev.generations[id] && !state.generations[id]) queueMicrotask(() => settleUnanswered(id));
    }
  });
  useChatStore.subscribe((state, prev) => {
    if (state.messages !== prev.messages) processMessages(state.messages);
  });
  useChatSession.subscribe((state, prev) => {
    if (state.project && state.project !== prev.project) hydrate(state.project);
  });
}

// ---------------------------------------------------------------- opening

let opening: { projectId: string; promise: Promise<boolean> } | null = null;

function rememberShoot(projectId: string): void {
  const project = useProjectStore.getState();
  project.patch({ cacheProjectId: { ...project.cacheProjectId, photoshoot_id: projectId } });
}

/**
 * SPEC §4 chat start with a project id, for a photo shoot: the room, the history, the project and
 * (for an empty history) the hello; then the photo shoot state is rebuilt from them. Calls for the
 * project already being opened share one start.
 */
export function openShoot(projectId: string): Promise<boolean> {
  startSync();
  if (shoot().projectId !== projectId) {
    shoot().reset(projectId);
    photo().reset();
    hydratedProject = null;
    seenProject = null;
  }
  const chatState = useChatSession.getState();
  if (chatState.projectId === projectId && chatState.status === 'ready') {
    rememberShoot(projectId);
    return Promise.resolve(true);
  }
  if (opening?.projectId === projectId) return opening.promise;
  shoot().patch({ startError: null });
  replaying = true;
  const mine: { projectId: string; promise: Promise<boolean> } = {
    projectId,
    promise: openChat(projectId, { surface: 'drawer' }).then((ok) => {
      if (opening !== mine) return false;
      opening = null;
      replaying = false;
      const c = useChatSession.getState();
      if (!ok) {
        if (c.projectId === projectId || c.projectId === null) shoot().patch({ startError: c.error ?? OPEN_FAILED_TEXT });
        photo().setCutting(false);
        return false;
      }
      if (c.project && c.project.type !== 'photoshoot') {
        shoot().patch({ startError: NOT_A_SHOOT_TEXT });
        return false;
      }
      rememberShoot(projectId);
      // Messages that came in while the chat opened (the history) are applied now that it is ours.
      processMessages(useChatStore.getState().messages);
      if (c.project) hydrate(c.project);
      return true;
    }),
  };
  opening = mine;
  return mine.promise;
}

/** The screen closed: the chat stops following the project; what is shown stays for a return. */
export function closeShoot(): void {
  opening = null;
  replaying = false;
  closeChat();
}

/** "New photo shoot": every project, photo, mockup and chat state is reset (SPEC §4), and this screen's too. */
export function newShoot(): void {
  opening = null;
  replaying = false;
  newChat();
  shoot().reset();
  hydratedProject = null;
  seenProject = null;
}

// ---------------------------------------------------------------- the photo and its cut-out

let starting = false;

async function ensureProject(): Promise<string | null> {
  const current = shoot().projectId;
  if (current) return current;
  const id = await createChatProject({ type: 'photoshoot' });
  // Claimed before the screen's URL changes, so opening it keeps the upload in progress.
  if (id && !shoot().projectId) shoot().patch({ projectId: id });
  return shoot().projectId;
}

function showLocalPreview(image: PreparedImage): void {
  const old = shoot().localPreview;
  if (old) URL.revokeObjectURL(old);
  let url: string | null = null;
  try {
    url = URL.createObjectURL(image.blob);
  } catch {
    url = null;
  }
  shoot().patch({ localPreview: url });
}

/**
 * A photo was picked or dropped: the browser checks it (SPEC §5: type, readable, at least 1024 px) and
 * scales it to 2048; it uploads with progress while the project is made (when there is none); then
 * the chat opens and POST /api/photoshoot/image/test starts the cut-out. `onProject` hears the new
 * project's id (the screen puts it in its URL).
 */
export async function startShoot(file: File, onProject?: (projectId: string) => void): Promise<boolean> {
  if (starting) return false;
  starting = true;
  startSync();
  try {
    const s = shoot();
    s.patch({ upload: { kind: 'uploading', progress: 0, name: file.name }, cutError: null, startError: null, shootError: null });
    let image: PreparedImage;
    try {
      image = await prepareImage(file);
    } catch (err) {
      const message = err instanceof UploadRejected ? err.message : Msg.imageLoadError;
      shoot().patch({ upload: { kind: 'rejected', message } });
      useUiStore.getState().showMessage(message);
      return false;
    }
    showLocalPreview(image);
    photo().patchInfo({ photoUrl: '', transparentUrl: '' });
    photo().setCutting(true);
    shoot().patch({ placement: null, coordinates: null, cutRecordId: null });

    const projecting = ensureProject();
    let uploadedUrl: string;
    try {
      const uploaded = await uploadPrepared(image, (progress) => shoot().patch({ upload: { kind: 'uploading', progress, name: file.name } }));
      uploadedUrl = uploaded.url;
      shoot().patch({ upload: { kind: 'done', width: uploaded.width, height: uploaded.height, resized: uploaded.resized } });
      photo().patchInfo({ photoUrl: uploaded.url });
    } catch (err) {
      photo().setCutting(false);
      shoot().patch({ upload: { kind: 'rejected', message: err instanceof ApiError ? err.message : 'The upload failed. Please try again.' } });
      await projecting;
      return false;
    }
    const projectId = await projecting;
    if (!projectId) {
      photo().setCutting(false);
      shoot().patch({ startError: START_FAILED_TEXT });
      return false;
    }
    onProject?.(projectId);
    if (!(await openShoot(projectId))) {
      photo().setCutting(false);
      return false;
    }
    return await runCutout(uploadedUrl);
  } finally {
    starting = false;
  }
}

async function runCutout(imageUrl: string): Promise<boolean> {
  const projectId = shoot().projectId;
  if (!projectId) return false;
  photo().setCutting(true);
  shoot().patch({ cutError: null });
  try {
    const answer = await runTask(() => apiCall(photoshootCalls.imageTest, { project_id: projectId, image_url: imageUrl }));
    if (!answer) return false;
    if (!answer.record) return true;
    shoot().patch({ cutRecordId: answer.record.id });
    return true;
  } catch (err) {
    photo().setCutting(false);
    shoot().patch({ cutError: err instanceof ApiError ? err.message : err instanceof ChatBusy ? BUSY_TEXT : CUTOUT_FAILURE_TEXT.failed });
    return false;
  }
}

/** "Try again" after a failed cut-out: the same uploaded photo, cut out again. */
export function retryCutout(): Promise<boolean> {
  const url = photo().photoShootInfo.photoUrl;
  if (!url || url.startsWith('blob:')) return Promise.resolve(false);
  return runCutout(url);
}

// ---------------------------------------------------------------- scenes

export function chooseScene(url: string): void {
  photo().patchInfo({ backgroundUrl: url });
}

/** "Use my own background": the same checks and upload as the product photo; it becomes the scene. */
export async function uploadBackground(file: File, onProgress?: (fraction: number) => void): Promise<Scene> {
  const uploaded = await uploadImage(file, onProgress);
  const scene: Scene = { url: uploaded.url, thumbnailUrl: uploaded.url, name: 'Your background', size: { width: uploaded.width, height: uploaded.height }, floorY: DEFAULT_FLOOR_Y, template: null };
  shoot().addScenes([scene]);
  chooseScene(uploaded.url);
  return scene;
}

// ---------------------------------------------------------------- placement

function writePlacement(): void {
  const edit = shoot().placement;
  if (edit) photo().setPlacement(toPlacement(edit.history.present, edit.cutout, edit.back));
}

/**
 * The canvas knows the scene and the cut-out: the placement starts centred on the floor line, or
 * carries over from the scene before (same relative place), or stays as it is.
 */
export function beginPlacement(sceneUrl: string, back: Back, cutout: Size, floorY: number): void {
  const edit = shoot().placement;
  const aspect = (sz: Size) => sz.width / sz.height;
  const sameCutout = edit !== null && Math.abs(aspect(edit.cutout) / aspect(cutout) - 1) < 0.01;
  if (edit && sameCutout && edit.sceneUrl === sceneUrl && edit.back.backW === back.backW && edit.back.backH === back.backH) {
    if (edit.cutout.width !== cutout.width || edit.cutout.height !== cutout.height) shoot().patch({ placement: { ...edit, cutout } });
  } else if (edit && sameCutout) {
    shoot().patch({ placement: { sceneUrl, back, cutout, history: historyOf(refitBox(edit.history.present, edit.back, back)) } });
  } else {
    shoot().patch({ placement: { sceneUrl, back, cutout, history: historyOf(initialBox(back, cutout, floorY)) } });
  }
  writePlacement();
}

export function commitPlacement(box: Box): void {
  const edit = shoot().placement;
  if (!edit) return;
  shoot().patch({ placement: { ...edit, history: commit(edit.history, box, sameBox) } });
  writePlacement();
}

export function undoPlacement(): void {
  const edit = shoot().placement;
  if (!edit) return;
  shoot().patch({ placement: { ...edit, history: undo(edit.history) } });
  writePlacement();
}

export function redoPlacement(): void {
  const edit = shoot().placement;
  if (!edit) return;
  shoot().patch({ placement: { ...edit, history: redo(edit.history) } });
  writePlacement();
}

/** Back to standing centred on the floor line (undoable). */
export function resetPlacement(floorY: number): void {
  const edit = shoot().placement;
  if (edit) commitPlacement(initialBox(edit.back, edit.cutout, floorY));
}

// ---------------------------------------------------------------- generate

/** When the cut-out came without coordinates (an older project), the crop is the whole cut-out. */
function coordinatesFor(cutout: Size | null): ExtractedCoordinates {
  const w = cutout?.width ?? 1024;
  const h = cutout?.height ?? 1024;
  return { x: 0, y: 0, width: w, height: h, totalWidth: w, totalHeight: h, cropWidth: w, cropHeight: h, rotation: 0 };
}

/**
 * Generate: POST /api/photoshoot/background with the chosen scene and the placement on the 1024
 * canvas. Progress comes from generate:progress and polling; the results arrive as an answer. A limit
 * (450) shows its message, closes the drawer and opens the pay modal (SPEC §8, in the API client).
 */
export async function generateShoot(): Promise<boolean> {
  const projectId = shoot().projectId;
  const info = photo().photoShootInfo;
  if (!projectId || !info.transparentUrl || !info.backgroundUrl || shoot().shootRecordId) return false;
  const edit = shoot().placement;
  const placement = edit && edit.sceneUrl === info.backgroundUrl ? toPlacement(edit.history.present, edit.cutout, edit.back) : undefined;
  shoot().patch({ shootError: null });
  try {
    const answer = await runTask(() =>
      apiCall(photoshootCalls.background, {
        project_id: projectId,
        background_url: info.backgroundUrl,
        extracted_coordinates: shoot().coordinates ?? coordinatesFor(edit?.cutout ?? null),
        ...(placement ? { placement } : {}),
      }),
    );
    if (!answer) return false;
    // A fast run may have answered over the socket before this reply.
    if (answer.record && !ended(answer.record.id, useChatStore.getState().messages)) shoot().patch({ shootRecordId: answer.record.id });
    return true;
  } catch (err) {
    shoot().patch({ shootError: err instanceof ApiError ? err.message : err instanceof ChatBusy ? BUSY_TEXT : SHOOT_FAILED_TEXT });
    return false;
  }
}

// ---------------------------------------------------------------- likes

export type PhotoLikeType = 'like' | 'best';

let likeQueue: Promise<unknown> = Promise.resolve();
let confirmed: { projectId: string; likes: ImageLikes } | null = null;

function applyLikes(likes: ImageLikes): void {
  useChatSession.getState().patch({ likes });
  useProjectStore.getState().patch({ like_image_list: [...likes.like_list], photoLikeBestUrl: likes.like_best ?? '' });
}

/** The optimistic guess of one press (the server's rule): pressing again undoes it; best names one image. */
export function applyPhotoLike(current: ImageLikes, url: string, type: PhotoLikeType): ImageLikes {
  if (type === 'best') return { ...current, like_best: current.like_best === url ? null : url };
  const liked = current.like_list.includes(url);
  return { ...current, like_list: liked ? current.like_list.filter((u) => u !== url) : [...current.like_list, url] };
}

/**
 * Like or best on a result (POST /api/project/photoshoot/image/like): shown at once, sent in order,
 * and rolled back to what the server last confirmed when refused.
 */
export function togglePhotoLike(url: string, type: PhotoLikeType): Promise<boolean> {
  // The chat's project: the photo shoot screen's, or a photo shoot opened in /chat's drawer.
  const projectId = useChatSession.getState().projectId;
  if (!projectId) return Promise.resolve(false);
  const before = useChatSession.getState().likes;
  if (confirmed?.projectId !== projectId) confirmed = { projectId, likes: before };
  applyLikes(applyPhotoLike(before, url, type));
  const job: Promise<boolean> = likeQueue.then(async () => {
    try {
      const answer = await apiCall(photoshootCalls.likePhoto, { project_id: projectId, image_url: url, type });
      if (useChatSession.getState().projectId !== projectId) return false;
      const likes = { ...useChatSession.getState().likes, like_list: answer.like_list, like_best: answer.like_best };
      confirmed = { projectId, likes };
      // A later press may be waiting in the queue: keep showing its guess until it is answered.
      if (likeQueue === job) applyLikes(likes);
      return true;
    } catch {
      if (useChatSession.getState().projectId === projectId && confirmed?.projectId === projectId) applyLikes(confirmed.likes);
      return false;
    }
  });
  likeQueue = job;
  return job;
}

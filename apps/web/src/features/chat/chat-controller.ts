import {
  CHAT_HISTORY_COUNT,
  ChatMessageSchema,
  chatCalls,
  projectCalls,
  type CallData,
  type ChatMessage,
  type DesignBrief,
  type GenerateRecord,
  type ProjectType,
} from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { loadCurrentUser } from '../../api/current-user';
import { ApiError } from '../../api/error-catalogue';
import { getSocket, joinRoom, leaveRoom, type RealtimeSocket } from '../../api/realtime';
import { isSendable, useChatStore } from '../../stores/chat.store';
import { useHistoryStore, type LocalHistoryRecord } from '../../stores/history.store';
import { startNewChat } from '../../stores/new-chat';
import { useProjectStore } from '../../stores/project.store';
import { rememberAnonymousProject, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { boxIdIndex, chooseBox, selectedBoxOf, type BoxChoice } from './box-rules';
import { answerImages, answerOf, boxOptionsOf, briefOf, chatTypeOf, endsRecord, isLocalMessage, localMessage, recordIdOf, supersededLocals, type BoxOption } from './chat-data';
import { useChatSession, type ChatSurface, type ProjectDetail } from './chat-session.store';
import { applyImageLike, type ImageLikeType, type ImageLikes } from './image-likes';
import { pollRecord } from './record-poller';

type MessagesAnswer = CallData<typeof chatCalls.message>;
type ProjectData = CallData<typeof projectCalls.info>;

/** Messages kept in a local history record: enough to show a chat at once while the server answers. */
export const LOCAL_HISTORY_MESSAGES = 30;
export const TIMEOUT_TEXT = 'The designs are taking longer than expected, so we stopped waiting. Please try again.';
export const FAILED_TEXT = 'Something went wrong while making your designs. Please try again.';

const session = () => useChatSession.getState();
const chat = () => useChatStore.getState();

/** Bumped on every open and close: answers of an earlier chat are dropped instead of mixed in. */
let runId = 0;
let aborter = new AbortController();
let attachedSocket: RealtimeSocket | null = null;
let joinedRoom: string | null = null;
const finishing = new Set<string>();
const retryCounts = new Map<string, number>();
let confirmedLikes: ImageLikes | null = null;
let likeQueue: Promise<unknown> = Promise.resolve();
let projectRefresh: ReturnType<typeof setTimeout> | null = null;

function current(run: number, projectId: string): boolean {
  return run === runId && session().projectId === projectId;
}

// ---------------------------------------------------------------- project state

function flatResults(resultList: readonly (readonly string[])[]): string[] {
  return resultList.flat();
}

/** Applies SPEC §4 box selection to the project state (the box list, boxId, selectBoxInfo). */
function applySelection(option: Pick<BoxOption, 'name' | 'slug' | 'box_id'>): BoxChoice {
  const catalog = session().catalog;
  const store = useProjectStore.getState();
  const choice = chooseBox(store.project.box, option, catalog ? boxIdIndex(catalog) : {});
  store.patch({ selectBoxInfo: choice.selectBoxInfo, boxId: choice.boxId, project: { ...store.project, box: choice.box } });
  return choice;
}

/** SPEC §4: product, brand, logo, colours, elements and styles are stored as the project's. */
function applyProject(p: ProjectData | ProjectDetail): void {
  const s = session();
  const children = 'children' in p ? p.children : (s.project?.children ?? []);
  s.patch({ project: { ...p, children }, likes: { like_list: p.like_list, dislike_list: p.dislike_list, like_best: p.like_best } });
  confirmedLikes = { like_list: p.like_list, dislike_list: p.dislike_list, like_best: p.like_best };
  const store = useProjectStore.getState();
  store.patch({
    project_id: p.project_id,
    product: p.product,
    brand: p.brand,
    logo: p.logo,
    project: { box: [...p.box], element: [...p.element], style: [...p.style], color: [...p.color], logo: p.logo },
    like_image_list: p.like_list,
    dislike_image_list: p.dislike_list,
    result_image_list: flatResults(p.result_list),
  });
  // A project without a box keeps the box selected from the assistant's suggestions (SPEC §4).
  const selected = selectedBoxOf(p.box, p.data.box_id);
  if (selected) applySelection(selected);
}

function applyBrief(brief: DesignBrief): void {
  const store = useProjectStore.getState();
  store.patch({
    product: brief.product,
    brand: brief.brand,
    logo: brief.logo,
    project: { box: [...brief.box], element: [...brief.element], style: [...brief.style], color: [...brief.color], logo: brief.logo },
  });
  const s = session();
  if (s.project) {
    s.patch({ project: { ...s.project, product: brief.product, brand: brief.brand, logo: brief.logo, box: brief.box, element: brief.element, style: brief.style, color: brief.color } });
  }
  const selected = selectedBoxOf(brief.box, brief.box_id);
  if (selected) applySelection(selected);
}

/** SPEC §4: the returned boxes' categories lead the panel, and the first returned box is selected. */
function applyReturnedBoxes(options: BoxOption[]): void {
  session().patch({ suggestedBoxes: options });
  const first = options[0];
  if (first) applySelection(first);
}

function applyAnswer(images: string[], promptIndex: number): void {
  useProjectStore.getState().addResultImages(images);
  const s = session();
  if (!s.project || images.length === 0) return;
  const list = s.project.result_list.map((l) => [...l]);
  const known = list.some((l) => l.length === images.length && l.every((u, i) => u === images[i]));
  if (known) return;
  if (promptIndex >= 0 && promptIndex < list.length) list[promptIndex] = images;
  else list.push(images);
  s.patch({ project: { ...s.project, result_list: list } });
}

// ---------------------------------------------------------------- messages

/**
 * Takes messages from any source (an answer, the socket, a history fetch) into the chat: deduplicated
 * by msg_id, local copies replaced, and the project data they carry applied.
 */
function absorb(messages: readonly ChatMessage[]): void {
  if (messages.length === 0) return;
  const projectId = session().projectId;
  const mine = messages.filter((m) => m.project_id === projectId);
  if (mine.length === 0) return;
  const known = new Set(chat().messages.map((m) => m.msg_id));
  chat().removeMessages(supersededLocals(chat().messages, mine));
  chat().addMessages(mine);
  let answered = false;
  for (const m of [...mine].sort((a, b) => a.create_at - b.create_at)) {
    if (m.role !== 'assistant') continue;
    const options = boxOptionsOf(m);
    if (options) applyReturnedBoxes(options);
    const brief = briefOf(m);
    if (brief) applyBrief(brief);
    const answer = answerOf(m);
    const recordId = recordIdOf(m) ?? (answer?.record_id || null);
    if (m.isloading) {
      if (recordId) track(recordId);
      continue;
    }
    if (answer) applyAnswer(answerImages(answer), answer.prompt_index);
    if (recordId && (answer || endsRecord(m)) && session().generations[recordId]) {
      untrack(recordId);
      // A finished run has spent its credits (or been refunded): the header's balance follows.
      void loadCurrentUser();
    }
    if (!known.has(m.msg_id)) answered = true;
  }
  if (answered) settleWaiting();
  saveLocalHistory();
}

/** The wait is over when nothing is being sent or generated. */
function settleWaiting(): void {
  const s = session();
  if (!s.sending && Object.keys(s.generations).length === 0) s.patch({ pendingSince: null });
}

function startWaiting(): void {
  const s = session();
  if (s.pendingSince === null) s.patch({ pendingSince: Date.now() });
}

function takeAnswer(answer: MessagesAnswer): void {
  absorb(answer.messages);
  if (answer.record) {
    track(answer.record.id, answer.record);
    // Starting a run reserves its credits.
    void loadCurrentUser();
  }
}

function addLocalError(projectId: string, text: string, recordId: string): void {
  chat().addMessages([localMessage(projectId, 'assistant', text, 'error', { data: { record_id: recordId } })]);
}

// ---------------------------------------------------------------- generations

function setGeneration(recordId: string, progress: number, status: GenerateRecord['status']): void {
  const s = session();
  const g = s.generations[recordId];
  if (!g) return;
  // Socket and polling report the same record: the bar never moves backwards.
  s.patch({ generations: { ...s.generations, [recordId]: { ...g, progress: Math.max(g.progress, progress), status } } });
}

function untrack(recordId: string): void {
  const s = session();
  if (!s.generations[recordId]) return;
  const { [recordId]: _done, ...rest } = s.generations;
  s.patch({ generations: rest });
}

/** Follows one generation: its progress bar, polling every second (SPEC §4) alongside the socket. */
function track(recordId: string, record?: GenerateRecord): void {
  const s = session();
  const projectId = s.projectId;
  if (!projectId || s.generations[recordId] || finishing.has(recordId)) return;
  // Already answered (a fast job's chat:message can beat the HTTP answer that started it).
  if ((record && record.data !== null) || hasMessageFor(recordId)) return;
  s.patch({
    generations: { ...s.generations, [recordId]: { recordId, progress: record?.progress ?? 0, status: record?.status ?? 'queued', startedAt: Date.now() } },
  });
  startWaiting();
  const run = runId;
  void pollRecord(recordId, {
    signal: aborter.signal,
    stillWanted: () => current(run, projectId) && session().generations[recordId] !== undefined,
    onUpdate: (r) => setGeneration(recordId, r.progress, r.status),
  }).then((outcome) => {
    if (!current(run, projectId)) return;
    if (outcome.kind === 'done') void finishRecord(recordId, false);
    else if (outcome.kind === 'failed') void finishRecord(recordId, true);
    else if (outcome.kind === 'gave-up') {
      untrack(recordId);
      addLocalError(projectId, TIMEOUT_TEXT, recordId);
      settleWaiting();
    } else if (outcome.kind === 'refused') {
      untrack(recordId);
      settleWaiting();
    }
  });
}

function hasMessageFor(recordId: string): boolean {
  return chat().messages.some((m) => !m.isloading && m.role === 'assistant' && !isLocalMessage(m) && endsRecord(m) && recordIdOf(m) === recordId);
}

/**
 * Follows a record the screen learnt about another way (a photo shoot's task message in the history
 * after a reload): progress, polling, and its answer fetched when it is done.
 */
export function followRecord(recordId: string): void {
  track(recordId);
}

/**
 * A record is done (poll, generate:done or generate:progress said so). Its answer comes as chat:message
 * or, when the socket missed it, with the history fetched here; either way it shows once.
 */
async function finishRecord(recordId: string, failed: boolean): Promise<void> {
  const s = session();
  const projectId = s.projectId;
  if (!projectId || !s.generations[recordId] || finishing.has(recordId)) return;
  finishing.add(recordId);
  const run = runId;
  setGeneration(recordId, failed ? s.generations[recordId]?.progress ?? 0 : 100, failed ? 'failed' : 'done');
  try {
    if (!hasMessageFor(recordId)) {
      const history = await apiCall(chatCalls.history, { project_id: projectId, count: CHAT_HISTORY_COUNT }, { silent: true });
      if (!current(run, projectId)) return;
      absorb(history.list);
    }
  } catch {
    // The socket may still bring the answer; the bar goes either way.
  } finally {
    finishing.delete(recordId);
  }
  if (!current(run, projectId)) return;
  if (session().generations[recordId]) {
    untrack(recordId);
    if (failed && !hasMessageFor(recordId)) addLocalError(projectId, FAILED_TEXT, recordId);
  }
  settleWaiting();
  scheduleProjectRefresh();
  // Generations spend credits: the header's balance follows.
  void loadCurrentUser();
}

// ---------------------------------------------------------------- realtime

let watchingToken = false;

/** realtime.ts drops the connection when the session token changes (sign in, 402): the open chat follows on the new one. */
function followTokenChanges(): void {
  if (watchingToken) return;
  watchingToken = true;
  useSessionStore.subscribe((state, prev) => {
    if (state.token === prev.token || state.token === null) return;
    queueMicrotask(() => {
      const projectId = session().projectId;
      if (!projectId || joinedRoom !== projectId) return;
      attachSocket();
      void joinRoom(projectId).catch(() => undefined);
      void refetchHistory(projectId);
    });
  });
}

function attachSocket(): void {
  followTokenChanges();
  let s: RealtimeSocket;
  try {
    s = getSocket();
  } catch {
    return;
  }
  if (s === attachedSocket) return;
  attachedSocket = s;
  s.on('chat:message', (m) => {
    const parsed = ChatMessageSchema.safeParse(m);
    if (parsed.success) absorb([parsed.data]);
  });
  s.on('generate:progress', ({ record_id, progress, status }) => {
    if (!session().projectId) return;
    if (status === 'done') {
      setGeneration(record_id, 100, status);
      void finishRecord(record_id, false);
    } else if (status === 'failed') void finishRecord(record_id, true);
    else if (session().generations[record_id]) setGeneration(record_id, progress, status);
    else if (!hasMessageFor(record_id)) {
      track(record_id);
      setGeneration(record_id, progress, status);
    }
  });
  s.on('generate:done', ({ record_id, record }) => {
    void finishRecord(record_id, record.status === 'failed');
  });
  s.on('project:updated', ({ project_id }) => {
    if (project_id === session().projectId) scheduleProjectRefresh();
  });
  // Rooms do not survive a reconnect: join again and fetch what was missed meanwhile.
  s.on('connect', () => {
    const projectId = session().projectId;
    if (!projectId || joinedRoom !== projectId || session().status !== 'ready') return;
    void joinRoom(projectId).catch(() => undefined);
    void refetchHistory(projectId);
  });
}

async function refetchHistory(projectId: string): Promise<void> {
  const run = runId;
  try {
    const history = await apiCall(chatCalls.history, { project_id: projectId, count: CHAT_HISTORY_COUNT }, { silent: true });
    if (current(run, projectId)) absorb(history.list);
  } catch {
    // Quiet: the next event or reload catches up.
  }
}

function scheduleProjectRefresh(): void {
  if (projectRefresh) clearTimeout(projectRefresh);
  const projectId = session().projectId;
  const run = runId;
  projectRefresh = setTimeout(() => {
    projectRefresh = null;
    if (!projectId || !current(run, projectId)) return;
    apiCall(projectCalls.info, { project_id: projectId }, { silent: true })
      .then((p) => {
        if (current(run, projectId)) applyProject(p);
      })
      .catch(() => undefined);
  }, 300);
}

// ---------------------------------------------------------------- local history

function validMessages(data: readonly unknown[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const item of data) {
    const parsed = ChatMessageSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** SPEC §3 local project history record for the open chat. */
export function historyRecordOf(project: ProjectDetail, messages: readonly ChatMessage[], now: number = Date.now()): LocalHistoryRecord {
  const kept = messages.filter((m) => !isLocalMessage(m) && !m.isloading).slice(-LOCAL_HISTORY_MESSAGES);
  const results = project.result_list.flat();
  return {
    id: project.project_id,
    data: kept,
    timestamp: now,
    project_data: {
      type: project.type,
      name: project.name,
      product: project.product,
      brand: project.brand,
      cover: project.like_best ?? results[results.length - 1] ?? (typeof project.data.origin_image === 'string' ? project.data.origin_image : null),
    },
  };
}

function saveLocalHistory(): void {
  const s = session();
  if (!s.project || s.status !== 'ready' || s.project.project_id !== s.projectId) return;
  useHistoryStore.getState().save(historyRecordOf(s.project, chat().messages));
}

// ---------------------------------------------------------------- public actions

export interface OpenOptions {
  surface?: ChatSurface;
}

/**
 * SPEC §4 chat start with a project id: join the room, show the local history, fetch the project and
 * the last 100 messages; an empty history gets the assistant's hello. Resolves false on failure
 * (and then, outside design-chat, the drawer closes).
 */
export async function openChat(projectId: string, options: OpenOptions = {}): Promise<boolean> {
  const surface = options.surface ?? 'page';
  runId += 1;
  const run = runId;
  aborter.abort();
  aborter = new AbortController();
  const s = session();
  if (s.projectId !== projectId) {
    if (joinedRoom && joinedRoom !== projectId) {
      void leaveRoom(joinedRoom).catch(() => undefined);
      joinedRoom = null;
    }
    chat().reset();
    useProjectStore.getState().reset();
    s.reset();
  }
  session().patch({ projectId, surface, status: 'starting', error: null, generations: {}, pendingSince: null, sending: false });

  const local = useHistoryStore.getState().find(projectId);
  if (local) chat().addMessages(validMessages(local.data));

  attachSocket();
  joinedRoom = projectId;
  void joinRoom(projectId).catch(() => undefined);
  void loadBoxCatalog();

  try {
    const [detail, history] = await Promise.all([
      apiCall(projectCalls.detail, { project_id: projectId }),
      apiCall(chatCalls.history, { project_id: projectId, count: CHAT_HISTORY_COUNT }),
    ]);
    if (!current(run, projectId)) return false;
    session().patch({ project: detail });
    absorb(history.list);
    applyProject(detail);
    if (history.list.length === 0) {
      const hello = await apiCall(chatCalls.hello, { project_id: projectId, type: chatTypeOf(detail.type) });
      if (!current(run, projectId)) return false;
      takeAnswer(hello);
    }
    session().patch({ status: 'ready' });
    saveLocalHistory();
    return true;
  } catch (err) {
    if (!current(run, projectId)) return false;
    session().patch({ status: 'error', error: err instanceof ApiError ? err.message : 'We could not open this chat.' });
    if (surface === 'drawer') useUiStore.getState().close('chatDrawer');
    return false;
  }
}

/** Leaves the chat (screen closed): polling stops and the room is left; what was shown stays for a return. */
export function closeChat(): void {
  runId += 1;
  aborter.abort();
  aborter = new AbortController();
  if (joinedRoom) {
    void leaveRoom(joinedRoom).catch(() => undefined);
    joinedRoom = null;
  }
  if (projectRefresh) clearTimeout(projectRefresh);
  projectRefresh = null;
  const s = session();
  s.patch({ generations: {}, pendingSince: null, sending: false, status: s.status === 'ready' ? 'idle' : s.status });
}

export interface NewProjectOptions {
  type?: Exclude<ProjectType, 'childDesign'>;
  /** Redesign: the new project starts from this project's brief. */
  forkFrom?: string | null;
  /** Child design from a parent project's image (the parent screen passes it). */
  child?: { parentProjectId: string; imageUrl: string; originImage?: string } | null;
}

const creating = new Map<string, Promise<string | null>>();

/**
 * SPEC §4 chat start without a project id: a new project (a fork with fid, a child design from a
 * parent image). Resolves the new id, or null when the server refused (the catalogue showed why).
 * Concurrent calls for the same thing share one request, so a double mount makes one project.
 */
export function createChatProject(options: NewProjectOptions = {}): Promise<string | null> {
  const key = JSON.stringify([options.type ?? 'design', options.forkFrom ?? null, options.child ?? null]);
  const pending = creating.get(key);
  if (pending) return pending;
  const job = (async () => {
    try {
      const project = options.child
        ? await apiCall(projectCalls.createChild, {
            parent_project_id: options.child.parentProjectId,
            edit_image_url: options.child.imageUrl,
            ...(options.child.originImage ? { origin_image: options.child.originImage } : {}),
          })
        : await apiCall(projectCalls.create, { type: options.type ?? 'design', ...(options.forkFrom ? { fork_from: options.forkFrom } : {}) });
      if (useSessionStore.getState().tokenType !== 'user') rememberAnonymousProject(project.project_id);
      return project.project_id;
    } catch {
      return null;
    } finally {
      creating.delete(key);
    }
  })();
  creating.set(key, job);
  return job;
}

export interface SendOptions {
  isGenerate?: boolean;
  referenceImg?: string | null;
}

/** Sends one message (SPEC §5: an empty or whitespace message is never sent). */
export async function sendMessage(text: string, options: SendOptions = {}): Promise<boolean> {
  const content = text.trim();
  const s = session();
  const projectId = s.projectId;
  if (!isSendable(content) || !projectId || s.sending || s.status !== 'ready') return false;
  const run = runId;
  const local = localMessage(projectId, 'user', content, 'text', { reference_img: options.referenceImg ?? null });
  chat().addMessages([local]);
  startWaiting();
  s.patch({ sending: true });
  try {
    const answer = await apiCall(chatCalls.message, {
      project_id: projectId,
      content,
      is_generate: options.isGenerate ?? false,
      ...(options.referenceImg ? { reference_img: options.referenceImg } : {}),
    });
    if (!current(run, projectId)) return true;
    session().patch({ sending: false });
    takeAnswer(answer);
    if (answer.messages.some((m) => m.role === 'assistant' && !m.isloading)) settleWaiting();
    return true;
  } catch {
    if (!current(run, projectId)) return false;
    // Not sent: the text goes back into the composer so nothing typed is lost.
    chat().removeMessages([local.msg_id]);
    if (chat().draft.trim() === '') chat().setDraft(content);
    session().patch({ sending: false });
    settleWaiting();
    return false;
  }
}

/** Why runTask did not run: another call is on its way, or the chat is not open. */
export class ChatBusy extends Error {
  constructor() {
    super('The chat is busy or not open.');
    this.name = 'ChatBusy';
  }
}

/**
 * Runs a call that answers with messages and a generate record (a generation, a photo shoot's cut-out
 * or composite) in the open chat: the waiting state, the messages, the record's progress and polling.
 * Resolves the answer (null when another chat was opened meanwhile); rejects with the call's error
 * (already shown by the error catalogue) or ChatBusy.
 */
export async function runTask(call: () => Promise<MessagesAnswer>): Promise<MessagesAnswer | null> {
  const s = session();
  const projectId = s.projectId;
  if (!projectId || s.sending || s.status !== 'ready') throw new ChatBusy();
  const run = runId;
  startWaiting();
  s.patch({ sending: true });
  try {
    const answer = await call();
    if (!current(run, projectId)) return null;
    session().patch({ sending: false });
    takeAnswer(answer);
    settleWaiting();
    return answer;
  } catch (err) {
    if (current(run, projectId)) {
      session().patch({ sending: false });
      settleWaiting();
    }
    throw err;
  }
}

async function runGeneration(call: () => Promise<MessagesAnswer>): Promise<boolean> {
  try {
    await runTask(call);
    return true;
  } catch {
    return false;
  }
}

/** The Generate button: with text it is a message with is_generate, without it POST /api/paint/imagine. */
export function generateDesigns(text = '', referenceImg: string | null = null): Promise<boolean> {
  if (isSendable(text)) return sendMessage(text, { isGenerate: true, referenceImg });
  const projectId = session().projectId;
  const logo = useProjectStore.getState().logo;
  return runGeneration(() => apiCall(chatCalls.imagine, { project_id: projectId ?? '', ...(logo ? { logo } : {}) }));
}

/** "Try again" on an error message: the server's retry, or a new run after a local timeout. */
export function retryMessage(m: ChatMessage): Promise<boolean> {
  if (isLocalMessage(m)) {
    chat().removeMessages([m.msg_id]);
    return generateDesigns();
  }
  const next = (retryCounts.get(m.msg_id) ?? 0) + 1;
  retryCounts.set(m.msg_id, next);
  return runGeneration(() => apiCall(chatCalls.retry, { msg_id: m.msg_id, retry_num: next }));
}

/** "Edit": the design changed by the visitor's words (POST /api/generate/project/edit). */
export function editDesign(imageUrl: string, msgId: string | null, content: string): Promise<boolean> {
  const projectId = session().projectId;
  if (!isSendable(content) || !projectId) return Promise.resolve(false);
  return runGeneration(() =>
    apiCall(chatCalls.editDesign, { project_id: projectId, image_url: imageUrl, content: content.trim(), ...(msgId && !msgId.startsWith('local-') ? { msg_id: msgId } : {}) }),
  );
}

/** A box card in the chat: the choice goes to the assistant as a message and is selected at once. */
export async function chooseBoxOption(option: BoxOption): Promise<boolean> {
  applySelection(option);
  return sendMessage(option.name);
}

/** A box in the side panel: selected and saved on the project (PUT /api/project). */
export async function selectPanelBox(option: BoxOption): Promise<boolean> {
  const projectId = session().projectId;
  if (!projectId) return false;
  const store = useProjectStore.getState();
  const before = { selectBoxInfo: store.selectBoxInfo, boxId: store.boxId, project: store.project };
  const choice = applySelection(option);
  try {
    // The server reads data.box_id before the list: both change together.
    const p = await apiCall(projectCalls.update, { project_id: projectId, data: { box: choice.box, data: { box_id: choice.boxId } } });
    if (session().projectId === projectId) applyProject(p);
    return true;
  } catch {
    useProjectStore.getState().patch(before);
    return false;
  }
}

/** "Use these" under recommended styles and colours: one plain sentence the assistant understands. */
export function recommendationText(styles: readonly string[], colors: readonly string[]): string {
  const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
  if (styles.length > 0 && colors.length > 0) return `Let's go with a ${list(styles)} style in ${list(colors)}.`;
  if (styles.length > 0) return `Let's go with a ${list(styles)} style.`;
  if (colors.length > 0) return `Let's use ${list(colors)}.`;
  return '';
}

export function sendRecommendation(styles: readonly string[], colors: readonly string[]): Promise<boolean> {
  return sendMessage(recommendationText(styles, colors));
}

export interface BriefFields {
  product: string;
  brand: string;
  style: string[];
  color: string[];
  element: string[];
  logo: string;
}

/** The brief panel's Save (PUT /api/project). */
export async function saveBrief(fields: BriefFields): Promise<boolean> {
  const projectId = session().projectId;
  if (!projectId) return false;
  try {
    const p = await apiCall(projectCalls.update, { project_id: projectId, data: fields });
    if (session().projectId === projectId) {
      applyProject(p);
      saveLocalHistory();
    }
    useUiStore.getState().showMessage('Brief saved.', 'success');
    return true;
  } catch {
    return false;
  }
}

/**
 * Like, dislike or best on a result image (sending the same again undoes it). The change shows at
 * once; presses go to the server one after another, and a refused one rolls back to what the server
 * last confirmed.
 */
export function toggleImageLike(url: string, type: ImageLikeType): Promise<boolean> {
  const projectId = session().projectId;
  if (!projectId) return Promise.resolve(false);
  const next = applyImageLike(session().likes, url, type);
  const apply = (likes: ImageLikes) => {
    session().patch({ likes });
    useProjectStore.getState().patch({ like_image_list: likes.like_list, dislike_image_list: likes.dislike_list });
  };
  apply(next);
  const run = runId;
  const job = likeQueue.then(async () => {
    try {
      const confirmed = await apiCall(projectCalls.likeImage, { project_id: projectId, image_url: url, type });
      if (!current(run, projectId)) return false;
      confirmedLikes = confirmed;
      // A later press may be waiting in the queue: keep showing its guess until it is answered.
      if (likeQueue === job) apply(confirmed);
      return true;
    } catch {
      if (current(run, projectId)) apply(confirmedLikes ?? { like_list: [], dislike_list: [], like_best: null });
      return false;
    }
  });
  likeQueue = job;
  return job;
}

/** "Make a child design": a child project from this image; resolves its id (the screen navigates). */
export async function makeChildDesign(imageUrl: string): Promise<string | null> {
  const projectId = session().projectId;
  if (!projectId) return null;
  return createChatProject({ child: { parentProjectId: projectId, imageUrl } });
}

/** The box panel's catalogue (GET /api/catalog/boxes), fetched once per visit. */
export async function loadBoxCatalog(force = false): Promise<void> {
  const s = session();
  if (!force && (s.catalogStatus === 'loading' || s.catalogStatus === 'ready')) return;
  s.patch({ catalogStatus: 'loading' });
  try {
    const { categories } = await apiCall(chatCalls.boxCatalog, {}, { silent: true });
    session().patch({ catalog: categories, catalogStatus: 'ready' });
  } catch {
    session().patch({ catalogStatus: 'error' });
  }
}

/** SPEC §4: a new chat resets all project, photo, mockup and chat state. */
export function newChat(): void {
  closeChat();
  startNewChat();
  session().reset();
}

export function openPreview(images: readonly string[], index: number): void {
  if (images.length === 0) return;
  session().patch({ preview: { images: [...images], index: Math.min(Math.max(index, 0), images.length - 1) } });
  useUiStore.getState().open('imageSwiper');
}

export function closePreview(): void {
  useUiStore.getState().close('imageSwiper');
  session().patch({ preview: null });
}

export function movePreview(delta: number): void {
  const p = session().preview;
  if (!p) return;
  const index = (p.index + delta + p.images.length) % p.images.length;
  session().patch({ preview: { ...p, index } });
}

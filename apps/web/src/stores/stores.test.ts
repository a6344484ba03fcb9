import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ERASE_SCALE, DEFAULT_GENERATE_TEXT, STORAGE_KEYS, type ChatMessage } from '@packsmith/contracts';
import { createChatStore, isSendable, mergeMessages } from '../features/chat/chat.store';
import { addHistoryRecord, clearLocalHistory, readLocalHistory, saveLocalHistory, type LocalHistoryRecord } from '../features/chat/local-history';
import { createShootStore } from '../features/photoshoot/photoshoot.store';
import { createMockupStore, defaultMockupConfig } from './mockup.store';
import { startNewChat } from './new-chat';
import { orderSelections, usePricingStore } from './pricing.store';
import { cleanImageList, defaultProjectState, selectBox, useProjectStore } from './project.store';
import { forgetAnonymousProjects, readAnonymousProjects, rememberAnonymousProject, useSessionStore } from './session.store';
import { UI_FLAGS, useUiStore } from './ui.store';

const msg = (id: string, at: number, text = id): ChatMessage => ({
  msg_id: id,
  project_id: 'p',
  role: 'assistant',
  isloading: false,
  time: at,
  content: { message: text, type: 'text' },
  data: {},
  reference_img: null,
  create_at: at,
});

const record = (id: string, timestamp: number): LocalHistoryRecord => ({ id, data: [], timestamp, project_data: {} });

beforeEach(() => {
  localStorage.clear();
});

describe('project state', () => {
  it('result_image_list is deduplicated with blanks removed', () => {
    expect(cleanImageList(['a.png', '', ' ', 'b.png', 'a.png', ' b.png '])).toEqual(['a.png', 'b.png']);
    const store = useProjectStore.getState();
    store.setResultImages(['x', 'x', '']);
    store.addResultImages(['y', 'x']);
    expect(useProjectStore.getState().result_image_list).toEqual(['x', 'y']);
  });

  it('box selection puts the box first and sets boxId, 0 when unknown', () => {
    expect(selectBox(['Mailer', 'Tuck end', 'Pillow'], { name: 'Pillow', value: 'pillow' }, { pillow: 12 })).toEqual({
      box: ['Pillow', 'Mailer', 'Tuck end'],
      boxId: 12,
    });
    expect(selectBox(['Mailer'], { name: 'Tin', value: 'tin' }, {}).boxId).toBe(0);
  });

  it('reset restores the defaults', () => {
    useProjectStore.getState().patch({ project_id: 'p1', product: 'Tea', result_image_list: ['a', 'a'] });
    expect(useProjectStore.getState().result_image_list).toEqual(['a']);
    useProjectStore.getState().reset();
    const { project_id, product, result_image_list, cacheProjectId } = useProjectStore.getState();
    expect({ project_id, product, result_image_list, cacheProjectId }).toEqual({
      project_id: '',
      product: '',
      result_image_list: [],
      cacheProjectId: defaultProjectState().cacheProjectId,
    });
  });
});

describe('photo shoot state', () => {
  it('a cut-out stops loading and sets transparentUrl; the first recommendation is chosen only when none is', () => {
    const store = createShootStore();
    const s = store.getState();
    s.setCutting(true);
    s.receiveCutout('cut.png');
    expect(store.getState().isCutting).toBe(false);
    expect(store.getState().photoShootInfo.transparentUrl).toBe('cut.png');
    s.receiveRecommendations(['bg1', 'bg2']);
    expect(store.getState().photoShootInfo.backgroundUrl).toBe('bg1');
    store.getState().receiveRecommendations(['bg3']);
    expect(store.getState().photoShootInfo.backgroundUrl).toBe('bg1');
  });
});

describe('mockup state', () => {
  it('has the spec defaults and resets to them', () => {
    expect(defaultMockupConfig().eraseScale).toBe(DEFAULT_ERASE_SCALE);
    expect(defaultMockupConfig().generateText).toBe(DEFAULT_GENERATE_TEXT);
    const store = createMockupStore();
    const s = store.getState();
    s.patchConfig({ eraseScale: 80, generateText: 'Regenerate' });
    s.pushUndo({ label: 'erase', snapshot: 1 });
    s.pushUndo({ label: 'erase', snapshot: 2 });
    expect(store.getState().undo()?.snapshot).toBe(2);
    expect(store.getState().mockupConfig.redoList).toHaveLength(1);
    store.getState().pushUndo({ label: 'inpaint', snapshot: 3 });
    expect(store.getState().mockupConfig.redoList).toHaveLength(0);
    store.getState().resetConfig();
    expect(store.getState().mockupConfig).toEqual(defaultMockupConfig());
  });

  it('keeps the materials newest first, one per id', () => {
    const store = createMockupStore();
    store.getState().setMaterials([{ id: 'a', material_url: '/a.png' }]);
    store.getState().addMaterial({ id: 'b', material_url: '/b.png' });
    store.getState().addMaterial({ id: 'a', material_url: '/a.png' });
    expect(store.getState().mockupUserMaterial.map((m) => m.id)).toEqual(['a', 'b']);
    store.getState().removeMaterial('a');
    expect(store.getState().mockupUserMaterial.map((m) => m.id)).toEqual(['b']);
    store.getState().resetMockup();
    expect(store.getState().mockupUserMaterial).toEqual([]);
  });
});

describe('pricing selections', () => {
  it('keeps Product first', () => {
    expect(
      orderSelections([
        { title: 'Size', name: 's', value: '1' },
        { title: 'Product', name: 'p', value: 'tea' },
      ]).map((s) => s.title),
    ).toEqual(['Product', 'Size']);
    const s = usePricingStore.getState();
    s.select({ title: 'Material', name: 'm', value: 'kraft' });
    s.select({ title: 'Product', name: 'p', value: 'tea' });
    s.select({ title: 'Product', name: 'p', value: 'coffee' });
    expect(usePricingStore.getState().selections.map((x) => `${x.title}=${x.value}`)).toEqual(['Product=coffee', 'Material=kraft']);
  });
});

describe('chat state', () => {
  it('sorts by create_at and keeps one message per msg_id', () => {
    const merged = mergeMessages([msg('b', 2), msg('a', 1)], [msg('c', 3), msg('b', 2, 'b updated')]);
    expect(merged.map((m) => m.msg_id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]?.content.message).toBe('b updated');
  });

  it('does not send an empty trimmed message', () => {
    const chat = createChatStore();
    expect(isSendable('   \n ')).toBe(false);
    chat.getState().setDraft('   ');
    expect(chat.getState().takeDraft()).toBeNull();
    chat.getState().setDraft('  a tea box ');
    expect(chat.getState().takeDraft()).toBe('a tea box');
    expect(chat.getState().draft).toBe('');
  });
});

describe('local project history', () => {
  it('keeps fewer than 100: at 100 the oldest is removed', () => {
    let list: LocalHistoryRecord[] = [];
    for (let i = 0; i < 99; i += 1) list = addHistoryRecord(list, record(`p${i}`, i));
    expect(list).toHaveLength(99);
    list = addHistoryRecord(list, record('p99', 99));
    expect(list).toHaveLength(99);
    expect(list[0]?.id).toBe('p1');
    expect(list.at(-1)?.id).toBe('p99');
  });

  it('replaces a record with the same id and persists', () => {
    saveLocalHistory(record('x', 1));
    saveLocalHistory(record('x', 2));
    expect(readLocalHistory()).toEqual([record('x', 2)]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.localHistory) ?? '[]')).toEqual([record('x', 2)]);
    clearLocalHistory();
    expect(localStorage.getItem(STORAGE_KEYS.localHistory)).toBeNull();
  });
});

describe('start new chat', () => {
  // The chat's, the photo shoot's and the mockup studio's own state are reset by their controllers.
  it('resets the app-wide project and pricing state at once', () => {
    useProjectStore.getState().patch({ project_id: 'p1' });
    usePricingStore.getState().select({ title: 'Product', name: 'p', value: 'tea' });
    startNewChat();
    expect(useProjectStore.getState().project_id).toBe('');
    expect(usePricingStore.getState().selections).toEqual([]);
  });

  it('a chat store starts empty, and its reset keeps the box catalogue', () => {
    const chat = createChatStore();
    chat.getState().addMessages([msg('a', 1)]);
    chat.getState().patch({ catalog: [], catalogStatus: 'ready', projectId: 'p1' });
    chat.getState().reset();
    expect(chat.getState()).toMatchObject({ messages: [], projectId: null, catalog: [], catalogStatus: 'ready' });
    expect(createChatStore().getState().messages).toEqual([]);
  });
});

describe('session and ui', () => {
  it('a guest token is also kept as the guest token; a user token is marked user', () => {
    const s = useSessionStore.getState();
    s.setToken('g1', 'guest');
    expect(localStorage.getItem(STORAGE_KEYS.guestToken)).toBe('g1');
    s.setToken('u1', 'user');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('u1');
    expect(localStorage.getItem(STORAGE_KEYS.tokenMarker)).toBe('user');
    expect(useSessionStore.getState().guestToken).toBe('g1');
    s.clearTokens();
    expect([STORAGE_KEYS.token, STORAGE_KEYS.tokenMarker, STORAGE_KEYS.guestToken].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
  });

  it('remembers anonymous projects once and forgets the list', () => {
    rememberAnonymousProject('p1');
    rememberAnonymousProject('p1');
    rememberAnonymousProject('p2');
    expect(readAnonymousProjects()).toEqual(['p1', 'p2']);
    forgetAnonymousProjects();
    expect(readAnonymousProjects()).toEqual([]);
  });

  it('every flag starts closed, and identical messages are not stacked', () => {
    const ui = useUiStore.getState();
    ui.reset();
    expect(UI_FLAGS.every((f) => useUiStore.getState()[f] === false)).toBe(true);
    ui.toggle('mobileMenu');
    expect(useUiStore.getState().mobileMenu).toBe(true);
    ui.showMessage('Hello');
    ui.showMessage('Hello');
    expect(useUiStore.getState().toasts).toHaveLength(1);
    ui.reset();
    expect(useUiStore.getState().mobileMenu).toBe(false);
  });
});

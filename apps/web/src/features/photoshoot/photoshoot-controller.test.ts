import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundPlacementSchema, Msg } from '@packsmith/contracts';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { useProjectStore } from '../../stores/project.store';
import { PAY_MODAL_DELAY_MS, useUiStore } from '../../stores/ui.store';
import { CATALOG, fakeSocket, project, record, user } from '../chat/chat-test-kit';
import { createChatStore } from '../chat/chat.store';
import type { ChatController } from '../chat/chat-controller';
import { COORDS, scene, shootMsg } from './photoshoot-test-kit';
import { createShootStore } from './photoshoot.store';
import type { ShootController } from './photoshoot-controller';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('../chat/chat-test-kit')).socketModule());
vi.mock('../../api/upload', async () => {
  const { UploadRejected } = await import('../../api/upload-rules');
  return {
    prepareImage: vi.fn(async (file: File) => {
      if (file.name.endsWith('.txt')) throw new UploadRejected('Please upload an image file.');
      return { blob: file, name: file.name, width: 2048, height: 1536, resized: true };
    }),
    uploadPrepared: vi.fn(async (_image: unknown, onProgress?: (f: number) => void) => {
      onProgress?.(0.5);
      onProgress?.(1);
      return { url: '/files/photo.png', key: 'u/x/photo.png', width: 2048, height: 1536, resized: true, content_type: 'image/png', size: 1000 };
    }),
    uploadImage: vi.fn(async () => ({
      url: '/files/own-bg.png',
      key: 'u/x/bg.png',
      width: 1600,
      height: 1200,
      resized: false,
      content_type: 'image/png',
      size: 1000,
    })),
  };
});

const { createChatController } = await import('../chat/chat-controller');
const { createShootController } = await import('./photoshoot-controller');

type Routes = Parameters<typeof mockFetch>[0];
const shootProject = (over: Parameters<typeof project>[0] = {}) => project({ project_id: 'ps1', type: 'photoshoot', name: 'Untitled photo shoot', ...over });

function routes(extra: Routes = {}): Routes {
  return {
    'POST /api/project': ok(shootProject()),
    'GET /api/project/detail': ok(shootProject()),
    'GET /api/project/info': ok(shootProject()),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': ok({ messages: [shootMsg.hello({ msg_id: 'hello' })], record: null }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
    'GET /api/generate/record': ok(record({ id: 'cut1', kind: 'cutout', status: 'running', progress: 10 })),
    ...extra,
  };
}

const paths = (calls: Exchange[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);
/** Each test's own photo shoot screen: its chat and its shoot, nothing shared with the next test. */
let chat: ChatController;
let ctl: ShootController;
const shoot = () => ctl.store.getState();
const chatState = () => chat.store.getState();
const info = () => shoot().photoShootInfo;

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
  chat = createChatController({ store: createChatStore() });
  ctl = createShootController({ chat, store: createShootStore() });
});

afterEach(() => {
  ctl.dispose();
  chat.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('start (SPEC §4 chat start without a project id)', () => {
  it('a picked photo uploads while a photoshoot project is made; then the room, the hello, and POST /api/photoshoot/image/test', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/photoshoot/image/test': ok({
          messages: [shootMsg.taskStart('cut1', 'cutout', { msg_id: 'ts1' })],
          record: record({ id: 'cut1', kind: 'cutout', status: 'queued' }),
        }),
      }),
    );
    const heard: string[] = [];
    const ok1 = await ctl.startShoot(new File(['x'], 'bottle.png', { type: 'image/png' }), (id) => heard.push(id));
    expect(ok1).toBe(true);
    expect(heard).toEqual(['ps1']);
    const order = paths(calls).filter((p) => !p.includes('catalog') && !p.includes('user/me') && !p.includes('generate/record'));
    expect(order.slice(0, 5)).toEqual([
      'POST /api/project',
      expect.stringMatching(/detail|history/),
      expect.stringMatching(/detail|history/),
      'POST /api/chat/hello',
      'POST /api/photoshoot/image/test',
    ]);
    expect(calls.find((c) => c.url === '/api/project')?.body).toEqual({ type: 'photoshoot' });
    expect(calls.find((c) => c.url === '/api/photoshoot/image/test')?.body).toEqual({ project_id: 'ps1', image_url: '/files/photo.png' });
    expect(fakeSocket.emitted).toContainEqual({ event: 'chat:join_room', payload: { project_id: 'ps1' } });
    expect(useProjectStore.getState().cacheProjectId.photoshoot_id).toBe('ps1');
    expect(shoot().upload).toEqual({ kind: 'done', width: 2048, height: 1536, resized: true });
    expect(info().photoUrl).toBe('/files/photo.png');
    expect(shoot().isCutting).toBe(true);
    expect(shoot().cutRecordId).toBe('cut1');
    // The cut-out's progress is followed like any generation.
    expect(chatState().generations.cut1).toBeDefined();
    fakeSocket.fire('generate:progress', { record_id: 'cut1', progress: 40, status: 'running' });
    expect(chatState().generations.cut1?.progress).toBe(40);
  });

  it('a file that is not an image is refused with the spec message, and nothing is created', async () => {
    const { calls } = mockFetch(routes());
    expect(await ctl.startShoot(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(shoot().upload).toEqual({ kind: 'rejected', message: Msg.uploadImageFile });
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain(Msg.uploadImageFile);
    expect(calls).toHaveLength(0);
    expect(shoot().isCutting).toBe(false);
  });

  it('a refused cut-out request stops the loading state and says why', async () => {
    mockFetch(routes({ 'POST /api/photoshoot/image/test': fail(400, 'Please upload a high-resolution image, at least 1024 pixels.') }));
    expect(await ctl.startShoot(new File(['x'], 'small.png', { type: 'image/png' }))).toBe(false);
    expect(shoot().isCutting).toBe(false);
    expect(shoot().cutError).toBe('Please upload a high-resolution image, at least 1024 pixels.');
  });
});

describe('SPEC §4 photo shoot messages', () => {
  it('a cut-out stops the loading state and sets transparentUrl; recommendations: the first is chosen only when none is', async () => {
    mockFetch(routes());
    expect(await ctl.openShoot('ps1')).toBe(true);
    shoot().setCutting(true);
    fakeSocket.fire('chat:message', shootMsg.cutout('cut1'));
    expect(shoot().isCutting).toBe(false);
    expect(info().transparentUrl).toBe('/files/cut.png');
    expect(shoot().coordinates).toEqual(COORDS);

    const [s1, s2, s3] = [scene(1), scene(2), scene(3)];
    fakeSocket.fire('chat:message', shootMsg.recommend([s1, s2]));
    expect(info().recommend_background).toEqual([s1.image_url, s2.image_url]);
    expect(info().backgroundUrl).toBe(s1.image_url);
    expect(shoot().recommended).toEqual([s1.image_url, s2.image_url]);
    expect(shoot().scenes[s2.image_url]?.floorY).toBe(0.75);

    ctl.chooseScene(s2.image_url);
    fakeSocket.fire('chat:message', shootMsg.recommend([s3]));
    expect(info().backgroundUrl).toBe(s2.image_url);
  });

  it('a cut-image error stops the loading state and keeps its message', async () => {
    mockFetch(routes());
    await ctl.openShoot('ps1');
    shoot().setCutting(true);
    fakeSocket.fire('chat:message', shootMsg.cutError('cut1'));
    expect(shoot().isCutting).toBe(false);
    expect(shoot().cutError).toBe("We couldn't find a product in this photo.");
    // Without words from the server, a person still reads why.
    fakeSocket.fire(
      'chat:message',
      shootMsg.cutError('cut2', { content: { message: '', type: 'photoshootCutImageError' }, data: { record_id: 'cut2', reason: 'unreadable' } }),
    );
    expect(shoot().cutError).toBe("We couldn't read this image. Please upload a JPG or PNG photo.");
  });

  it('a reload rebuilds the shoot from the project and its history: the background last used wins over the first recommendation', async () => {
    const [s1, s2] = [scene(1), scene(2)];
    const history = [
      shootMsg.hello(),
      shootMsg.taskStart('cut1', 'cutout'),
      shootMsg.cutout('cut1'),
      shootMsg.recommend([s1, s2]),
      shootMsg.taskStart('comp1', 'composite'),
      shootMsg.answer('comp1', ['/files/r1.png', '/files/r2.png']),
    ];
    const p = shootProject({
      data: { origin_image: '/files/photo.png', cutout_image: '/files/cut.png', select_background: s2.image_url },
      extracted_coordinates: COORDS,
      result_list: [['/files/r1.png', '/files/r2.png']],
      like_list: ['/files/r2.png'],
      like_best: '/files/r2.png',
    });
    const { calls } = mockFetch(routes({ 'GET /api/project/detail': ok(p), 'GET /api/chat/history': ok({ list: history, has_more: false }) }));
    expect(await ctl.openShoot('ps1')).toBe(true);
    expect(paths(calls)).not.toContain('POST /api/chat/hello');
    expect(info()).toMatchObject({ photoUrl: '/files/photo.png', transparentUrl: '/files/cut.png', backgroundUrl: s2.image_url });
    expect(shoot().isCutting).toBe(false);
    expect(shoot().shootRecordId).toBeNull();
    expect(useProjectStore.getState().photoResultList).toEqual(['/files/r1.png', '/files/r2.png']);
    expect(useProjectStore.getState().photoLikeBestUrl).toBe('/files/r2.png');
    expect(chatState().likes.like_list).toEqual(['/files/r2.png']);
    // Finished records are not followed again.
    expect(chatState().generations).toEqual({});
  });

  it('a cut-out of a photo replaced meanwhile is ignored', async () => {
    mockFetch(routes());
    await ctl.openShoot('ps1');
    shoot().setCutting(true);
    shoot().patch({ cutRecordId: 'cut2' });
    fakeSocket.fire('chat:message', shootMsg.cutout('cut1'));
    expect(shoot().isCutting).toBe(true);
    expect(info().transparentUrl).toBe('');
    fakeSocket.fire('chat:message', shootMsg.cutout('cut2'));
    expect(info().transparentUrl).toBe('/files/cut.png');
  });

  it('a record the server refuses, with no message, still ends the loading state', async () => {
    mockFetch(
      routes({
        'POST /api/photoshoot/image/test': ok({ messages: [], record: record({ id: 'cut3', kind: 'cutout', status: 'queued' }) }),
        'GET /api/generate/record': fail(403, 'You do not have access to this.'),
      }),
    );
    await ctl.startShoot(new File(['x'], 'bottle.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(shoot().isCutting).toBe(false));
    expect(shoot().cutError).toBe("The cut-out didn't work this time. Please try again.");
  });

  it('a cut-out still running after a reload is followed again', async () => {
    mockFetch(routes({ 'GET /api/chat/history': ok({ list: [shootMsg.hello(), shootMsg.taskStart('cut9', 'cutout')], has_more: false }) }));
    await ctl.openShoot('ps1');
    expect(shoot().isCutting).toBe(true);
    expect(shoot().cutRecordId).toBe('cut9');
    expect(chatState().generations.cut9).toBeDefined();
  });
});

describe('placement', () => {
  it('starts centred on the floor line; commits, undo and redo write SPEC §3 placement into the store', async () => {
    const back = { backW: 1024, backH: 768 };
    ctl.beginPlacement('/files/scenes/s1.png', back, { width: 640, height: 1240 }, 0.75);
    const first = shoot().placement;
    expect(BackgroundPlacementSchema.safeParse(first).success).toBe(true);
    expect(first.left + first.imgW / 2).toBeCloseTo(512);
    expect(first.top + first.imgH).toBeCloseTo(576);
    expect(first.imgW / first.imgH).toBeCloseTo(640 / 1240);
    expect(first).toMatchObject({ originW: 640, originH: 1240, backW: 1024, backH: 768, rotation: 0 });

    const box = shoot().placementEdit?.history.present;
    if (!box) throw new Error('no placement');
    ctl.commitPlacement({ ...box, cx: 300, rotation: 12 });
    expect(shoot().placement).toMatchObject({ rotation: 12 });
    expect(shoot().placement.left).toBeCloseTo(300 - box.w / 2);
    ctl.undoPlacement();
    expect(shoot().placement).toEqual(first);
    ctl.redoPlacement();
    expect(shoot().placement.rotation).toBe(12);

    // Another scene keeps the product's place relative to the scene, with a fresh history.
    ctl.beginPlacement('/files/scenes/s2.png', { backW: 768, backH: 1024 }, { width: 640, height: 1240 }, 0.75);
    expect(shoot().placement).toMatchObject({ backW: 768, backH: 1024, rotation: 12 });
    expect(shoot().placementEdit?.history.past).toEqual([]);
  });
});

describe('generate', () => {
  async function readyShoot(extra: Routes = {}) {
    const mock = mockFetch(routes(extra));
    await ctl.openShoot('ps1');
    fakeSocket.fire('chat:message', shootMsg.cutout('cut1'));
    fakeSocket.fire('chat:message', shootMsg.recommend([scene(1)]));
    ctl.beginPlacement(scene(1).image_url, { backW: 1024, backH: 768 }, { width: 640, height: 1240 }, 0.75);
    return mock;
  }

  it('sends the scene, the coordinates and the placement; progress follows the record; the answer fills photoResultList', async () => {
    const { calls } = await readyShoot({
      'POST /api/photoshoot/background': ok({
        messages: [shootMsg.taskStart('comp1', 'composite', { msg_id: 'tc' })],
        record: record({ id: 'comp1', kind: 'photoshoot', status: 'queued' }),
      }),
    });
    expect(await ctl.generateShoot()).toBe(true);
    const body = calls.find((c) => c.url === '/api/photoshoot/background')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ project_id: 'ps1', background_url: scene(1).image_url, extracted_coordinates: COORDS });
    expect(body.placement).toEqual(shoot().placement);
    expect(shoot().shootRecordId).toBe('comp1');
    fakeSocket.fire('generate:progress', { record_id: 'comp1', progress: 55, status: 'running' });
    expect(chatState().generations.comp1?.progress).toBe(55);
    fakeSocket.fire('chat:message', shootMsg.answer('comp1', ['/files/r1.png', '/files/r2.png']));
    expect(useProjectStore.getState().photoResultList).toEqual(['/files/r1.png', '/files/r2.png']);
    expect(shoot().shootRecordId).toBeNull();
    expect(shoot().latestRun).toEqual(['/files/r1.png', '/files/r2.png']);
    expect(chatState().generations.comp1).toBeUndefined();
  });

  it('a failed run shows its message and can be tried again', async () => {
    await readyShoot({ 'POST /api/photoshoot/background': ok({ messages: [], record: record({ id: 'comp2', kind: 'photoshoot', status: 'queued' }) }) });
    await ctl.generateShoot();
    fakeSocket.fire('chat:message', shootMsg.error('comp2'));
    expect(shoot().shootRecordId).toBeNull();
    expect(shoot().shootError).toBe('The photo shoot failed. Your credits were refunded.');
  });

  it('450: the message shows, the drawer closes and the pay modal opens 500 ms later (SPEC §8)', async () => {
    await readyShoot({ 'POST /api/photoshoot/background': fail(450, 'You have run out of credits. Upgrade your plan to keep creating.') });
    useUiStore.getState().open('chatDrawer');
    vi.useFakeTimers();
    expect(await ctl.generateShoot()).toBe(false);
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain('You have run out of credits. Upgrade your plan to keep creating.');
    expect(useUiStore.getState().chatDrawer).toBe(false);
    expect(useUiStore.getState().payModal).toBe(false);
    vi.advanceTimersByTime(PAY_MODAL_DELAY_MS);
    expect(useUiStore.getState().payModal).toBe(true);
    expect(shoot().shootRecordId).toBeNull();
    expect(chatState().sending).toBe(false);
  });
});

describe('likes', () => {
  it('like and best show at once, go to the photo shoot like call in order, and roll back when refused', async () => {
    let refuse = false;
    const { calls } = mockFetch(
      routes({
        'POST /api/project/photoshoot/image/like': (ex) => {
          if (refuse) return fail(403, 'You do not have access to this.');
          const b = ex.body as { image_url: string; type: string };
          return ok(b.type === 'best' ? { like_list: [], like_best: b.image_url } : { like_list: [b.image_url], like_best: null });
        },
      }),
    );
    await ctl.openShoot('ps1');
    const liking = chat.togglePhotoLike('/files/r1.png', 'like');
    expect(chatState().likes.like_list).toEqual(['/files/r1.png']);
    expect(useProjectStore.getState().like_image_list).toEqual(['/files/r1.png']);
    expect(await liking).toBe(true);
    expect(calls.find((c) => c.url === '/api/project/photoshoot/image/like')?.body).toEqual({ project_id: 'ps1', image_url: '/files/r1.png', type: 'like' });
    refuse = true;
    const best = chat.togglePhotoLike('/files/r1.png', 'best');
    expect(useProjectStore.getState().photoLikeBestUrl).toBe('/files/r1.png');
    expect(await best).toBe(false);
    expect(useProjectStore.getState().photoLikeBestUrl).toBe('');
    expect(chatState().likes.like_list).toEqual(['/files/r1.png']);
  });
});

describe('new photo shoot', () => {
  it('resets the project, photo and chat state, and forgets the cached shoot', async () => {
    mockFetch(routes());
    await ctl.openShoot('ps1');
    fakeSocket.fire('chat:message', shootMsg.cutout('cut1'));
    expect(useProjectStore.getState().cacheProjectId.photoshoot_id).toBe('ps1');
    ctl.newShoot();
    expect(info().transparentUrl).toBe('');
    expect(useProjectStore.getState().cacheProjectId.photoshoot_id).toBe('');
    expect(chatState().messages).toEqual([]);
    expect(shoot().projectId).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERASE_SCALE, DEFAULT_GENERATE_TEXT, Msg } from '@packsmith/contracts';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { PAY_MODAL_DELAY_MS, useUiStore } from '../../stores/ui.store';
import { resetClientState } from '../../test-stores';
import { CATALOG, fakeSocket, msg, project, record, user } from '../chat/chat-test-kit';
import { createChatStore } from '../chat/chat.store';
import type { ChatController } from '../chat/chat-controller';
import { createStudioStore } from './mockup-studio.store';
import type { MockupController } from './mockup-controller';
import { mockMsg, templateInfo } from './mockup-test-kit';
import { DEFAULT_PLACEMENT } from './placement';

vi.mock('socket.io-client', async () => (await import('../chat/chat-test-kit')).socketModule());
vi.mock('../../api/upload', async () => {
  const { UploadRejected } = await import('../../api/upload-rules');
  return {
    prepareImage: vi.fn(async (file: File) => {
      if (file.name.endsWith('.txt')) throw new UploadRejected('Please upload an image file.');
      if (file.name.startsWith('small')) throw new UploadRejected('Please upload a high-resolution image, at least 1024 pixels.');
      return { blob: file, name: file.name, width: 2048, height: 1536, resized: true };
    }),
    uploadPrepared: vi.fn(async (image: { name: string }, onProgress?: (f: number) => void) => {
      onProgress?.(0.5);
      onProgress?.(1);
      return { url: `/files/${image.name}`, key: `u/x/${image.name}`, width: 2048, height: 1536, resized: true, content_type: 'image/png', size: 1000 };
    }),
  };
});
vi.mock('./snapshot-image', () => ({
  snapshotSize: (w: number, h: number) => ({ width: w, height: h }),
  fitSnapshot: vi.fn(async (blob: Blob) => ({ blob, name: 'mockup-3d.png', width: 1024, height: 1024, resized: true })),
}));

const { createChatController } = await import('../chat/chat-controller');
const { createMockupController } = await import('./mockup-controller');

type Routes = Parameters<typeof mockFetch>[0];
const mockupProject = (over: Parameters<typeof project>[0] = {}) => project({ project_id: 'mk1', type: 'mockup', name: 'Untitled mockup', ...over });

function routes(extra: Routes = {}): Routes {
  return {
    'POST /api/project': ok(mockupProject()),
    'GET /api/project/detail': ok(mockupProject()),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': ok({ messages: [mockMsg.hello({ msg_id: 'hello' })], record: null }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
    'GET /api/generate/record': ok(record({ id: 'rec1', project_id: 'mk1', kind: 'mockup_result', status: 'running', progress: 10 })),
    'POST /api/material': ok({ id: 'mat1', material_url: '/files/design.png', create_at: 1 }),
    ...extra,
  };
}

const resultAnswer = (recordId = 'rec1') =>
  ok({
    messages: [mockMsg.handle(recordId, 'generate', { msg_id: 'h1' })],
    record: record({ id: recordId, project_id: 'mk1', kind: 'mockup_result', status: 'queued' }),
  });

const paths = (calls: Exchange[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);
let chat: ChatController;
let ctl: MockupController;
const studio = () => ctl.store.getState();
const chatState = () => chat.store.getState();

function ready(): void {
  ctl.chooseTemplate(templateInfo(1));
  ctl.chooseDesign({ url: '/files/design.png', source: 'upload', label: 'design.png' });
}

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
  chat = createChatController({ store: createChatStore() });
  ctl = createMockupController({ chat, store: createStudioStore() });
});

afterEach(() => {
  ctl.dispose();
  chat.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('generate (POST /api/mockup/result)', () => {
  it('without a project: a mockup project is made and named, the chat opens, then the design goes on the template', async () => {
    const { calls } = mockFetch(routes({ 'POST /api/mockup/result': resultAnswer() }));
    ready();
    ctl.commitPlacement({ scale: 1.2, offset_x: 0.1, offset_y: 0, rotation: 5 });
    ctl.setMaterial('KRAFT');
    const heard: string[] = [];
    expect(await ctl.generate((id) => heard.push(id))).toBe(true);
    expect(heard).toEqual(['mk1']);
    expect(calls.find((c) => c.url === '/api/project')?.body).toEqual({ type: 'mockup' });
    const order = paths(calls).filter((p) => /project$|detail|history|hello|mockup\/result/.test(p));
    expect(order[0]).toBe('POST /api/project');
    expect(order.at(-1)).toBe('POST /api/mockup/result');
    expect(order).toContain('POST /api/chat/hello');
    expect(fakeSocket.emitted).toContainEqual({ event: 'chat:join_room', payload: { project_id: 'mk1' } });
    expect(calls.find((c) => c.url === '/api/mockup/result')?.body).toEqual({
      project_id: 'mk1',
      mockup_template_id: 'boxes-tuck-end-1',
      image_url: '/files/design.png',
      placement: { scale: 1.2, offset_x: 0.1, offset_y: 0, rotation: 5 },
      material: 'KRAFT',
      origin_image: '/files/design.png',
    });
    // What the screen held before the project existed stays.
    expect(studio().template?.id).toBe('boxes-tuck-end-1');
    expect(studio().design?.url).toBe('/files/design.png');
    expect(studio().resultRecordId).toBe('rec1');
    expect(studio().mockupConfig.isGenerate).toBe(true);
    // Its progress is followed like any generation (socket and polling).
    expect(chatState().generations.rec1).toBeDefined();
    fakeSocket.fire('generate:progress', { record_id: 'rec1', progress: 60, status: 'running' });
    expect(chatState().generations.rec1?.progress).toBe(60);
  });

  it('the mockupGenerate message brings the image: a new result, the run ends', async () => {
    mockFetch(routes({ 'POST /api/mockup/result': resultAnswer() }));
    ready();
    await ctl.generate();
    fakeSocket.fire('chat:message', mockMsg.generate('rec1', ['/files/out1.jpg']));
    expect(studio().results).toEqual(['/files/out1.jpg']);
    expect(studio().latestRun).toEqual(['/files/out1.jpg']);
    expect(studio().resultTemplates['/files/out1.jpg']).toBe('boxes-tuck-end-1');
    expect(studio().resultRecordId).toBeNull();
    expect(studio().mockupConfig.isGenerate).toBe(false);
    expect(chatState().generations.rec1).toBeUndefined();
  });

  it('the template material is sent only when the visitor chose another; no material means the template’s own', async () => {
    const { calls } = mockFetch(routes({ 'POST /api/mockup/result': resultAnswer() }));
    ready();
    await ctl.generate();
    const body = calls.find((c) => c.url === '/api/mockup/result')?.body as Record<string, unknown>;
    expect(body.material).toBeUndefined();
    expect(body.placement).toEqual(DEFAULT_PLACEMENT);
  });

  it('an existing project is reused, not made again', async () => {
    const { calls } = mockFetch(routes({ 'POST /api/mockup/result': resultAnswer() }));
    expect(await ctl.openStudio('mk1')).toBe(true);
    ready();
    await ctl.generate();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/project')).toHaveLength(0);
  });

  it('450 (out of credits): the message shows, the drawer closes, the pay modal opens after 500 ms; the run ends with the message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const limit = 'You have run out of credits. Upgrade your plan to keep creating.';
    mockFetch(routes({ 'POST /api/mockup/result': fail(450, limit) }));
    await ctl.openStudio('mk1');
    useUiStore.getState().open('chatDrawer');
    ready();
    expect(await ctl.generate()).toBe(false);
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain(limit);
    expect(useUiStore.getState().chatDrawer).toBe(false);
    expect(useUiStore.getState().payModal).toBe(false);
    vi.advanceTimersByTime(PAY_MODAL_DELAY_MS);
    expect(useUiStore.getState().payModal).toBe(true);
    expect(studio().resultError).toBe(limit);
    expect(studio().resultRecordId).toBeNull();
    expect(studio().mockupConfig.isGenerate).toBe(false);
  });

  it('a record that ends without a message is read: its data.imageUrls are the result', async () => {
    let calls = 0;
    mockFetch(
      routes({
        'POST /api/mockup/result': resultAnswer(),
        'GET /api/generate/record': () => {
          calls += 1;
          return ok(record({ id: 'rec1', project_id: 'mk1', kind: 'mockup_result', status: 'done', progress: 100, data: { imageUrls: ['/files/late.jpg'] } }));
        },
      }),
    );
    ready();
    await ctl.generate();
    await vi.waitFor(() => expect(studio().results).toEqual(['/files/late.jpg']));
    expect(calls).toBeGreaterThan(0);
    expect(studio().resultRecordId).toBeNull();
    expect(studio().resultError).toBeNull();
  });

  it("an error message for the run shows the server's words", async () => {
    mockFetch(routes({ 'POST /api/mockup/result': resultAnswer() }));
    ready();
    await ctl.generate();
    fakeSocket.fire('chat:message', mockMsg.error('rec1', 'The design could not be read.'));
    expect(studio().resultError).toBe('The design could not be read.');
    expect(studio().resultRecordId).toBeNull();
  });

  it('nothing is sent without a template and a design', async () => {
    const { calls } = mockFetch(routes());
    expect(await ctl.generate()).toBe(false);
    ctl.chooseTemplate(templateInfo(1));
    expect(await ctl.generate()).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('placement and material: undo, redo and reset (SPEC §3 mockupConfig, §4)', () => {
  it('each change is one step in mockupConfig.undoList; undo and redo walk it; a new step clears redo', () => {
    ctl.chooseTemplate(templateInfo(1));
    const p1 = { scale: 1.5, offset_x: 0, offset_y: 0, rotation: 0 };
    const p2 = { scale: 1.5, offset_x: 0.2, offset_y: -0.1, rotation: 0 };
    ctl.commitPlacement(p1);
    ctl.commitPlacement(p2);
    ctl.setMaterial('METAL_GLOSSY');
    expect(studio().mockupConfig.undoList).toHaveLength(3);
    ctl.undo();
    expect(studio().edit).toEqual({ placement: p2, material: null });
    ctl.undo();
    expect(studio().edit.placement).toEqual(p1);
    expect(studio().mockupConfig.redoList).toHaveLength(2);
    ctl.redo();
    expect(studio().edit.placement).toEqual(p2);
    ctl.commitPlacement({ ...p2, rotation: 10 });
    expect(studio().mockupConfig.redoList).toHaveLength(0);
    ctl.redo();
    expect(studio().edit.placement.rotation).toBe(10);
  });

  it('a change to the same values is not a step; undo with nothing to undo does nothing', () => {
    ctl.undo();
    ctl.commitPlacement(DEFAULT_PLACEMENT);
    ctl.setMaterial(null);
    expect(studio().mockupConfig.undoList).toHaveLength(0);
    expect(studio().edit.placement).toEqual(DEFAULT_PLACEMENT);
  });

  it('placements are kept within the editor limits', () => {
    ctl.commitPlacement({ scale: 50, offset_x: 3, offset_y: -3, rotation: 270 });
    expect(studio().edit.placement).toEqual({ scale: 4, offset_x: 1, offset_y: -1, rotation: -90 });
  });

  it('Reset: mockupConfig back to its defaults (eraseScale 50, generateText Generate, no history); the template stays', () => {
    ctl.chooseTemplate(templateInfo(1));
    ctl.commitPlacement({ scale: 2, offset_x: 0, offset_y: 0, rotation: 0 });
    ctl.setMaterial('GLASS_GLOSSY');
    studio().patchConfig({ eraseScale: 10, generateText: 'Again' });
    ctl.resetEdit();
    const c = studio().mockupConfig;
    expect(c.eraseScale).toBe(DEFAULT_ERASE_SCALE);
    expect(c.generateText).toBe(DEFAULT_GENERATE_TEXT);
    expect(c.undoList).toEqual([]);
    expect(c.redoList).toEqual([]);
    expect(c.mockup_template_id).toBe('boxes-tuck-end-1');
    expect(c.default_design_area).toEqual({ width: 900, height: 1200 });
    expect(studio().edit).toEqual({ placement: DEFAULT_PLACEMENT, material: null });
  });

  it('another template starts a fresh placement and history; the same one again keeps them', () => {
    ctl.chooseTemplate(templateInfo(1));
    ctl.commitPlacement({ scale: 2, offset_x: 0, offset_y: 0, rotation: 0 });
    ctl.chooseTemplate(templateInfo(1));
    expect(studio().edit.placement.scale).toBe(2);
    ctl.chooseTemplate(templateInfo(2));
    expect(studio().edit.placement).toEqual(DEFAULT_PLACEMENT);
    expect(studio().mockupConfig.undoList).toEqual([]);
    expect(studio().mockupConfig.mockup_template_id).toBe('boxes-tuck-end-2');
    expect(studio().provisionalData.mockup_template_id).toBe('boxes-tuck-end-2');
  });

  it("another tool's steps in the shared list are passed over by undo", () => {
    ctl.commitPlacement({ scale: 2, offset_x: 0, offset_y: 0, rotation: 0 });
    studio().pushUndo({ label: 'erase', snapshot: { stroke: 1 } });
    ctl.undo();
    expect(studio().edit.placement).toEqual(DEFAULT_PLACEMENT);
  });
});

describe('the design', () => {
  it('an upload is checked (SPEC §5), uploaded with progress, chosen, and kept in the materials', async () => {
    const { calls } = mockFetch(routes());
    expect(await ctl.uploadDesign(new File(['x'], 'design.png', { type: 'image/png' }))).toBe(true);
    expect(studio().design).toEqual({ url: '/files/design.png', source: 'upload', label: 'design.png' });
    expect(studio().designUpload).toEqual({ kind: 'done', width: 2048, height: 1536, resized: true });
    expect(studio().provisionalData.photoUrl).toBe('/files/design.png');
    expect(calls.find((c) => c.url === '/api/material')?.body).toEqual({ material_url: '/files/design.png' });
    expect(studio().mockupUserMaterial).toEqual([{ id: 'mat1', material_url: '/files/design.png' }]);
  });

  it('a file that is not an image, or too small, is refused with the spec message and nothing is sent', async () => {
    const { calls } = mockFetch(routes());
    expect(await ctl.uploadDesign(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(studio().designUpload).toEqual({ kind: 'rejected', message: Msg.uploadImageFile });
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain(Msg.uploadImageFile);
    expect(await ctl.uploadDesign(new File(['x'], 'small.png', { type: 'image/png' }))).toBe(false);
    expect(studio().designUpload).toEqual({ kind: 'rejected', message: Msg.uploadMinSide });
    expect(studio().design).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('materials load; a deleted one goes at once and comes back when the server refuses', async () => {
    mockFetch(
      routes({
        'GET /api/material/list': ok([
          { id: 'a', material_url: '/files/a.png', create_at: 2 },
          { id: 'b', material_url: '/files/b.png', create_at: 1 },
        ]),
        'DELETE /api/material': fail(403, 'Not yours.'),
      }),
    );
    expect(await ctl.loadMaterials()).toBe(true);
    expect(studio().mockupUserMaterial.map((m) => m.id)).toEqual(['a', 'b']);
    const deleting = ctl.deleteMaterial('a');
    expect(studio().mockupUserMaterial.map((m) => m.id)).toEqual(['b']);
    expect(await deleting).toBe(false);
    expect(studio().mockupUserMaterial.map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('opening a mockup project', () => {
  it('its results and the design it was linked with (mockup_origin_image) come back', async () => {
    mockFetch(
      routes({
        'GET /api/project/detail': ok(
          mockupProject({ result_list: [['/files/r1.jpg'], ['/files/r2.jpg']], data: { mockup_origin_image: '/files/linked.png' } }),
        ),
        'GET /api/chat/history': ok({
          list: [mockMsg.hello({ msg_id: 'hello' }), mockMsg.generate('old', ['/files/r2.jpg', '/files/r3.jpg'])],
          has_more: false,
        }),
      }),
    );
    expect(await ctl.openStudio('mk1')).toBe(true);
    expect(studio().results).toEqual(['/files/r1.jpg', '/files/r2.jpg', '/files/r3.jpg']);
    // The history is replayed, not announced as new.
    expect(studio().latestRun).toEqual([]);
    expect(studio().design).toEqual({ url: '/files/linked.png', source: 'link', label: 'Your design' });
  });

  it('a project of another type is refused with words', async () => {
    mockFetch(routes({ 'GET /api/project/detail': ok(mockupProject({ type: 'photoshoot' })) }));
    expect(await ctl.openStudio('mk1')).toBe(false);
    expect(studio().startError).toBe('This project is not a mockup.');
  });

  it('an image tool running in the project (the Edit image panel) is not taken for a render', async () => {
    const toolStart = msg({
      project_id: 'mk1',
      type: 'mockupHandle',
      text: 'Enlarging the image…',
      data: { record_id: 'it1', tool: 'upscale', task: 'image_tool' },
    });
    const toolDone = msg({
      project_id: 'mk1',
      type: 'mockupHandle',
      text: 'Here is the enlarged image.',
      data: { record_id: 'it1', tool: 'upscale', imageUrls: ['/u.png'] },
    });
    mockFetch(routes({ 'GET /api/chat/history': ok({ list: [mockMsg.hello({ msg_id: 'hello' }), toolStart, toolDone], has_more: false }) }));
    await ctl.openStudio('mk1');
    expect(studio().resultRecordId).toBeNull();
    expect(studio().mockupConfig.isGenerate).toBe(false);
    expect(studio().latestRun).toEqual([]);
  });

  it('a render still running after a reload is followed again', async () => {
    mockFetch(routes({ 'GET /api/chat/history': ok({ list: [mockMsg.hello({ msg_id: 'hello' }), mockMsg.handle('rec9')], has_more: false }) }));
    await ctl.openStudio('mk1');
    expect(studio().resultRecordId).toBe('rec9');
    expect(chatState().generations.rec9).toBeDefined();
  });
});

describe('custom templates (POST /api/mockup/custom)', () => {
  it('the photo uploads, a project is made, the custom call runs, and the mockupCustom message names the new template', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/mockup/custom': ok({
          messages: [mockMsg.handle('cus1', 'custom', { msg_id: 'h2' })],
          record: record({ id: 'cus1', project_id: 'mk1', kind: 'mockup_custom', status: 'queued' }),
        }),
      }),
    );
    const heard: string[] = [];
    expect(await ctl.startCustom(new File(['x'], 'blank-box.jpg', { type: 'image/jpeg' }), (id) => heard.push(id))).toBe(true);
    expect(heard).toEqual(['mk1']);
    expect(calls.find((c) => c.url === '/api/mockup/custom')?.body).toEqual({ project_id: 'mk1', thumbnail_url: '/files/blank-box.jpg' });
    expect(studio().custom).toMatchObject({ status: 'running', recordId: 'cus1' });
    fakeSocket.fire('chat:message', mockMsg.custom('cus1', 'custom-abc'));
    expect(studio().custom).toMatchObject({ status: 'idle', readyTemplateId: 'custom-abc' });
    ctl.clearCustom();
    expect(studio().custom.readyTemplateId).toBeNull();
  });

  it("a photo with no face found shows the server's words; Try again sends the same photo", async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/mockup/custom': ok({
          messages: [mockMsg.handle('cus1', 'custom', { msg_id: 'h2' })],
          record: record({ id: 'cus1', project_id: 'mk1', kind: 'mockup_custom', status: 'queued' }),
        }),
      }),
    );
    await ctl.startCustom(new File(['x'], 'blank-box.jpg', { type: 'image/jpeg' }));
    fakeSocket.fire('chat:message', mockMsg.customFailed('cus1', "We couldn't find the front of a pack in this photo."));
    expect(studio().custom).toMatchObject({ status: 'failed', message: "We couldn't find the front of a pack in this photo." });
    expect(await ctl.retryCustom()).toBe(true);
    expect(calls.filter((c) => c.url === '/api/mockup/custom').map((c) => c.body)).toEqual([
      { project_id: 'mk1', thumbnail_url: '/files/blank-box.jpg' },
      { project_id: 'mk1', thumbnail_url: '/files/blank-box.jpg' },
    ]);
  });

  it('a photo refused by the browser never reaches the server', async () => {
    const { calls } = mockFetch(routes());
    expect(await ctl.startCustom(new File(['x'], 'small.jpg', { type: 'image/jpeg' }))).toBe(false);
    expect(studio().custom).toMatchObject({ status: 'failed', message: Msg.uploadMinSide });
    expect(calls).toHaveLength(0);
  });
});

describe('3D snapshots (POST /api/mockup/snapshot)', () => {
  it('the PNG uploads and becomes a result; a Free account sees how many are left', async () => {
    const { calls } = mockFetch(
      routes({ 'POST /api/mockup/snapshot': ok({ image_url: '/files/mockup-3d.png', result_list: [['/files/mockup-3d.png']], snapshots_left: 4 }) }),
    );
    await ctl.openStudio('mk1');
    expect(await ctl.saveSnapshot(new Blob(['png'], { type: 'image/png' }))).toBe(true);
    expect(calls.find((c) => c.url === '/api/mockup/snapshot')?.body).toEqual({ project_id: 'mk1', image_url: '/files/mockup-3d.png' });
    expect(studio().results).toEqual(['/files/mockup-3d.png']);
    expect(studio().snapshot).toEqual({ busy: false, left: 4, error: null });
  });

  it('none left today (450): the message, and the pay modal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    mockFetch(routes({ 'POST /api/mockup/snapshot': fail(450, 'You have used your 5 free 3D snapshots today.') }));
    await ctl.openStudio('mk1');
    expect(await ctl.saveSnapshot(new Blob(['png'], { type: 'image/png' }))).toBe(false);
    expect(studio().snapshot.error).toBe('You have used your 5 free 3D snapshots today.');
    vi.advanceTimersByTime(PAY_MODAL_DELAY_MS);
    expect(useUiStore.getState().payModal).toBe(true);
  });
});

describe('saved setups (POST /api/composite/material)', () => {
  it('Save this setup sends the result as preview and what re-creates it; reopening it restores design, placement and material', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/composite/material': (ex) => ok({ id: 'c1', preview_url: '/files/out1.jpg', data: (ex.body as { data: unknown }).data, create_at: 1 }),
      }),
    );
    ready();
    ctl.commitPlacement({ scale: 0.8, offset_x: 0, offset_y: 0.25, rotation: -15 });
    ctl.setMaterial('PLASTIC_MATT');
    const saved = await ctl.saveSetup('/files/out1.jpg');
    expect(calls.find((c) => c.url === '/api/composite/material')?.body).toEqual({
      preview_url: '/files/out1.jpg',
      data: {
        template_id: 'boxes-tuck-end-1',
        category: 'Boxes',
        design_url: '/files/design.png',
        design_source: 'upload',
        design_label: 'design.png',
        placement: { scale: 0.8, offset_x: 0, offset_y: 0.25, rotation: -15 },
        material: 'PLASTIC_MATT',
      },
    });
    expect(saved).not.toBeNull();
    ctl.resetEdit();
    ctl.chooseDesign({ url: '/files/other.png', source: 'material', label: 'other' });
    const setup = saved ? ctl.restoreSetup(saved) : null;
    expect(setup?.template_id).toBe('boxes-tuck-end-1');
    expect(studio().design?.url).toBe('/files/design.png');
    expect(studio().edit).toEqual({ placement: { scale: 0.8, offset_x: 0, offset_y: 0.25, rotation: -15 }, material: 'PLASTIC_MATT' });
  });

  it('a setup for another template keeps its placement when that template opens', () => {
    ctl.chooseTemplate(templateInfo(1));
    ctl.restoreSetup({ data: { template_id: 'boxes-tuck-end-2', design_url: '/files/d.png', placement: { scale: 2, offset_x: 0, offset_y: 0, rotation: 0 } } });
    expect(studio().template).toBeNull();
    ctl.chooseTemplate(templateInfo(2));
    expect(studio().edit.placement.scale).toBe(2);
  });
});

describe('the setup behind a result', () => {
  it('Save this setup keeps what made that result, not what was changed on screen afterwards', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/mockup/result': resultAnswer(),
        'POST /api/composite/material': (ex) => ok({ id: 'c1', preview_url: '/files/out1.jpg', data: (ex.body as { data: unknown }).data, create_at: 1 }),
      }),
    );
    ready();
    ctl.commitPlacement({ scale: 1.5, offset_x: 0, offset_y: 0, rotation: 0 });
    await ctl.generate();
    fakeSocket.fire('chat:message', mockMsg.generate('rec1', ['/files/out1.jpg']));
    ctl.commitPlacement({ scale: 3, offset_x: 0.5, offset_y: 0, rotation: 45 });
    ctl.setMaterial('GLASS_MATT');
    await ctl.saveSetup('/files/out1.jpg');
    const data = (calls.find((c) => c.url === '/api/composite/material')?.body as { data: { placement: unknown; material: unknown } }).data;
    expect(data.placement).toEqual({ scale: 1.5, offset_x: 0, offset_y: 0, rotation: 0 });
    expect(data.material).toBeNull();
  });
});

describe('Mockup this design (POST /api/mockup-service/link/image)', () => {
  it("links the design into a mockup project and opens the studio on a template of the design's own pack", async () => {
    const { openDesignInStudio } = await import('./open-in-studio');
    const { template } = await import('./mockup-test-kit');
    const { calls } = mockFetch(
      routes({
        'POST /api/mockup-service/link/image': ok({ project_id: 'mk7', mockup_origin_image: '/files/design-1.png' }),
        'GET /api/mockup/design/faces': ok({ box_id: 205, background: '#ffffff', faces: { front: '/files/f.png' } }),
        'GET /api/mockup/template/list': ok({
          list: [template(1, { box_ids: [101] }), template(2, { id: 'bottles-1', category: 'Bottles & Jugs', box_ids: [205] })],
          total: 2,
        }),
      }),
    );
    expect(await openDesignInStudio('/files/design-1.png', 'd1')).toBe('/aimockup/Bottles%20%26%20Jugs?template=bottles-1&project_id=mk7');
    expect(calls.find((c) => c.url === '/api/mockup-service/link/image')?.body).toEqual({ orgin_image: '/files/design-1.png', project_id: 'd1' });
  });

  it('a refused link goes nowhere (the catalogue said why)', async () => {
    const { openDesignInStudio } = await import('./open-in-studio');
    mockFetch(routes({ 'POST /api/mockup-service/link/image': fail(403, 'Not yours.') }));
    expect(await openDesignInStudio('/files/x.png', null)).toBeNull();
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain('Not yours.');
  });
});

import { DEFAULT_ERASE_SCALE, IMAGE_TOOL_COSTS } from '@packsmith/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../../test-stores';
import { fail, mockFetch, ok } from '../../test-support';
import { useUiStore } from '../../stores/ui.store';
import { brushImagePx, brushScreenPx, normaliseBox, stepEraseScale, toImagePoint } from './geometry';
import { applyEditorKey } from './image-tools-keys';
import { createImageToolsController, defaultImageToolsIo } from './image-tools-controller';
import { answerOf, testIo, toolRecord } from './image-tools-test-kit';
import { createImageToolsStore } from './image-tools.store';
import { maskCanvas } from './mask';
import { addStep, back, canGoBack, canGoForward, currentStep, forward, previousStep, startHistory } from './step-history';
import { buildRequest, missingInput } from './tool-requests';
import { SEGMENT_EMPTY_TEXT, costLabel, stepLabel } from './tools';

const step = (url: string) => ({ url, tool: 'erase' as const, width: 100, height: 100 });

describe('the step history', () => {
  it('adds steps, goes back and forward, and keeps the original reachable', () => {
    let h = startHistory('/o.png');
    expect(canGoBack(h)).toBe(false);
    h = addStep(addStep(h, step('/1.png')), step('/2.png'));
    expect(currentStep(h).url).toBe('/2.png');
    expect(previousStep(h)?.url).toBe('/1.png');
    h = back(back(back(h)));
    expect(currentStep(h).url).toBe('/o.png');
    expect(previousStep(h)).toBeNull();
    h = forward(h);
    expect(currentStep(h).url).toBe('/1.png');
    expect(canGoForward(h)).toBe(true);
  });

  it('a tool run from an earlier step drops the steps after it', () => {
    let h = addStep(addStep(startHistory('/o.png'), step('/1.png')), step('/2.png'));
    h = addStep(back(back(h)), step('/b.png'));
    expect(h.steps.map((s) => s.url)).toEqual(['/o.png', '/b.png']);
    expect(canGoForward(h)).toBe(false);
  });

  it('the store locks moving between steps while a tool runs, and drops strokes when moving', () => {
    const store = createImageToolsStore();
    store.getState().open('/o.png', 'p1');
    store.getState().addStep(step('/1.png'));
    store.getState().addStroke({ points: [{ x: 1, y: 1 }], size: 5 });
    store.getState().patch({ run: { tool: 'erase', progress: 0, recordId: null } });
    store.getState().back();
    expect(store.getState().history?.current).toBe(1);
    store.getState().patch({ run: null });
    store.getState().back();
    expect(store.getState().history?.current).toBe(0);
    expect(store.getState().strokes).toEqual([]);
  });
});

describe('the brush', () => {
  it('eraseScale is the diameter at 1024 px of image width, scaled to the image and to the screen', () => {
    expect(DEFAULT_ERASE_SCALE).toBe(50);
    expect(brushImagePx(50, 1024)).toBe(50);
    expect(brushImagePx(50, 2048)).toBe(100);
    expect(brushImagePx(50, 512)).toBe(25);
    // A 2048 px image shown 512 px wide: a 100 px brush in the image is 25 px on screen.
    expect(brushScreenPx(50, 512)).toBe(25);
  });

  it('[ and ] step the size inside its limits; the store starts at the default', () => {
    expect(stepEraseScale(50, 1)).toBe(55);
    expect(stepEraseScale(4, -1)).toBe(4);
    expect(stepEraseScale(300, 1)).toBe(300);
    const store = createImageToolsStore();
    expect(store.getState().eraseScale).toBe(50);
    store.getState().open('/o.png', 'p1');
    store.getState().chooseTool('erase');
    expect(applyEditorKey(store.getState(), { key: ']', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe(true);
    expect(store.getState().eraseScale).toBe(55);
  });

  it('strokes undo and redo (also with Ctrl/⌘+Z and Shift+Ctrl/⌘+Z); a new stroke empties redo', () => {
    const store = createImageToolsStore();
    store.getState().open('/o.png', 'p1');
    const a = { points: [{ x: 1, y: 1 }], size: 5 };
    const b = { points: [{ x: 2, y: 2 }], size: 5 };
    store.getState().addStroke(a);
    store.getState().addStroke(b);
    const key = (over: object) => ({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });
    applyEditorKey(store.getState(), key({ metaKey: true }));
    expect(store.getState().strokes).toEqual([a]);
    applyEditorKey(store.getState(), key({ ctrlKey: true, shiftKey: true }));
    expect(store.getState().strokes).toEqual([a, b]);
    store.getState().undoStroke();
    store.getState().addStroke(a);
    expect(store.getState().undone).toEqual([]);
  });
});

describe('the mask', () => {
  it('is exported at the image’s natural size, black with white strokes', () => {
    const ops: string[] = [];
    const ctx = {
      save: () => undefined,
      restore: () => undefined,
      beginPath: () => undefined,
      moveTo: () => undefined,
      lineTo: () => undefined,
      arc: () => undefined,
      fill: () => ops.push('fill'),
      stroke: () => ops.push('stroke'),
      fillRect: (...a: number[]) => ops.push(`fillRect ${a.join(',')}`),
      set fillStyle(v: string) {
        ops.push(`fillStyle ${v}`);
      },
      set strokeStyle(v: string) {
        ops.push(`strokeStyle ${v}`);
      },
    };
    const spy = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const canvas = maskCanvas(
      [
        {
          points: [
            { x: 1, y: 1 },
            { x: 40, y: 40 },
          ],
          size: 20,
        },
      ],
      { width: 1536, height: 1024 },
    );
    expect([canvas.width, canvas.height]).toEqual([1536, 1024]);
    expect(ops.slice(0, 2)).toEqual(['fillStyle #000000', 'fillRect 0,0,1536,1024']);
    expect(ops).toContain('strokeStyle #ffffff');
    expect(ops).toContain('stroke');
    spy.mockRestore();
  });
});

describe('the box', () => {
  const size = { width: 800, height: 600 };
  it('is the same whichever way the drag went', () => {
    const want = { x: 100, y: 50, width: 200, height: 150 };
    expect(normaliseBox({ x: 100, y: 50 }, { x: 300, y: 200 }, size)).toEqual(want);
    expect(normaliseBox({ x: 300, y: 200 }, { x: 100, y: 50 }, size)).toEqual(want);
    expect(normaliseBox({ x: 300, y: 50 }, { x: 100, y: 200 }, size)).toEqual(want);
  });
  it('is clamped to the image, in whole pixels, and null when too thin', () => {
    expect(normaliseBox({ x: -40, y: 580.4 }, { x: 900, y: 700 }, size)).toEqual({ x: 0, y: 580, width: 800, height: 20 });
    expect(normaliseBox({ x: 10.2, y: 10.7 }, { x: 20.5, y: 30.1 }, size)).toEqual({ x: 10, y: 10, width: 11, height: 21 });
    expect(normaliseBox({ x: 10, y: 10 }, { x: 11, y: 300 }, size)).toBeNull();
  });
  it('pointer positions map from the shown image to image pixels', () => {
    const rect = { left: 10, top: 20, width: 400, height: 300 };
    expect(toImagePoint({ x: 210, y: 170 }, rect, size)).toEqual({ x: 400, y: 300 });
    expect(toImagePoint({ x: 0, y: 900 }, rect, size)).toEqual({ x: 0, y: 600 });
  });
});

describe('tool requests', () => {
  const base = () => {
    const store = createImageToolsStore();
    store.getState().open('/files/u/a.png', 'mk1');
    return store;
  };
  it('say what is missing before a run', () => {
    const s = base();
    s.getState().chooseTool('erase');
    expect(missingInput(s.getState())).toBe('Paint over what to erase first.');
    s.getState().chooseTool('segment');
    expect(missingInput(s.getState())).toBe('Draw a box around the object first.');
    s.getState().chooseTool('upscale');
    expect(missingInput(s.getState())).toBeNull();
  });
  it('take the current step as image_url; text with a colour uses the v2 call with a style', () => {
    const s = base();
    s.getState().patch({ text: ' Summer ', color: '#112233' });
    expect(buildRequest(s.getState(), 'composite_text')).toEqual({
      tool: 'composite_text_v2',
      input: { project_id: 'mk1', image_url: '/files/u/a.png', text: 'Summer', style: { color: '#112233' } },
    });
    expect(buildRequest(s.getState(), 'erase', { maskUrl: '/m.png' }).input).toMatchObject({ mask_url: '/m.png', erase_scale: 50 });
  });
  it('costs read from the contracts; 0 is free', () => {
    expect(costLabel('segment')).toBe('free');
    expect(costLabel('erase')).toBe(`${IMAGE_TOOL_COSTS.erase} credit`);
    expect(costLabel('upscale')).toBe('2 credits');
  });
});

describe('running a tool', () => {
  beforeEach(() => {
    resetClientState();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function ready(tool: 'erase' | 'upscale' | 'segment') {
    const store = createImageToolsStore();
    store.getState().open('/files/u/a.png', 'mk1');
    store.getState().setSize('/files/u/a.png', 1024, 768);
    store.getState().chooseTool(tool);
    return store;
  }

  it('erase uploads the mask, calls the server and adds the new image as a step', async () => {
    const store = ready('erase');
    store.getState().addStroke({ points: [{ x: 10, y: 10 }], size: 50 });
    const { calls } = mockFetch({
      'POST /api/mockup/erase': ok(answerOf(toolRecord('r1', null))),
      'GET /api/generate/record': ok(toolRecord('r1', { tool: 'erase', imageUrls: ['/files/u/b.png'] })),
    });
    const io = testIo();
    const onResult = vi.fn();
    const ctl = createImageToolsController({ store, io, onResult });
    expect(await ctl.run()).toBe(true);
    expect(io.uploadMask).toHaveBeenCalledWith(expect.any(Blob), { width: 1024, height: 768 });
    expect(calls[0]?.body).toMatchObject({ project_id: 'mk1', image_url: '/files/u/a.png', mask_url: '/files/u/mask-1.png', erase_scale: 50 });
    const s = store.getState();
    expect(s.history?.steps.map((x) => x.url)).toEqual(['/files/u/a.png', '/files/u/b.png']);
    expect(s.strokes).toEqual([]);
    expect(s.run).toBeNull();
    expect(onResult).toHaveBeenCalledWith('/files/u/b.png');
  });

  it('upscale ×2 sends scale 2; the step carries the new size', async () => {
    const store = ready('upscale');
    const { calls } = mockFetch({
      'POST /api/generate/upscale': ok(answerOf(toolRecord('r2', { tool: 'upscale', imageUrls: ['/files/u/up.png'], width: 2048, height: 1536 }))),
    });
    await createImageToolsController({ store, io: testIo() }).run({ scale: 2 });
    expect(calls[0]?.body).toMatchObject({ scale: 2, image_url: '/files/u/a.png' });
    expect(store.getState().history?.steps[1]).toMatchObject({ url: '/files/u/up.png', width: 2048, height: 1536, tool: 'upscale' });
  });

  it('a segment box that finds nothing says so, not as an error, and adds no step', async () => {
    const store = ready('segment');
    store.getState().patch({ box: { x: 1, y: 1, width: 10, height: 10 } });
    mockFetch({ 'POST /api/segment/box': ok(answerOf(toolRecord('r3', { tool: 'segment', imageUrls: [] }))) });
    expect(await createImageToolsController({ store, io: testIo() }).run()).toBe(false);
    expect(store.getState().notice).toBe(SEGMENT_EMPTY_TEXT);
    expect(store.getState().error).toBeNull();
    expect(store.getState().history?.steps).toHaveLength(1);
  });

  it('a failed record shows the server’s words', async () => {
    const store = ready('upscale');
    mockFetch({
      'POST /api/generate/upscale': ok(answerOf(toolRecord('r4', null, { status: 'failed', error: 'The image is too small to upscale.' }))),
    });
    await createImageToolsController({ store, io: testIo() }).run({ scale: 4 });
    expect(store.getState().error).toBe('The image is too small to upscale.');
  });

  it('450: the message is shown and the pay modal opens after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const store = ready('upscale');
    mockFetch({ 'POST /api/generate/upscale': fail(450, 'Not enough credits.') });
    expect(await createImageToolsController({ store, io: testIo() }).run({ scale: 2 })).toBe(false);
    expect(store.getState().error).toBe('Not enough credits.');
    expect(store.getState().run).toBeNull();
    expect(useUiStore.getState().payModal).toBe(false);
    vi.advanceTimersByTime(500);
    expect(useUiStore.getState().payModal).toBe(true);
  });

  it('progress follows the record while it runs', async () => {
    const store = ready('upscale');
    let release = (): void => undefined;
    const io = testIo({
      send: async () => answerOf(toolRecord('r5', null)),
      poll: async (id, onUpdate) => {
        onUpdate(toolRecord(id, null, { progress: 60 }));
        await new Promise<void>((r) => (release = r));
        return { kind: 'done', record: toolRecord(id, { tool: 'upscale', imageUrls: ['/files/u/u.png'] }) };
      },
    });
    const running = createImageToolsController({ store, io }).run();
    await vi.waitFor(() => expect(store.getState().run?.progress).toBe(60));
    expect(store.getState().run?.tool).toBe('upscale');
    release();
    await running;
    expect(store.getState().run).toBeNull();
  });
});

describe('the words tools (Restyle, Variation, Create from words, Add text)', () => {
  const opened = (templateId: string | null = null) => {
    const store = createImageToolsStore();
    store.getState().open('/files/u/a.png', 'mk1', templateId);
    return store;
  };

  it('Restyle sends edit/image with the current step and the prompt', () => {
    const s = opened();
    s.getState().chooseTool('edit');
    expect(missingInput(s.getState())).toBe('Say how to change it first.');
    s.getState().patch({ prompt: ' make it blue ' });
    expect(missingInput(s.getState())).toBeNull();
    expect(buildRequest(s.getState(), 'edit')).toEqual({ tool: 'edit', input: { project_id: 'mk1', image_url: '/files/u/a.png', prompt: 'make it blue' } });
  });

  it('Variation sends image2image with the current step as control_image and its size (fitted to 4096 px)', () => {
    const s = opened();
    s.getState().patch({ prompt: 'on a beach' });
    expect(buildRequest(s.getState(), 'image2image')).toEqual({
      tool: 'image2image',
      input: { project_id: 'mk1', prompt: 'on a beach', control_image: '/files/u/a.png' },
    });
    s.getState().setSize('/files/u/a.png', 1200, 1600);
    expect(buildRequest(s.getState(), 'image2image').input).toMatchObject({ width: 1200, height: 1600 });
    s.getState().setSize('/files/u/a.png', 8192, 4096);
    expect(buildRequest(s.getState(), 'image2image').input).toMatchObject({ width: 4096, height: 2048 });
  });

  it('Create from words needs no image: text2image with the prompt, aspect ratio and style', () => {
    const s = createImageToolsStore();
    s.getState().open(null, 'mk1');
    expect(s.getState().tool).toBe('text2image');
    s.getState().chooseTool('erase');
    expect(s.getState().tool).toBe('text2image');
    expect(missingInput(s.getState())).toBe('Describe the image to create first.');
    s.getState().patch({ prompt: 'a marble counter', aspectRatio: '16:9', style: 'luxury' });
    expect(missingInput(s.getState())).toBeNull();
    expect(buildRequest(s.getState(), 'text2image')).toEqual({
      tool: 'text2image',
      input: { project_id: 'mk1', prompt: 'a marble counter', aspect_ratio: '16:9', style: 'luxury' },
    });
  });

  it('Add text with no style sends /api/generate/text with image; on the pack sends composite/text with product', () => {
    const s = opened('tpl-7');
    s.getState().patch({ text: ' Summer ' });
    expect(buildRequest(s.getState(), 'composite_text')).toEqual({ tool: 'text', input: { project_id: 'mk1', text: 'Summer', image: '/files/u/a.png' } });
    s.getState().patch({ onPack: true });
    expect(buildRequest(s.getState(), 'composite_text')).toEqual({ tool: 'composite_text', input: { project_id: 'mk1', text: 'Summer', product: 'tpl-7' } });
    s.getState().patch({ color: '#112233' });
    expect(buildRequest(s.getState(), 'composite_text')).toEqual({
      tool: 'composite_text_v2',
      input: { project_id: 'mk1', text: 'Summer', product: 'tpl-7', style: { color: '#112233' } },
    });
    // Without a template the option does nothing: the text goes on the image.
    const t = opened(null);
    t.getState().patch({ text: 'Summer', onPack: true });
    expect(buildRequest(t.getState(), 'composite_text').tool).toBe('text');
  });
});

describe('running the words tools', () => {
  beforeEach(() => {
    resetClientState();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Restyle calls edit/image and keeps the engine’s note on the new step', async () => {
    const store = createImageToolsStore();
    store.getState().open('/files/u/a.png', 'mk1');
    store.getState().chooseTool('edit');
    store.getState().patch({ prompt: 'make it blue' });
    const { calls } = mockFetch({
      'POST /api/generate/edit/image': ok(
        answerOf(toolRecord('r7', { tool: 'edit', imageUrls: ['/files/u/blue.png'], note: 'Turned the dominant hues to blue' })),
      ),
    });
    expect(await createImageToolsController({ store, io: testIo() }).run()).toBe(true);
    expect(calls[0]?.body).toEqual({ project_id: 'mk1', image_url: '/files/u/a.png', prompt: 'make it blue' });
    expect(store.getState().history?.steps[1]).toMatchObject({ url: '/files/u/blue.png', tool: 'edit', note: 'Turned the dominant hues to blue' });
  });

  it('Create from words in an empty panel without a project: the project is made first, the image becomes step 1', async () => {
    const store = createImageToolsStore();
    store.getState().open(null, null);
    store.getState().patch({ prompt: 'a kitchen counter' });
    const { calls } = mockFetch({
      'POST /api/generate/text2image': ok(answerOf(toolRecord('r8', { tool: 'text2image', imageUrls: ['/files/u/new.png'], source_url: null }))),
    });
    const ensureProject = vi.fn(async () => 'mk9');
    expect(await createImageToolsController({ store, io: testIo(), ensureProject }).run()).toBe(true);
    expect(ensureProject).toHaveBeenCalledOnce();
    expect(calls[0]?.body).toEqual({ project_id: 'mk9', prompt: 'a kitchen counter', aspect_ratio: '1:1', style: 'auto' });
    const h = store.getState().history;
    expect(h?.steps).toHaveLength(1);
    expect(h?.steps[0]).toMatchObject({ url: '/files/u/new.png', tool: 'text2image' });
    expect(stepLabel(h?.steps[0]?.tool ?? null)).toBe('Created');
  });

  it('an empty panel with no project and none made says so', async () => {
    const store = createImageToolsStore();
    store.getState().open(null, null);
    store.getState().patch({ prompt: 'a kitchen counter' });
    expect(await createImageToolsController({ store, io: testIo(), ensureProject: async () => null }).run()).toBe(false);
    expect(store.getState().error).toMatch(/Make a mockup first/);
    expect(store.getState().run).toBeNull();
  });

  it('the keywords are asked of the current step in the project', async () => {
    const store = createImageToolsStore();
    store.getState().open('/files/u/a.png', 'mk1');
    const { calls } = mockFetch({
      'GET /api/vector/search/keyword': ok({ keywords: ['blue'], colors: [{ name: 'blue', hex: '#1d4ed8', share: 0.6 }], brief: null }),
    });
    const ctl = createImageToolsController({ store, io: { ...testIo(), keywords: defaultImageToolsIo.keywords } });
    const data = await ctl.keywords('/files/u/a.png', new AbortController().signal);
    expect(data.keywords).toEqual(['blue']);
    expect(calls[0]?.url).toContain('image_url=%2Ffiles%2Fu%2Fa.png');
    expect(calls[0]?.url).toContain('project_id=mk1');
  });
});

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../../../test-stores';
import type { ImageToolsIo } from '../image-tools-controller';
import { answerOf, testIo, toolRecord } from '../image-tools-test-kit';
import { SEGMENT_EMPTY_TEXT } from '../tools';
import { ImageEditorPanel } from './ImageEditorPanel';

const SRC = '/files/u/mockup-1.png';

function open(io: ImageToolsIo, onResult = vi.fn()) {
  render(<ImageEditorPanel imageUrl={SRC} projectId="mk1" onClose={() => undefined} onResult={onResult} io={io} />);
  const img = screen.getByTestId('editor-image');
  // jsdom loads no images: the natural size is given, as a browser would after loading it.
  Object.defineProperty(img, 'naturalWidth', { value: 800, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: 600, configurable: true });
  fireEvent.load(img);
  return { onResult };
}

const tool = (name: RegExp) => within(screen.getByRole('toolbar', { name: 'Image tools' })).getByRole('button', { name });

beforeEach(() => {
  resetClientState();
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 400,
    height: 300,
    right: 400,
    bottom: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Edit image panel', () => {
  it('shows each tool with its cost, the active one pressed', () => {
    open(testIo());
    expect(screen.getByRole('dialog', { name: 'Edit image' })).toBeTruthy();
    expect(tool(/Erase/).textContent).toContain('1 credit');
    expect(tool(/Select object/).textContent).toContain('free');
    expect(tool(/Upscale/).textContent).toContain('2 credits');
    fireEvent.click(tool(/Erase/));
    expect(tool(/Erase/).getAttribute('aria-pressed')).toBe('true');
    expect(tool(/Fill/).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('mask-canvas').getAttribute('width')).toBe('800');
    expect(screen.getByTestId('mask-canvas').getAttribute('height')).toBe('600');
  });

  it('disables the tools and steps while a tool runs, with a progress bar naming it', async () => {
    let finish: (() => void) | null = null;
    const io = testIo({
      send: async () => answerOf(toolRecord('r1', null, { progress: 30 })),
      poll: async (id) => {
        await new Promise<void>((r) => (finish = r));
        return { kind: 'done', record: toolRecord(id, { tool: 'upscale', imageUrls: ['/files/u/up.png'], width: 1600, height: 1200 }) };
      },
    });
    const { onResult } = open(io);
    fireEvent.click(tool(/Upscale/));
    fireEvent.click(screen.getByTestId('upscale-2'));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByText('Upscaling…')).toBeTruthy();
    expect((tool(/Erase/) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('upscale-4').disabled).toBe(true);
    await act(async () => finish?.());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((tool(/Erase/) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('step-position').textContent).toContain('Step 2 of 2: Upscaled');
    expect(screen.getByTestId('download-step').getAttribute('href')).toBe('/files/u/up.png');
    expect(screen.getByTestId('download-step').hasAttribute('download')).toBe(true);
    expect(onResult).toHaveBeenCalledWith('/files/u/up.png');
    fireEvent.click(screen.getByTestId('step-back'));
    expect(screen.getByTestId('editor-image').getAttribute('src')).toBe(SRC);
    expect(screen.getByTestId('download-step').getAttribute('href')).toBe(SRC);
    fireEvent.click(screen.getByTestId('step-forward'));
    expect(screen.getByTestId('editor-image').getAttribute('src')).toBe('/files/u/up.png');
  });

  it('a box drawn with the pointer (any direction) is sent in image pixels; an empty find is a notice', async () => {
    const send = vi.fn<ImageToolsIo['send']>(async () => answerOf(toolRecord('r2', { tool: 'segment', imageUrls: [] })));
    open(testIo({ send }));
    fireEvent.click(tool(/Select object/));
    const layer = screen.getByTestId('box-selector');
    // Shown at 400×300 for an 800×600 image: screen px ×2; dragged up and to the left.
    fireEvent.pointerDown(layer, { clientX: 300, clientY: 250, pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(layer, { clientX: 200, clientY: 100, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(layer, { clientX: 100, clientY: 50, pointerId: 1, pointerType: 'mouse' });
    expect(screen.getByTestId('box-size').textContent).toContain('400 × 400 px at 200, 100');
    fireEvent.click(screen.getByTestId('run-tool'));
    expect(await screen.findByText(SEGMENT_EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(send.mock.calls[0]?.[0]).toMatchObject({ tool: 'segment', input: { box: { x: 200, y: 100, width: 400, height: 400 } } });
  });

  it('Esc drops the box before it closes the panel; B picks the brush; [ and ] size it', () => {
    const onClose = vi.fn();
    render(<ImageEditorPanel imageUrl={SRC} projectId="mk1" onClose={onClose} io={testIo()} />);
    fireEvent.click(tool(/Select object/));
    act(() => undefined);
    const img = screen.getByTestId('editor-image');
    Object.defineProperty(img, 'naturalWidth', { value: 800 });
    Object.defineProperty(img, 'naturalHeight', { value: 600 });
    fireEvent.load(img);
    const layer = screen.getByTestId('box-selector');
    fireEvent.pointerDown(layer, { clientX: 10, clientY: 10, pointerId: 1, button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(layer, { clientX: 100, clientY: 100, pointerId: 1, pointerType: 'touch' });
    expect(screen.getByTestId('box-outline')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('box-outline')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(tool(/Erase/).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: '[' });
    expect(screen.getByTestId<HTMLInputElement>('brush-size').value).toBe('45');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('a painted stroke can be undone and redone; Erase needs one', () => {
    open(testIo());
    fireEvent.click(tool(/Erase/));
    expect(screen.getByTestId<HTMLButtonElement>('run-tool').disabled).toBe(true);
    const canvas = screen.getByTestId('mask-canvas');
    fireEvent.pointerDown(canvas, { clientX: 100, clientY: 100, pointerId: 3, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(canvas, { clientX: 150, clientY: 120, pointerId: 3, pointerType: 'mouse' });
    fireEvent.pointerUp(canvas, { clientX: 150, clientY: 120, pointerId: 3, pointerType: 'mouse' });
    expect(screen.getByTestId<HTMLButtonElement>('run-tool').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Undo stroke' }));
    expect(screen.getByTestId<HTMLButtonElement>('run-tool').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Redo stroke' }));
    expect(screen.getByTestId<HTMLButtonElement>('run-tool').disabled).toBe(false);
  });

  it('the server’s words when a tool fails', async () => {
    open(testIo({ send: async () => answerOf(toolRecord('r3', null, { status: 'failed', error: 'No background could be told apart.' })) }));
    fireEvent.click(tool(/Remove background/));
    fireEvent.click(screen.getByTestId('run-tool'));
    expect((await screen.findByRole('alert')).textContent).toBe('No background could be told apart.');
  });

  it('no image: an empty state', () => {
    render(<ImageEditorPanel imageUrl={null} projectId="mk1" onClose={() => undefined} io={testIo()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the words tools and the keywords', () => {
  const KW = { keywords: ['blue', 'minimal'], colors: [{ name: 'royal blue', hex: '#1d4ed8', share: 0.62 }], brief: null };

  it('an empty panel: only Create from words is enabled, with an empty state; its image becomes step 1', async () => {
    const send = vi.fn<ImageToolsIo['send']>(async () =>
      answerOf(toolRecord('r9', { tool: 'text2image', imageUrls: ['/files/u/scene.png'], source_url: null, note: 'A marble counter, soft light' })),
    );
    render(<ImageEditorPanel imageUrl={null} blank projectId="mk1" onClose={() => undefined} io={testIo({ send })} />);
    expect(screen.getByTestId('editor-empty').textContent).toContain('Describe a backdrop or a product scene');
    const toolbar = within(screen.getByRole('toolbar', { name: 'Image tools' }));
    const enabled = toolbar.getAllByRole('button').filter((b) => !(b as HTMLButtonElement).disabled);
    expect(enabled.map((b) => b.textContent)).toEqual(['Create from words2 credits']);
    expect(tool(/Create from words/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('keywords')).toBeNull();
    fireEvent.change(screen.getByTestId('create-prompt'), { target: { value: 'a marble counter' } });
    fireEvent.change(screen.getByTestId('create-ratio'), { target: { value: '16:9' } });
    fireEvent.change(screen.getByTestId('create-style'), { target: { value: 'luxury' } });
    fireEvent.click(screen.getByTestId('run-tool'));
    await screen.findByTestId('editor-image');
    expect(send.mock.calls[0]?.[0]).toEqual({
      tool: 'text2image',
      input: { project_id: 'mk1', prompt: 'a marble counter', aspect_ratio: '16:9', style: 'luxury' },
    });
    expect(screen.getByTestId('step-position').textContent).toContain('Step 1 of 1: Created');
    expect(screen.getByTestId('step-note').textContent).toContain('A marble counter, soft light');
    expect((tool(/Erase/) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Restyle: an example chip fills the prompt; the cost is on the button; the engine’s note shows under the step', async () => {
    const send = vi.fn<ImageToolsIo['send']>(async () =>
      answerOf(toolRecord('r10', { tool: 'edit', imageUrls: ['/files/u/blue.png'], note: 'Turned the dominant hues to blue' })),
    );
    open(testIo({ send }));
    expect(tool(/Restyle/).textContent).toContain('2 credits');
    fireEvent.click(tool(/Restyle/));
    fireEvent.click(screen.getByRole('button', { name: 'make it blue' }));
    expect(screen.getByTestId<HTMLInputElement>('restyle-prompt').value).toBe('make it blue');
    expect(screen.getByTestId('run-tool').textContent).toContain('2 credits');
    fireEvent.click(screen.getByTestId('run-tool'));
    expect((await screen.findByTestId('step-note')).textContent).toContain('Turned the dominant hues to blue');
    expect(send.mock.calls[0]?.[0]).toEqual({ tool: 'edit', input: { project_id: 'mk1', image_url: SRC, prompt: 'make it blue' } });
    expect(screen.getByTestId('step-position').textContent).toContain('Step 2 of 2: Restyled');
  });

  it('Variation sends the current step as control_image with its size', async () => {
    const send = vi.fn<ImageToolsIo['send']>(async () => answerOf(toolRecord('r11', { tool: 'image2image', imageUrls: ['/files/u/v.png'] })));
    open(testIo({ send }));
    fireEvent.click(tool(/Variation/));
    fireEvent.change(screen.getByTestId('variation-prompt'), { target: { value: 'on a beach' } });
    fireEvent.click(screen.getByTestId('run-tool'));
    await screen.findByText(/Step 2 of 2: Variation/);
    expect(send.mock.calls[0]?.[0]).toEqual({
      tool: 'image2image',
      input: { project_id: 'mk1', prompt: 'on a beach', control_image: SRC, width: 800, height: 600 },
    });
  });

  it('Add text: "on the pack" is offered only when the template is known, and sends it as product', async () => {
    open(testIo());
    fireEvent.click(tool(/Add text/));
    expect(screen.queryByTestId('text-on-pack')).toBeNull();
    cleanup();
    const send = vi.fn<ImageToolsIo['send']>(async () => answerOf(toolRecord('r12', { tool: 'composite_text', imageUrls: ['/files/u/t.png'] })));
    render(<ImageEditorPanel imageUrl={SRC} projectId="mk1" templateId="tpl-3" onClose={() => undefined} io={testIo({ send })} />);
    fireEvent.click(tool(/Add text/));
    const option = screen.getByRole('checkbox', { name: /On the pack \(follows its shape\)/ });
    expect(option.getAttribute('aria-describedby')).toBe('on-pack-hint');
    expect(screen.getByText(/through its UV map, on the empty template scene/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('text-input'), { target: { value: 'Summer' } });
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('run-tool'));
    await screen.findByText(/Step 2 of 2: Text added/);
    expect(send.mock.calls[0]?.[0]).toEqual({ tool: 'composite_text', input: { project_id: 'mk1', text: 'Summer', product: 'tpl-3' } });
  });

  it('Keywords: a skeleton while loading, then colours and chips; a chip finds templates; Copy copies them all', async () => {
    let answer: (v: typeof KW) => void = () => undefined;
    const keywords = vi.fn<ImageToolsIo['keywords']>(() => new Promise((r) => (answer = r)));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onFind = vi.fn();
    render(<ImageEditorPanel imageUrl={SRC} projectId="mk1" onClose={() => undefined} onFindTemplates={onFind} io={testIo({ keywords })} />);
    expect(screen.getByTestId('keywords-loading')).toBeTruthy();
    expect(keywords).toHaveBeenCalledWith({ project_id: 'mk1', image_url: SRC }, expect.any(AbortSignal));
    await act(async () => answer(KW));
    expect(screen.queryByTestId('keywords-loading')).toBeNull();
    expect(screen.getByTestId('keyword-color').textContent).toContain('royal blue');
    expect(screen.getByTestId('keyword-color').textContent).toContain('62%');
    fireEvent.click(screen.getByRole('button', { name: 'Find templates: minimal' }));
    expect(onFind).toHaveBeenCalledWith('minimal');
    fireEvent.click(screen.getByTestId('keywords-copy'));
    await screen.findByText('Copied');
    expect(writeText).toHaveBeenCalledWith('blue, minimal');
    vi.unstubAllGlobals();
  });

  it('Keywords: empty and error states', async () => {
    open(testIo());
    expect((await screen.findByTestId('keywords-empty')).textContent).toBe('No keywords found');
    cleanup();
    open(testIo({ keywords: async () => Promise.reject(new Error('The image could not be read.')) }));
    expect((await screen.findByTestId('keywords-error')).textContent).toBe('The image could not be read.');
  });
});

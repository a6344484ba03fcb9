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
